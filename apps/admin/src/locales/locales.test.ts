import { adminLanguageCodes } from "@laurel/contracts";
import { describe, expect, it } from "vitest";

const files = import.meta.glob<Record<string, unknown>>("./*/*.json", {
  eager: true,
  import: "default",
});

/** The files of one language folder, by file name. */
function filesOf(code: string): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${code}/`))
      .map(([path, content]) => [path.slice(`./${code}/`.length), content]),
  );
}

function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

function load(code: string): Record<string, unknown> {
  const own = Object.values(filesOf(code));
  if (own.length === 0) throw new Error(`No translations for ${code}`);
  return flatten(Object.assign({}, ...own));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const reference = load("en-US");

describe("admin translations (DESIGN §6: the 8 languages ship complete)", () => {
  it("has exactly one folder per admin language", () => {
    const folders = [...new Set(Object.keys(files).map((path) => path.split("/")[1]))].sort();
    expect(folders).toEqual([...adminLanguageCodes].sort());
  });

  it("splits every language into the same files, whose top-level keys are disjoint", () => {
    const names = Object.keys(filesOf("en-US")).sort();
    for (const code of adminLanguageCodes) expect(Object.keys(filesOf(code)).sort(), code).toEqual(names);
    const owner = new Map<string, string>();
    for (const [name, content] of Object.entries(filesOf("en-US"))) {
      for (const key of Object.keys(content)) {
        expect(owner.get(key), `"${key}" is in both ${owner.get(key)} and ${name}`).toBeUndefined();
        owner.set(key, name);
      }
    }
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
