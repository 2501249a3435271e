import { z } from "zod";
import { MAX_COUNT } from "./bounds";
import { durationUnits, holdingUnits, limitUnits } from "./vocabulary";

/**
 * The shop's loyalty settings (`GET|PUT /apiSa/lp/settings`): how orders earn (decision 0012),
 * pending points (H-09, H-10), point expiry (H-07, H-08), sandbox (J-18, X-71), the exchange rate
 * (H-16) and coupon revokes (H-12). The engine's own rules (plan gates, which expiry codes apply to
 * points) are checked by the server after these shapes.
 */
export const orderEarningTriggers = ["created", "paid", "fulfilled"] as const;

const wholeNumber = (label: string) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .max(MAX_COUNT, `${label} must be at most ${MAX_COUNT.toLocaleString("en-US")}.`);

/** H-09: pending points are held for a number of days or months before they become available. */
const pendingPointsSettingsSchema = z
  .strictObject({
    enabled: z.boolean(),
    value: wholeNumber("Pending period").min(1, "Pending period must be at least 1."),
    unit: z.enum(holdingUnits, { error: "Pending period unit must be day or month." }),
  })
  .superRefine((p, ctx) => {
    const max = p.unit === "day" ? 365 : 12;
    if (p.value > max) {
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: `Pending period must be at most ${max} ${p.unit}s.`,
      });
    }
  });

/** H-07, X-31: `permanent`, `custom` (with `customDuration`) or a code such as `3M`. */
const expiryCode = /^(permanent|specific|custom|[1-9]\d{0,3}[DWMY])$/;
const durationCode = /^[1-9]\d{0,3}[DWMY]$/;
const pointExpirySettingsSchema = z.strictObject({
  expiry: z
    .string({ error: "Point expiry is required." })
    .max(20, "Point expiry must be permanent, custom or a number followed by D, W, M or Y.")
    .regex(expiryCode, "Point expiry must be permanent, custom or a number followed by D, W, M or Y."),
  customDuration: z
    .string()
    .max(10, "Custom expiry must be a number followed by D, W, M or Y, such as 45D.")
    .regex(durationCode, "Custom expiry must be a number followed by D, W, M or Y, such as 45D.")
    .nullable()
    .default(null),
});

/** J-18: test e-mails, one per entry (the admin splits lines and commas). */
const sandboxSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  testEmails: z
    .array(
      z.string().max(254, "Email is invalid").trim().toLowerCase().email({ message: "Email is invalid" }),
    )
    .max(100, "At most 100 test e-mails."),
});

/** H-16: points per one unit of the shop's currency (the engine also limits its size and decimals). */
const exchangeRateSchema = z
  .number({ error: "Exchange rate must be a number above 0" })
  .positive("Exchange rate must be a number above 0")
  .max(1_000_000_000, "Exchange rate is too large");

/** H-12: coupon revoke settings. `maxRevokes` null = no count limit; `timeLimit` null = any time. */
const couponRevokeSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  maxRevokes: wholeNumber("Max revokes").min(1, "Max revokes must be greater than 0").nullable(),
  timeframe: z.strictObject({
    unit: z.enum(limitUnits),
    duration: wholeNumber("Timeframe duration").min(1, "Timeframe duration must be greater than 0"),
  }),
  timeLimit: z
    .strictObject({
      value: wholeNumber("Revoke time limit").min(1, "Revoke time limit must be greater than 0"),
      unit: z.enum(durationUnits),
    })
    .nullable(),
});

// ---------------------------------------------------------------------------------------------
// General (M-02) and Colours (M-04): decision 0166.

