/**
 * Everything the admin keeps in localStorage, under one prefix. Reads and writes never
 * throw: storage can be disabled (private mode, sandboxed iframe) and the app must still work.
 */
export const STORAGE_KEYS = {
  language: "laurel.language",
  devMode: "laurel.devMode",
  featureRequestCounter: "laurel.featureRequestCounter",
} as const;

/** the feature-request nudge is shown at most this many times. */
export const FEATURE_REQUEST_NUDGE_LIMIT = 3;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value simply is not remembered.
  }
}

export const storage = {
  getLanguage: (): string | null => read(STORAGE_KEYS.language),
  setLanguage: (code: string): void => write(STORAGE_KEYS.language, code),

  /** The internal dev flag only reveals the internal-zone link; the server enforces access. */
  isDevMode: (): boolean => read(STORAGE_KEYS.devMode) === "1",
  setDevMode: (on: boolean): void => write(STORAGE_KEYS.devMode, on ? "1" : "0"),

  getFeatureRequestCounter(): number {
    const n = Number.parseInt(read(STORAGE_KEYS.featureRequestCounter) ?? "0", 10);
    return Number.isFinite(n) && n > 0 ? Math.min(n, FEATURE_REQUEST_NUDGE_LIMIT) : 0;
  },
  /** Adds one, never beyond the limit; returns the new value. */
  incrementFeatureRequestCounter(): number {
    const next = Math.min(storage.getFeatureRequestCounter() + 1, FEATURE_REQUEST_NUDGE_LIMIT);
    write(STORAGE_KEYS.featureRequestCounter, String(next));
    return next;
  },
};
