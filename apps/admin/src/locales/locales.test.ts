import { adminLanguageCodes } from "@laurel/contracts";
import { describe, expect, it } from "vitest";

const files = import.meta.glob<Record<string, unknown>>("./*/translation.json", {
  eager: true,
  import: "default",
});

function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

function load(code: string): Record<string, unknown> {
  const file = files[`./${code}/translation.json`];
  if (!file) throw new Error(`No translations for ${code}`);
  return flatten(file);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const reference = load("en-US");

describe("admin translations (DESIGN §6: the 8 languages ship complete)", () => {
  it("has exactly one folder per admin language", () => {
    const folders = Object.keys(files)
      .map((path) => path.split("/")[1])
      .sort();
    expect(folders).toEqual([...adminLanguageCodes].sort());
  });

  describe.each(adminLanguageCodes.filter((c) => c !== "en-US"))("%s", (code) => {
    const strings = load(code);

    it("has exactly the keys of en-US", () => {
      expect(Object.keys(strings).sort()).toEqual(Object.keys(reference).sort());
    });

    it("has no empty or non-string values", () => {
      for (const [key, value] of Object.entries(strings)) {
        expect(typeof value, key).toBe("string");
        expect((value as string).trim(), key).not.toBe("");
      }
    });

    it("keeps every {{placeholder}} of en-US", () => {
      for (const [key, value] of Object.entries(reference)) {
        expect(placeholders(String(strings[key])), key).toEqual(placeholders(String(value)));
      }
    });

    it(code === "en-GB" ? "uses British spelling" : "is a real translation, not an English copy", () => {
      if (code === "en-GB") {
        const american = Object.entries(strings).filter(([, value]) => /customiz/i.test(String(value)));
        expect(american).toEqual([]);
        return;
      }
      const same = Object.keys(reference).filter((key) => strings[key] === reference[key]);
      // Brand words, plan tiers and a few international words ("Pro", "Dashboard", "E-mail") may stay.
      expect(same.length, same.join(", ")).toBeLessThan(Object.keys(reference).length * 0.1);
    });
  });

  it("en-US itself has no empty values", () => {
    for (const [key, value] of Object.entries(reference)) expect(String(value).trim(), key).not.toBe("");
  });
});
