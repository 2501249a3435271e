import { z } from "zod";
import { MAX_MONEY_MINOR, text } from "./bounds";

/**
 * The loyalty page's settings (N-10) and the point calculator's (N-20, M-22), stored under the
 * shop's `settings.onsite.loyaltyPage` / `settings.onsite.pointCalculator` and read value by value
 * (decision 0168): a bad stored value falls back alone. The page is served through the app proxy
 * at `/apps/laurel/pages/<slug>`.
 */

export const DEFAULT_LOYALTY_PAGE_SLUG = "joy-loyalty-page";

/** The page's sections, in the order a new shop shows them. */
export const loyaltyPageSections = [
  "hero",
  "ways_to_earn",
  "ways_to_redeem",
  "vip_benefits",
  "referral",
  "faqs",
  "calculator",
] as const;
export type LoyaltyPageSection = (typeof loyaltyPageSections)[number];

const SLUG_MESSAGE = "Page URL must be 3 to 80 characters: lowercase letters, digits and hyphens.";
/** The page's handle on the store: lowercase letters, digits and hyphens, 3–80 characters. */
export const loyaltyPageSlugSchema = z
  .string({ error: SLUG_MESSAGE })
  .max(80, SLUG_MESSAGE)
  .regex(/^[a-z0-9-]{3,80}$/, SLUG_MESSAGE)
  .refine((s) => !s.startsWith("-") && !s.endsWith("-") && !s.includes("--"), {
    message: "Page URL must not start or end with a hyphen, nor have two in a row.",
  });

export const loyaltyPageSchema = z.strictObject({
  slug: loyaltyPageSlugSchema,
  hero: z.strictObject({
    title: text("Title", 80).trim().min(1, "Title is required."),
    subtitle: text("Subtitle", 300).trim(),
    /** null or empty: the page's own button ("Join now", "See my rewards"). */
    buttonText: text("Button text", 40).trim().nullable(),
  }),
  /** Every section once, in the order the page shows them; `visible: false` hides one. */
  sections: z
    .array(
      z.strictObject({
        section: z.enum(loyaltyPageSections, {
          error: `section must be one of ${loyaltyPageSections.join(", ")}.`,
        }),
        visible: z.boolean({ error: "visible must be true or false." }),
      }),
      { error: "Sections must be a list." },
    )
    .refine(
      (list) =>
        list.length === loyaltyPageSections.length &&
        loyaltyPageSections.every((s) => list.some((e) => e.section === s)),
      { message: `Sections must list each of ${loyaltyPageSections.join(", ")} once.` },
    ),
});
export type LoyaltyPage = z.infer<typeof loyaltyPageSchema>;

export const loyaltyPageResponse = z.object({
  page: loyaltyPageSchema,
  /** Where shoppers open it: the store's address (Shopify) or the demo store's path. */
  url: z.string(),
});
export type LoyaltyPageResponse = z.infer<typeof loyaltyPageResponse>;

export const POINT_CALCULATOR_PROGRAMS_MAX = 50;

export const pointCalculatorSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  title: text("Title", 80).trim().min(1, "Title is required."),
  description: text("Description", 300).trim(),
  /** The amount the calculator starts from, in minor units (0: empty until the shopper types). */
  defaultAmount: z
    .number({ error: "Default amount must be an amount of money in minor units." })
    .int("Default amount must be a whole number of minor units.")
    .min(0, "Default amount must be 0 or more.")
    .max(Math.min(MAX_MONEY_MINOR, 100_000_000), "Default amount must be at most 1,000,000.00."),
  /** The order programs it counts; null: every active one (new programs included). */
  programIds: z
    .array(z.string().min(1).max(100), { error: "Programs must be a list of program ids." })
    .max(POINT_CALCULATOR_PROGRAMS_MAX, `At most ${POINT_CALCULATOR_PROGRAMS_MAX} programs.`)
    .nullable(),
});
export type PointCalculator = z.infer<typeof pointCalculatorSchema>;

/** An order program the calculator may count, with what the live preview needs to compute. */
export const calculatorProgramSchema = z.object({
  programId: z.string(),
  title: z.string(),
  active: z.boolean(),
  earnBy: z.enum(["price", "fixed_order", "item", "order"]),
  earnPoint: z.number().int(),
  rateMoney: z.number().int().nullable(),
  rateItem: z.number().int(),
  rounding: z.enum(["roundingNearest", "roundingUp", "roundingDown"]),
  keepOriginalStep: z.boolean(),
});
export type CalculatorProgramView = z.infer<typeof calculatorProgramSchema>;

export const pointCalculatorResponse = z.object({
  calculator: pointCalculatorSchema,
  /** The shop's order programs (place order), for the choice and the preview. */
  programs: z.array(calculatorProgramSchema),
  currency: z.string(),
  pointLabel: z.object({ singular: z.string(), plural: z.string() }),
});
export type PointCalculatorResponse = z.infer<typeof pointCalculatorResponse>;
