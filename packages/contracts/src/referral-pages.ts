import { z } from "zod";
import { TEXT_LIMITS, text } from "./bounds";
import { referralStatusValues } from "./referrals";
import { HEX_COLOUR } from "./widget";

/**
 * Referrals, the rest (issue 18): the referral pages' design (E-13, decision 0125) and the
 * referral export e-mailed as a signed link (E-12, decision 0126).
 */

/** E-13: the share buttons the invite card may show. */
export const referralShareChannels = ["copy", "email", "facebook", "x", "whatsapp"] as const;
/**
 * E-13: `/storefront/branding/referral` designs the centred popup ("modal"); `/referral-v1` the
 * classic one, a card in the corner ("corner"). The shop shows one of them.
 */
export const referralPopupLayouts = ["modal", "corner"] as const;
export const REFERRAL_POPUP_DELAY_MAX = 60;

const colour = (label: string) =>
  z
    .string({ error: `${label} must be a hex colour, e.g. #1f6feb.` })
    .max(7, `${label} must be a hex colour, e.g. #1f6feb.`)
    .trim()
    .regex(HEX_COLOUR, `${label} must be a hex colour, e.g. #1f6feb.`);

const required = (label: string, max: number) =>
  text(label, max, `${label} is required.`).trim().min(1, `${label} is required.`);

/** An image shown in the popup: an https:// (or http://) address of a .png, .jpg, .gif, .svg or .webp file. */
const imageUrl = text("Image URL", 2_048).refine(
  (s) => /^https?:\/\/[^\s/]+\/\S*\.(?:png|jpe?g|gif|svg|webp)(?:[?#]\S*)?$/i.test(s),
  "Image URL must be an http(s) address of a .png, .jpg, .gif, .svg or .webp image.",
);

export const referralBrandingSchema = z.strictObject({
  /** `/storefront/branding/customer-invite`: the referrer's "Refer a friend" card in the widget. */
  invite: z.strictObject({
    heading: required("Invite heading", 120),
    body: text("Invite text", 500),
    shareChannels: z
      .array(
        z.enum(referralShareChannels, {
          error: "Share buttons must be copy, email, facebook, x or whatsapp.",
        }),
      )
      .max(referralShareChannels.length, "Each share button at most once.")
      .refine((list) => new Set(list).size === list.length, "Each share button at most once."),
    showStats: z.boolean({ error: "Show stats must be true or false." }),
  }),
  /** `/storefront/branding/referral` and `/referral-v1`: what a friend who opened a link sees. */
  popup: z.strictObject({
    enabled: z.boolean({ error: "Enabled must be true or false." }),
    layout: z.enum(referralPopupLayouts, { error: "Layout must be modal or corner." }),
    title: required("Popup title", 120),
    description: text("Popup description", 500),
    buttonText: required("Button text", 60),
    claimedText: required("Reward text", 200),
    imageUrl: z.union([imageUrl, z.null()]),
    delaySeconds: z
      .number({ error: "Delay must be a whole number of seconds." })
      .int("Delay must be a whole number of seconds.")
      .min(0, "Delay must be 0 seconds or more.")
      .max(REFERRAL_POPUP_DELAY_MAX, `Delay must be ${REFERRAL_POPUP_DELAY_MAX} seconds or less.`),
    colors: z.strictObject({
      background: colour("Background colour"),
      text: colour("Text colour"),
      button: colour("Button colour"),
      buttonText: colour("Button text colour"),
    }),
  }),
});
export type ReferralBranding = z.infer<typeof referralBrandingSchema>;

/** What the referral designer loads: the design and what its preview fills the placeholders with. */
export const referralBrandingResponse = z.object({
  branding: referralBrandingSchema,
  sample: z.object({ reward: z.string(), referrer: z.string(), shop: z.string() }),
  /** Whether the referral program is on (the popup shows only then). */
  programEnabled: z.boolean(),
});
export type ReferralBrandingResponse = z.infer<typeof referralBrandingResponse>;

/** `GET /proxy/referral/popup?code=`: the popup for a friend who opened a link, placeholders filled. */
export const proxyReferralPopupQuery = z.object({
  code: z
    .string({ error: "code is required." })
    .max(24, "code must be 4 to 24 capital letters or digits.")
    .regex(/^[A-Z0-9]{4,24}$/, "code must be 4 to 24 capital letters or digits."),
});

export const proxyReferralPopup = z.object({
  /** False when the program or the popup is off: the widget shows nothing. */
  show: z.boolean(),
  layout: z.enum(referralPopupLayouts),
  title: z.string(),
  description: z.string(),
  buttonText: z.string(),
  /** Shown after the claim, `{{code}}` is the friend's discount code (or the points). */
  claimedText: z.string(),
  imageUrl: z.string().nullable(),
  delaySeconds: z.number().int(),
  colors: z.object({ background: z.string(), text: z.string(), button: z.string(), buttonText: z.string() }),
});
export type ProxyReferralPopup = z.infer<typeof proxyReferralPopup>;

// ------------------------------------------------------------------------------------------------
// E-12: the export by e-mail

export const referralExportBody = z.strictObject({
  status: z.enum(referralStatusValues, { error: "status must be pending, completed or canceled" }).optional(),
  referrerId: text("referrerId", TEXT_LIMITS.id).optional(),
});
export type ReferralExportBody = z.infer<typeof referralExportBody>;

export const referralExportResult = z.object({
  exportId: z.string(),
  /** Where the link is e-mailed: the shop's e-mail address. */
  recipient: z.string(),
  count: z.number().int().min(0),
});
export type ReferralExportResult = z.infer<typeof referralExportResult>;

/** The e-mailed link: `GET /exports/referrals/:shopId/:id?s=<signature>`. */
export const referralExportDownloadQuery = z.object({
  s: z
    .string({ error: "s (the link's signature) is required." })
    .max(100, "s (the link's signature) is not valid.")
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "s (the link's signature) is not valid."),
});
/** How long an e-mailed export can be downloaded. */
export const REFERRAL_EXPORT_DAYS = 7;
