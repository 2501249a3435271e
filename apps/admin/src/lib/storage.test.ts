import "../test/setup";
import { describe, expect, it } from "vitest";
import { FEATURE_REQUEST_NUDGE_LIMIT, STORAGE_KEYS, storage } from "./storage";

describe("local storage (A-23)", () => {
  it("keeps the language", () => {
    storage.setLanguage("fr");
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe("fr");
    expect(storage.getLanguage()).toBe("fr");
  });

  it("keeps the dev flag", () => {
    expect(storage.isDevMode()).toBe(false);
    storage.setDevMode(true);
    expect(storage.isDevMode()).toBe(true);
    storage.setDevMode(false);
    expect(storage.isDevMode()).toBe(false);
  });

  it("counts the feature-request nudge up to 3, never beyond (X-68)", () => {
    expect(FEATURE_REQUEST_NUDGE_LIMIT).toBe(3);
    expect([1, 2, 3, 4, 5].map(() => storage.incrementFeatureRequestCounter())).toEqual([1, 2, 3, 3, 3]);
    window.localStorage.setItem(STORAGE_KEYS.featureRequestCounter, "garbage");
    expect(storage.getFeatureRequestCounter()).toBe(0);
  });

  it("never throws when storage is unavailable", () => {
    const original = Object.getOwnPropertyDescriptor(window, "localStorage");
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError");
      },
    });
    try {
      expect(storage.getLanguage()).toBeNull();
      expect(() => storage.setLanguage("fr")).not.toThrow();
      expect(storage.incrementFeatureRequestCounter()).toBe(1);
    } finally {
      if (original) Object.defineProperty(window, "localStorage", original);
    }
  });
});
