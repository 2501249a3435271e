import { vi } from "vitest";

/**
 * A stand-in for the `shopify` global Shopify gives a UI extension, following the documented API
 * (sessionToken, localization, i18n, discountCodes, instructions, applyDiscountCodeChange), with
 * translations read from the extension's own `locales/en.default.json`.
 */
type Messages = Record<string, string | Record<string, string>>;

export function translator(messages: Messages) {
  return (key: string, options: Record<string, string | number> = {}) => {
    const entry = messages[key];
    if (entry === undefined) throw new Error(`missing translation: ${key}`);
    const text = typeof entry === "string" ? entry : (entry[options.count === 1 ? "one" : "other"] ?? "");
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? `{{${name}}}`));
  };
}

export function fakeShopify<Extra extends object = object>(messages: Messages, extra = {} as Extra) {
  const base = {
    sessionToken: { get: vi.fn(async () => "session-token") },
    localization: { language: { value: { isoCode: "en" } } },
    i18n: {
      translate: translator(messages),
      formatNumber: (n: number) => n.toLocaleString("en-US"),
      formatCurrency: (n: number) => `$${n.toFixed(2)}`,
    },
  };
  return { ...base, ...extra };
}

/** `fetch` answering Laurel's envelope with `data`, recording each call. */
export function fakeFetch(answer: { status: number; body: unknown }) {
  return vi.fn(async (_url: string, _init?: RequestInit) => ({
    ok: answer.status < 400,
    status: answer.status,
    json: async () => answer.body,
  }));
}

/** Lets the mount's fetch and effects settle. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
