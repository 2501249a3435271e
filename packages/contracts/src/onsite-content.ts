import { z } from "zod";
import { text } from "./bounds";
import { hiddenPathSchema, iconUrlSchema } from "./onsite";

/**
 * The on-site content a merchant edits besides the widget design (issue 12): the loyalty page's
 * FAQs (N-10, `/storefront/faqs`) and the storefront popups (N-08, N-09, G-23, L-13), stored under
 * the shop's `settings.onsite` and read by `GET /proxy/onsite` and the loyalty page.
 */

export const FAQS_MAX = 20;
export const POPUP_FREQUENCY_MAX = 10;
export const POPUP_SECONDS_MAX = 120;
const POPUP_HIDDEN_PATHS_MAX = 50;

export const faqSchema = z.strictObject({
  question: text("Question", 200).trim().min(1, "Question is required."),
  answer: text("Answer", 2000).trim().min(1, "Answer is required."),
});
export type Faq = z.infer<typeof faqSchema>;

/** `PUT /apiSa/storefront/faqs`: the whole list, in the order the loyalty page shows it. */
export const faqsBody = z.strictObject({
  faqs: z.array(faqSchema).max(FAQS_MAX, `At most ${FAQS_MAX} FAQs.`),
});

/** The answer of `GET|PUT /apiSa/storefront/faqs`; `defaults` when the shop has not written its own. */
export const faqsResponse = z.object({
  faqs: z.array(faqSchema),
  isDefault: z.boolean(),
});
export type FaqsResponse = z.infer<typeof faqsResponse>;

/**
 * The storefront popups: `sign_up` (N-09, N-21: guests, once a day), `visit_website` (G-23: the
 * visit-website program's invitation) and `reward_reminder` (L-13: a member whose balance covers
 * a reward).
 */
export const popupKinds = ["sign_up", "visit_website", "reward_reminder"] as const;
export type PopupKind = (typeof popupKinds)[number];
export const popupKindParams = z.strictObject({
  kind: z.enum(popupKinds, { error: "kind must be sign_up, visit_website or reward_reminder." }),
});

/** A popup's button link: a path on the store or an https URL (never `javascript:`). */
const popupLink = text("Button link", 500).regex(
  /^(\/(?!\/)\S*|https:\/\/[^\s/]+(\/\S*)?)$/i,
  "Button link must be a path on the store (such as /account/register) or an https URL.",
);

const seconds = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number of seconds.` })
    .int(`${label} must be a whole number of seconds.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(POPUP_SECONDS_MAX, `${label} must be at most ${POPUP_SECONDS_MAX} seconds.`);

/** N-08: title, description, button text, icon, button link, delay, frequency, auto-close. */
export const popupSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  title: text("Title", 80).trim().min(1, "Title is required."),
  description: text("Description", 300),
  buttonText: text("Button text", 40).trim().min(1, "Button text is required."),
  /** null: the popup's own action (sign-up page, the rewards panel). */
  buttonLink: popupLink.nullable(),
  iconUrl: iconUrlSchema.nullable(),
  delaySeconds: seconds("Delay time", 0),
  /** Times a day at most (N-08: at most 10); the sign-up popup shows once a day whatever it says (N-09). */
  frequency: z
    .number({ error: "Display frequency must be a number." })
    .int("Display frequency must be a whole number.")
    .min(1, "Display frequency must be at least 1.")
    .max(POPUP_FREQUENCY_MAX, `Display frequency must be at most ${POPUP_FREQUENCY_MAX}.`),
  /** 0: stays until the shopper closes it. */
  autoCloseSeconds: seconds("Auto-close", 0),
  /** N-09: hide-popup pathnames, one per line in the admin. */
  hiddenPaths: z
    .array(hiddenPathSchema)
    .max(POPUP_HIDDEN_PATHS_MAX, `At most ${POPUP_HIDDEN_PATHS_MAX} hidden paths.`),
});
export type Popup = z.infer<typeof popupSchema>;

export const popupResponse = z.object({ kind: z.enum(popupKinds), popup: popupSchema });
export type PopupResponse = z.infer<typeof popupResponse>;

/**
 * N-12: the checkout discount block, the member's redeemed reward codes where they pay, with a
 * title and a description. A-20: the shop's custom feature `checkout_discount` or a Plus store.
 */
export const checkoutDiscountSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  title: text("Title", 80).trim().min(1, "Title is required."),
  description: text("Description", 300),
});
export type CheckoutDiscount = z.infer<typeof checkoutDiscountSchema>;

export const checkoutDiscountResponse = z.object({
  block: checkoutDiscountSchema,
  /** A-20 / N-12: whether the shop may show it (custom feature or Plus). */
  allowed: z.boolean(),
});
export type CheckoutDiscountResponse = z.infer<typeof checkoutDiscountResponse>;

/**
 * N-02, N-21: the sign-up block — the line on the store's register page (and wherever the theme
 * puts the app block) offering the sign-up points to guests. `{{points}}` is the sign-up program's
 * points in the shop's point label.
 */
export const signupBlockSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  text: text("Text", 200).trim().min(1, "Text is required."),
});
export type SignupBlock = z.infer<typeof signupBlockSchema>;
export const signupBlockResponse = z.object({ block: signupBlockSchema });
export type SignupBlockResponse = z.infer<typeof signupBlockResponse>;

/**
 * N-02: the customer login block — on the store's sign-in page, what a guest gets for signing in
 * or joining: a title and a description (`{{points}}` as in the sign-up block).
 */
export const customerLoginSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  title: text("Title", 80).trim().min(1, "Title is required."),
  description: text("Description", 300).trim(),
});
export type CustomerLogin = z.infer<typeof customerLoginSchema>;
export const customerLoginResponse = z.object({ block: customerLoginSchema });
export type CustomerLoginResponse = z.infer<typeof customerLoginResponse>;

/**
 * `GET /proxy/onsite`: the enabled popups as the storefront shows them (hidden paths normalised as
 * the loader's), the same for every shopper of the shop (cacheable); who sees which is the
 * storefront script's choice (guest, member, balance).
 */
export const proxyOnsiteResponse = z.object({
  /** The widget's colours (preset or the shop's own on Essential), so popups match the launcher. */
  colors: z.object({
    primary: z.string(),
    primaryText: z.string(),
    background: z.string(),
    text: z.string(),
  }),
  /** N-12: the checkout discount block's texts when it is on (and allowed), else null. */
  checkout: z.object({ title: z.string(), description: z.string() }).nullable(),
  /**
   * N-21: the sign-up block when it is on (null hides it), with the merchant's text, or null text
   * until they save one (the theme block's own `data-template` then).
   */
  signupBlock: z.object({ text: z.string().nullable() }).nullable(),
  /** N-02: the customer login block's texts when it is on; null hides the block. */
  customerLogin: z.object({ title: z.string(), description: z.string() }).nullable(),
  /** N-05 instant popup: open the widget's panel on the first page of a visit, per device. */
  instantPopup: z.object({ desktop: z.boolean(), mobile: z.boolean() }).optional(),
  popups: z.array(
    z.object({
      kind: z.enum(popupKinds),
      title: z.string(),
      description: z.string(),
      buttonText: z.string(),
      buttonLink: z.string().nullable(),
      iconUrl: z.string().nullable(),
      delaySeconds: z.number().int(),
      frequency: z.number().int(),
      autoCloseSeconds: z.number().int(),
      hiddenPaths: z.array(z.string()),
    }),
  ),
});
export type ProxyOnsiteResponse = z.infer<typeof proxyOnsiteResponse>;
