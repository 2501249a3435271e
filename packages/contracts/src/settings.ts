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

export const loyaltySettingsSchema = z.object({
  orderEarningTrigger: z.enum(orderEarningTriggers),
  pendingPoints: pendingPointsSettingsSchema,
  pointExpiry: pointExpirySettingsSchema,
  sandbox: sandboxSettingsSchema,
  exchangeRate: exchangeRateSchema,
  couponRevoke: couponRevokeSettingsSchema,
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