/** K-11's date displays (`month_day` is the month's name and the day, in the reader's language). */
export const dateFormats = ["month_day", "MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const;

export const TIME_ZONE_MAX = 64;
export const REDIRECT_URL_MAX = 500;
export const CART_DRAWER_SELECTOR_MAX = 200;

/** An IANA zone name (`Europe/Paris`, `UTC`) the runtime knows; offsets such as `+02:00` are not zones. */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * A path on the store (`/account/login`, never `//host`) or an https URL; the server also checks
 * that an https URL is on the shop's own domain.
 */
export function isRedirectUrlShape(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  if (/^\/(?!\/)/.test(value)) return true;
  // A host name (letters, digits, dots, hyphens; no user info), an optional port, then a path.
  return /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(
    value,
  );
}

/**
 * The shape of a CSS selector, checked without a DOM: the characters selectors use, balanced
 * brackets and parentheses, and nothing that could end a rule or a style element (`{`, `}`, `;`, `<`).
 */
export function isCssSelectorShape(value: string): boolean {
  if (!/^[A-Za-z0-9\s#.\-_[\]="':>~+*(),^$|@!]+$/.test(value) || !/[A-Za-z*#.[]/.test(value)) return false;
  let brackets = 0;
  let parens = 0;
  for (const c of value) {
    if (c === "[") brackets++;
    else if (c === "]") brackets--;
    else if (c === "(") parens++;
    else if (c === ")") parens--;
    if (brackets < 0 || parens < 0) return false;
  }
  return brackets === 0 && parens === 0;
}

const redirectUrl = (label: string) => {
  const message = `${label} must be a path on your store, such as /account/login, or an https URL on your store's domain.`;
  return z
    .string({ error: message })
    .trim()
    .max(REDIRECT_URL_MAX, `${label} must be at most ${REDIRECT_URL_MAX} characters.`)
    .refine(isRedirectUrlShape, message)
    .nullable();
};

export const PLATFORM_TAG_MAX = 40;
export const PLATFORM_TAGS_MAX = 10;

/** Shopify's tags: up to 40 characters each, commas separate them. */
const platformTags = (label: string) => {
  const message = `Each ${label} must be 1 to ${PLATFORM_TAG_MAX} characters, without commas.`;
  return z
    .array(
      z
        .string({ error: message })
        .trim()
        .min(1, message)
        .max(PLATFORM_TAG_MAX, message)
        .refine((v) => !v.includes(","), message),
      { error: `${label[0]?.toUpperCase()}${label.slice(1)}s must be a list of tags.` },
    )
    .max(PLATFORM_TAGS_MAX, `At most ${PLATFORM_TAGS_MAX} ${label}s.`)
    .transform((tags) => [...new Set(tags)])
    .default([]);
};

/**
 * M-02. Null time zone = the store's own (the platform's); null URLs = the theme's account links.
 * Order and customer tags (decision 0176): added on the platform to each order that earns points
 * and to its customer; empty lists add none.
 */
const generalSettingsSchema = z.strictObject({
  timeZone: z
    .string({ error: "Time zone must be an IANA time zone, such as America/New_York." })
    .max(TIME_ZONE_MAX, "Time zone must be an IANA time zone, such as America/New_York.")
    .refine(isIanaTimeZone, "Time zone must be an IANA time zone, such as America/New_York.")
    .nullable(),
  dateFormat: z.enum(dateFormats, {
    error: "Date format must be month_day, MM/DD/YYYY, DD/MM/YYYY or YYYY-MM-DD.",
  }),
  loginRedirectUrl: redirectUrl("Login redirect URL"),
  signUpRedirectUrl: redirectUrl("Sign-up redirect URL"),
  cartDrawerSelector: z
    .string({ error: "Cart drawer selector must be a CSS selector, such as #cart-drawer." })
    .trim()
    .max(
      CART_DRAWER_SELECTOR_MAX,
      `Cart drawer selector must be at most ${CART_DRAWER_SELECTOR_MAX} characters.`,
    )
    .refine(isCssSelectorShape, "Cart drawer selector must be a CSS selector, such as #cart-drawer.")
    .nullable(),
  orderTags: platformTags("order tag"),
  customerTags: platformTags("customer tag"),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

const hexColour = (label: string) =>
  z
    .string({ error: `${label} must be a hex colour, such as #1f6feb.` })
    .trim()
    .max(7, `${label} must be a hex colour, such as #1f6feb.`)
    .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, `${label} must be a hex colour, such as #1f6feb.`)
    .transform((v) => v.toLowerCase());

/** M-04: the shop's brand colours, used by its e-mails and its loyalty page (decision 0166). */
const brandColorsSchema = z.strictObject({
  /** E-mail header and the loyalty page's banner. */
  primary: hexColour("Primary colour"),
  /** Text on the primary colour. */
  secondary: hexColour("Secondary colour"),
  /** E-mail buttons, links and highlights on the loyalty page. */
  accent: hexColour("Accent colour"),
  /** The loyalty page's buttons. */
  loyaltyPageButton: hexColour("Loyalty page button colour"),
});
export type BrandColors = z.infer<typeof brandColorsSchema>;

/** What a shop shows before it chooses: the e-mails' and loyalty page's shipped colours. */
export const defaultBrandColors: BrandColors = {
  primary: "#1f2937",
  secondary: "#ffffff",
  accent: "#1f6feb",
  loyaltyPageButton: "#1f4b3f",
};

export const defaultGeneralSettings: GeneralSettings = {
  timeZone: null,
  dateFormat: "month_day",
  loginRedirectUrl: null,
  signUpRedirectUrl: null,
  cartDrawerSelector: null,
  orderTags: [],
  customerTags: [],
};

export const loyaltySettingsSchema = z.object({
  orderEarningTrigger: z.enum(orderEarningTriggers),
  pendingPoints: pendingPointsSettingsSchema,
  pointExpiry: pointExpirySettingsSchema,
  sandbox: sandboxSettingsSchema,
  exchangeRate: exchangeRateSchema,
  couponRevoke: couponRevokeSettingsSchema,
  general: generalSettingsSchema,
  /** The store platform's own time zone: what a null `general.timeZone` means. */
  platformTimeZone: z.string(),
  colors: brandColorsSchema,
  /** M-04, R-04: colours are Essential; `primaryAllowed` also with the shop's free-primary flag. */
  colorsAccess: z.object({ allowed: z.boolean(), primaryAllowed: z.boolean(), requiredPlan: z.string() }),
  /** H-08, R-04: point expiration is Essential; below it only "never" can be saved. */
  pointExpiryAccess: z.object({ allowed: z.boolean(), requiredPlan: z.string() }),
});
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

/**
 * `PUT /apiSa/lp/settings`: the sections to change, each whole; the others stay as they are.
 * H-10: turning pending points off converts every pending point now and cannot be undone, so that
 * change also needs `confirmPendingPointsConversion: true` (the admin's confirmation dialog).
 */
export const putLoyaltySettingsBody = z
  .strictObject({
    orderEarningTrigger: z.enum(orderEarningTriggers, {
      error: "Order earning trigger must be created, paid or fulfilled.",
    }),
    pendingPoints: pendingPointsSettingsSchema,
    pointExpiry: pointExpirySettingsSchema,
    sandbox: sandboxSettingsSchema,
    exchangeRate: exchangeRateSchema,
    couponRevoke: couponRevokeSettingsSchema,
    general: generalSettingsSchema,
    colors: brandColorsSchema,
    confirmPendingPointsConversion: z.literal(true),
  })
  .partial()
  .refine((b) => Object.keys(b).some((k) => k !== "confirmPendingPointsConversion"), {
    message: "Nothing to update.",
  });
export type PutLoyaltySettingsBody = z.infer<typeof putLoyaltySettingsBody>;

export const putLoyaltySettingsResponse = z.object({
  settings: loyaltySettingsSchema,
  /** H-10: set when this change turned pending points off. */
  pendingPointsConversion: z
    .object({
      /** Orders whose pending points became available during the request. */
      convertedOrders: z.number().int(),
      /** More are being converted by a job. */
      continuing: z.boolean(),
    })
    .nullable(),
});
export type PutLoyaltySettingsResponse = z.infer<typeof putLoyaltySettingsResponse>;

/** C-23, D-11: the purchase types a reward or program can target. */
export const subscriptionPurchaseTypes = [
  "one_time_purchase",
  "subscription_purchase",
  "both_purchase",
] as const;

/**
 * M-07, C-23 (decision 0170): the Subscription section. What the engine supports here and now:
 * whether the store sells subscriptions (a subscription app, asked of the platform), which purchase
 * types programs can target, and the programs that use a subscription condition.
 */
export const subscriptionSettingsSchema = z.object({
  subscriptionApp: z.object({ detected: z.boolean() }),
  purchaseTypes: z.array(z.object({ type: z.enum(subscriptionPurchaseTypes), available: z.boolean() })),
  /** `place_order_subscription` earning (points for subscription orders). */
  subscriptionOrderEarning: z.object({ available: z.boolean() }),
  programs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: z.enum(["earning", "spending"]),
      event: z.string(),
      status: z.string(),
      /** The reward's purchase type; null for a subscription order program (it has none). */
      purchaseType: z.enum(subscriptionPurchaseTypes).nullable(),
    }),
  ),
});
export type SubscriptionSettings = z.infer<typeof subscriptionSettingsSchema>;

/**
 * M-02 "Tag past orders" (decision 0176): the General settings' tags added to the orders that
 * earned before the tags were set, and to their customers, as a job with progress.
 */
export const pastOrderTaggingStatuses = ["queued", "running", "done", "failed"] as const;
export const pastOrderTaggingSchema = z.object({
  id: z.string(),
  status: z.enum(pastOrderTaggingStatuses),
  /** The tags as they were when the run started. */
  orderTags: z.array(z.string()),
  customerTags: z.array(z.string()),
  /** Orders that earned points; those handed to the tagging job so far. */
  totalRows: z.number().int(),
  doneRows: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PastOrderTagging = z.infer<typeof pastOrderTaggingSchema>;

/** `POST /apiSa/lp/settings/tag-past-orders`: nothing to choose (the saved tags, every earning order). */
export const startPastOrderTaggingBody = z.strictObject({});

export const settingsTaggingRoutes = {
  "GET /apiSa/lp/settings/tag-past-orders": {
    summary: "Tag past orders (M-02): the latest run, or null before the first",
    guard: "admin",
    response: pastOrderTaggingSchema.nullable(),
  },
  "POST /apiSa/lp/settings/tag-past-orders": {
    summary:
      "Tag past orders (M-02): add the saved order and customer tags to every order that earned points, as a job; a run under way is answered as it is",
    guard: "admin",
    body: startPastOrderTaggingBody,
    response: pastOrderTaggingSchema,
  },
} as const;
