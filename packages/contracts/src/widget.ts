import { z } from "zod";
import { errorMessages } from "./envelope";

/**
 * The storefront widget's settings (N-03 … N-06, H-18, M-19): what `GET /proxy/widget` answers on
 * every storefront page view, and what a shop may override under `settings.widget`.
 * Merchant text is plain text (the widget renders it as text, never as HTML); colours are hex.
 */

/** N-06: the launcher sits bottom left or bottom right. */
export const widgetPositions = ["bottom_right", "bottom_left"] as const;
/** N-06: icon only, label only, icon and label. */
export const launcherStyles = ["icon_label", "icon", "label"] as const;
/** N-06: Widget (a floating card by the launcher, the default) or Drawer (a modal side sheet). */
export const widgetDisplayTypes = ["widget", "drawer"] as const;
/** N-06: the panel's height on a phone, in % of the screen, or full screen. */
export const widgetMobileHeights = ["70", "80", "90", "full"] as const;
/** The page types a theme reports in `data-laurel-page`, for the "hide on pages" restriction (N-04). */
export const widgetPages = ["home", "product", "collection", "cart", "account", "other"] as const;
/** H-18: the point label goes before or after the number ("100 points", "points 100"). */
export const pointLabelPositions = ["after", "before"] as const;

/** N-07 preset ids and N-04 block ids (their meaning: `onsite.ts`). */
export const widgetPresetIds = [
  "midnight_black",
  "peachy_pink",
  "natural_organic",
  "retro_vintage",
  "passionate_red",
  "cafe_noir",
  "lime_navy",
  "pacific_blue",
  "fitness",
] as const;
export const widgetBlockIds = ["welcome", "earn", "redeem"] as const;

export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A BCP 47-ish language tag as Shopify's `request.locale.iso_code` gives it: en, pt-BR, zh-Hant-TW. */
export const WIDGET_LOCALE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8}){0,3}$/i;

export const hexColourSchema = z.string().trim().regex(HEX_COLOUR, "Colours must be hex, e.g. #1f6feb");

export const widgetColorsSchema = z.object({
  /** Launcher and buttons. */
  primary: hexColourSchema,
  /** Text on the primary colour. */
  primaryText: hexColourSchema,
  /** Panel background. */
  background: hexColourSchema,
  /** Panel text. */
  text: hexColourSchema,
  /** Points, highlights, progress. */
  accent: hexColourSchema,
});
export type WidgetColors = z.infer<typeof widgetColorsSchema>;

export const pointLabelSchema = z.object({
  singular: z.string().trim().min(1).max(40),
  plural: z.string().trim().min(1).max(40),
  position: z.enum(pointLabelPositions),
});
export type PointLabel = z.infer<typeof pointLabelSchema>;

// ---------------------------------------------------------------------------------------------
// Storefront texts (M-14 widget translation tabs). English is the default of every key; a shop's
// translation for a language falls back to English key by key.

const m = errorMessages;

export const widgetTranslationDefaults = {
  // Launcher and panel frame (welcome box: general).
  "launcher.label": "Rewards",
  "panel.title": "Rewards",
  "panel.close": "Close",
  "panel.back": "Back",
  "panel.loading": "Loading…",
  "panel.error": "We couldn't load your rewards. Please try again.",
  "panel.retry": "Try again",
  "panel.poweredBy": "Powered by Laurel",
  // Welcome box: before login.
  "guest.title": "Join our rewards program",
  "guest.body": "Earn {{loyalty_point}} on every order and spend them on rewards.",
  "guest.createAccount": "Create account",
  "guest.haveAccount": "Already have an account?",
  "guest.signIn": "Sign in",
  // Signed in, not yet a member.
  "join.title": "Become a member",
  "join.body": "Join the rewards program to start earning {{loyalty_point}}.",
  "join.button": "Join now",
  "join.done": "Welcome! You're now a member.",
  "left.body": m.customer_left,
  // Welcome box: after sign in.
  "member.welcome": "Welcome back",
  "member.balance": "Your balance",
  "member.pending": "{{points}} pending",
  // A balance below zero (points taken back after they were spent): shown as 0, with what is owed.
  "member.owed": "{{points}} owed: new {{loyalty_point}} pay this back first",
  "member.coupons": "My coupons",
  "member.history": "Points history",
  "member.referral": "Refer a friend",
  "referral.copy": "Copy link",
  "referral.copied": "Link copied",
  "referral.share": "Share",
  "referral.share.email": "E-mail",
  "referral.share.facebook": "Facebook",
  "referral.share.x": "X",
  "referral.share.whatsapp": "WhatsApp",
  "referral.stats": "Your code {{code}}: {{completed}} completed, {{pending}} pending",
  "referral.unavailable": "Referral is not available for your account",
  "referral.claimed": "Welcome! Your friend's reward is ready {{code}}",
  "referral.invite": "Invite a friend by e-mail",
  "referral.inviteEmail": "Your friend's e-mail",
  "referral.inviteSend": "Send invitation",
  "referral.invited": "Invitation sent to {{email}}",
  // VIP tier.
  "tier.current": "VIP tier: {{tier}}",
  "tier.next": "{{points}} to {{next_rank}}",
  // Earning block.
  "earn.title": "Ways to earn",
  "earn.perAmount": "{{points}} for every {{amount}} spent",
  "earn.perItem": "{{points}} for every item",
  "earn.perItems": "{{points}} for every {{count}} items",
  "earn.completed": "Completed",
  // Redeeming block and customer account: redeem.
  "redeem.title": "Ways to redeem",
  "redeem.button": "Redeem",
  "redeem.range": "{{min}} to {{max}}",
  "redeem.from": "From {{min}}",
  "redeem.amount": "{{loyalty_point}} to spend",
  "redeem.hint": "From {{min}} to {{max}}, in steps of {{step}}",
  "redeem.confirm": "Redeem {{points}}",
  "redeem.cancel": "Cancel",
  "redeem.success": "Your reward is ready",
  "redeem.code": "Your discount code",
  "redeem.copy": "Copy code",
  "redeem.copied": "Code copied",
  "redeem.copyFailed": "Select the code and copy it",
  "redeem.apply": "Apply to cart",
  "reward.amount": "{{value}} off",
  "reward.percentage": "{{value}}% off",
  "reward.free_shipping": "Free shipping",
  // Reward list (my coupons).
  "coupons.title": "My coupons",
  "coupons.available": "Available",
  "coupons.unavailable": "Unavailable",
  "coupons.empty": "No coupons here yet",
  "coupons.expires": "Expires {{date}}",
  "coupons.status.redeemed": "Used",
  "coupons.status.expired": "Expired",
  "coupons.status.revoked": "Revoked",
  "coupons.revoke": "Revoke",
  "coupons.revokeConfirm":
    "Revoke this coupon? Its {{loyalty_point}} come back to you. This can't be undone.",
  "coupons.revokeYes": "Yes, revoke",
  "coupons.revokeNo": "Keep it",
  "coupons.revoked": "Coupon revoked. Your {{loyalty_point}} are back.",
  // Point history.
  "history.title": "Points history",
  "history.empty": "No activity yet",
  "history.more": "Load more",
  "history.pending": "pending",
  "activity.earn": "Points earned",
  "activity.redeem": "Points spent",
  "activity.adjust": "Points adjusted",
  "activity.remove": "Points removed",
  "activity.other": "Points updated",
  "activity.earn_sign_up": "Joined the program",
  "activity.earn_newsletter": "Signed up for the newsletter",
  "activity.earn_place_order": "Placed an order",
  "activity.earn_review": "Wrote a review",
  "activity.earn_birthday": "Birthday reward",
  "activity.earn_referral": "Referred a friend",
  "activity.redeem_referral_coupon_referred": "Used your friend's referral reward",
  "activity.redeem_referral_coupon_referrer": "Used your referral reward",
  "activity.earn_tier_bonus": "VIP tier bonus",
  "activity.earn_milestone": "Milestone reached",
  "activity.earn_social_follow": "Followed us",
  "activity.earn_social_share": "Shared on social media",
  "activity.earn_visit_website": "Visited the store",
  "activity.earn_streak_visit": "Visit streak",
  "activity.earn_google_maps_review": "Reviewed us on Google Maps",
  "activity.redeem_point": "Redeemed a reward",
  "activity.refund_coupon": "Coupon revoked: points refunded",
  "activity.redeem_void": "Redemption cancelled",
  "activity.remove_cancel_order": "Order cancelled",
  "activity.remove_refund": "Order refunded",
  "activity.remove_partial_refund": "Order partly refunded",
  "activity.expire_point": "Points expired",
  "activity.earn_pending_point": "Points pending",
  "activity.convert_pending_point": "Pending points confirmed",
  "activity.deduct_pending_point": "Pending points removed",
  "activity.redeem_on_pos": "Redeemed in store",
  // Storefront messages (N-19, D-21, H-13, E-08; 002 §8), keyed by the API's error code where it
  // has one. The server's message wins when it fills placeholders ({{limit}} …).
  "message.generic": "Something went wrong. Please try again.",
  "message.internal_error": m.internal_error,
  "message.rate_limited": m.rate_limited,
  "message.proxy_expired": m.proxy_expired,
  "message.customer_not_logged_in": m.customer_not_logged_in,
  "message.customer_left": m.customer_left,
  "message.customer_not_member": m.customer_not_member,
  "message.reward_program_blank": m.reward_program_blank,
  "message.redeem_amount_invalid": m.redeem_amount_invalid,
  "message.redeem_amount_below_minimum": m.redeem_amount_below_minimum,
  "message.redeem_amount_above_maximum": m.redeem_amount_above_maximum,
  "message.redeem_amount_not_multiple": m.redeem_amount_not_multiple,
  "message.insufficient_points": m.insufficient_points,
  "message.customer_redemption_limit": m.customer_redemption_limit,
  "message.program_redemption_limit": m.program_redemption_limit,
  "message.program_inactive": m.program_inactive,
  "message.program_scheduled": m.program_scheduled,
  "message.program_expired": m.program_expired,
  "message.sandbox_not_test_customer": m.sandbox_not_test_customer,
  "message.revoke_limit": m.revoke_limit,
  "message.revoke_time_limit": m.revoke_time_limit,
  "message.revoke_disabled": m.revoke_disabled,
  "message.coupon_used": m.coupon_used,
  "message.coupon_expired": m.coupon_expired,
  "message.coupon_revoked": m.coupon_revoked,
  "message.coupon_not_found": m.coupon_not_found,
  "message.sold_out": "This reward is sold out",
  "message.out_of_stock": "This product is out of stock",
  "message.birthday_invalid": "Birthday is invalid",
  "message.google_maps_link": "You must enter a link from Google Maps",
  "message.streak_restart": "Not enough days to restart streak",
  "message.referral_limit": "You have reached the referral limit",
  "message.email_invalid": "Email is invalid",
  "message.email_referred": "This email has already been referred",
  // Issue 15, part 1: birthday, anniversary, visit, streak and social.
  "earn.birthday": "Your birthday",
  "earn.save": "Save",
  "earn.birthdaySaved": "Birthday saved",
  "earn.claim": "Claim",
  "earn.nextOn": "Next on {{date}}",
  "earn.streakDay": "Day {{day}} of {{length}}",
  "earn.go": "Go",
  "earn.earned": "You earned {{points}}",
  "earn.visitPopup": "You earned {{points}} for visiting today",
  "activity.earn_member_anniversary": "Member anniversary",
  "activity.earn_join_chat_group": "Joined a chat group",
  // Issue 15 part 2: reviews, Google Maps reviews, surveys, custom programs, milestones.
  "earnmore.open": "More ways to earn",
  "earnmore.title": "More ways to earn",
  "earnmore.none": "No other ways to earn right now",
  "earnmore.pending": "Pending approval",
  "earnmore.done": "Completed",
  "earnmore.signIn": "Sign in to earn",
  "earnmore.write_review": "Write a review",
  "earnmore.fill_survey": "Take the survey",
  "earnmore.custom_program": "Go",
  "earnmore.google_open": "Review us on Google Maps",
  "earnmore.google_label": "Your Google Maps review link",
  "earnmore.google_submit": "Submit link",
  "earnmore.google_sent": "Thanks! {{points}} now, the rest once your review is approved",
  "earnmore.milestone": "Milestones: {{values}}",
  "message.google_review_submitted": "You have already submitted this link",
  "message.google_review_unavailable": "Google Maps review is not available",
  "message.earn_limit_reached": "You have reached the earning limit for this program",
  // Issue 10: the member exclusive deal and tier reward coupons (decisions 0135, 0136).
  "vip.off": "{{value}} off",
  "vip.freeShipping": "Free shipping",
  "vip.minimum": "on orders of {{amount}} or more",
  "vip.until": "until {{date}}",
  "vip.yourCode": "Your code: {{code}}",
  "vip.apply": "Use it",
  "vip.coupons": "Your VIP coupons",
  "vip.couponEntry": "{{tier}} tier-up coupon",
  "vip.couponPre": "Almost {{tier}} coupon",
  "activity.tier_up_coupon": "VIP tier-up coupon",
  "message.exclusive_deal_unavailable": m.exclusive_deal_unavailable,
  // N-20: the loyalty page's point calculator (translation type `point-calculator`, M-13); its
  // title and description are the merchant's, set on `/storefront/point-calculator`.
  "calculator.amount": "Order amount ({{currency}})",
  "calculator.button": "Calculate",
  "calculator.result": "An order of {{amount}} earns {{points}}.",
  // N-10: the loyalty page's own words (translation type `loyalty-page`, M-13); its hero, FAQs and
  // section order are the merchant's, set on `/storefront/loyalty-page` and `/storefront/faqs`.
  "page.earnTitle": "Ways to earn",
  "page.redeemTitle": "Ways to redeem",
  "page.vipTitle": "VIP benefits",
  "page.referralTitle": "Refer a friend",
  "page.referralBody": "Share your link from the rewards panel: your friend gets a reward, and so do you.",
  "page.referralButton": "Get my link",
  "page.faqsTitle": "FAQs",
  "page.balance": "You have {{points}}.",
  "page.tier": "VIP tier: {{tier}}",
  "page.join": "Join now",
  "page.signIn": "Sign in",
  "page.seeRewards": "See my rewards",
  "page.perAmount": "{{points}} for every {{amount}} spent",
  "page.completed": "Completed",
  "page.vipStart": "Where every member starts",
  "page.vipSpend": "Spend {{amount}}",
  "page.vipOrders": "Orders placed: {{count}}",
  "page.vipEarn": "Earn {{points}}",
  // Decision 0177: a signed-in company member's B2B partner tier card on the loyalty page.
  "page.partnerTitle": "Your partner tier",
  "page.partnerTier": "Partner tier: {{tier}}",
  "page.partnerPrivileges": "Partner privileges",
  "page.partnerNext": "{{remaining}} to go to reach {{tier}}",
  "page.partnerTop": "Your business is in our highest partner tier.",
} as const;

export type WidgetTranslationKey = keyof typeof widgetTranslationDefaults;
export const widgetTranslationKeys = Object.keys(widgetTranslationDefaults) as WidgetTranslationKey[];

/** Hard limits on merchant input (a settings row is read on every storefront page view). */
export const WIDGET_TEXT_MAX = 500;
export const WIDGET_CSS_MAX = 10_000;
export const WIDGET_LANGUAGES_MAX = 40;

// ---------------------------------------------------------------------------------------------
// What a shop stores under `settings.widget`: every field optional, each validated on its own, so
// one bad value falls back to its default instead of hiding the widget.

export const widgetSettingsOverrides = z.object({
  enabled: z.boolean().optional(),
  launcher: z
    .object({
      position: z.enum(widgetPositions).optional(),
      style: z.enum(launcherStyles).optional(),
      /** The launcher's text in every language that has no translation of `launcher.label`. */
      label: z.string().max(60).optional(),
    })
    .optional(),
  display: z.enum(widgetDisplayTypes).optional(),
  mobileHeight: z.enum(widgetMobileHeights).optional(),
  colors: widgetColorsSchema.partial().optional(),
  hiddenPages: z.array(z.enum(widgetPages)).max(widgetPages.length).optional(),
  /** N-04 "show only after login". */
  hideForGuests: z.boolean().optional(),
  pointLabel: pointLabelSchema.partial().optional(),
  /** N-05 advanced CSS, scoped to the widget's shadow root. */
  customCss: z.string().max(WIDGET_CSS_MAX).nullable().optional(),
  /** Per language (`en`, `fr`, `pt-BR`), per key. Unknown keys are ignored. */
  // The designer's fields (issue 12, contracts `onsite.ts`): each read on its own as well.
  preset: z.enum(widgetPresetIds).optional(),
  hiddenPaths: z
    .array(
      z
        .string()
        .max(255)
        .regex(/^\/\S*$/),
    )
    .max(50)
    .optional(),
  blocks: z
    .object({
      guest: z.array(z.object({ id: z.enum(widgetBlockIds), visible: z.boolean() })).max(10),
      member: z.array(z.object({ id: z.enum(widgetBlockIds), visible: z.boolean() })).max(10),
    })
    .partial()
    .optional(),
  card: z
    .object({ showTier: z.boolean(), showPending: z.boolean(), filled: z.boolean() })
    .partial()
    .optional(),
  iconTheme: z.enum(["vivid", "elegant"]).optional(),
  programSort: z.enum(["completed_first", "incomplete_first"]).optional(),
  showPoweredBy: z.boolean().optional(),
  translations: z
    .record(z.string().regex(WIDGET_LOCALE), z.record(z.string(), z.string().max(WIDGET_TEXT_MAX)))
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// `GET /proxy/widget`

export const widgetSettingsQuery = z.object({
  locale: z
    .string()
    .max(35)
    .regex(WIDGET_LOCALE, "locale must be a language tag such as en or pt-BR")
    .optional(),
});

export const widgetSettingsResponse = z.object({
  enabled: z.boolean(),
  launcher: z.object({
    position: z.enum(widgetPositions),
    /** `hidden` (N-05 hide the widget button): no launcher; links to `#laurel-rewards` open the panel. */
    style: z.enum([...launcherStyles, "hidden"]),
    label: z.string(),
  }),
  display: z.enum(widgetDisplayTypes),
  mobileHeight: z.enum(widgetMobileHeights),
  colors: widgetColorsSchema,
  hiddenPages: z.array(z.enum(widgetPages)),
  hideForGuests: z.boolean(),
  pointLabel: pointLabelSchema,
  /** H-12: whether shoppers may revoke their unused coupons (the limits are checked on revoke). */
  couponRevoke: z.object({ enabled: z.boolean() }),
  /** The shop's currency, for "10 points for every $1.00 spent". */
  currency: z.string(),
  /** Sanitised; null when none (or the plan does not include advanced CSS). */
  customCss: z.string().nullable(),
  // The designer's fields (issue 12). Optional in the type so cached settings of an older widget
  // still read; the server always sends them.
  /** N-09: paths where the widget is hidden, each ending in `/` (a page and everything under it). */
  hiddenPaths: z.array(z.string()).optional(),
  /** The launcher's icon as an image URL: a built-in one is a data: URL of an SVG (N-14). */
  launcherIcon: z.string().optional(),
  /** N-04: the home view's blocks in order, only the visible ones. */
  blocks: z
    .object({ guest: z.array(z.enum(widgetBlockIds)), member: z.array(z.enum(widgetBlockIds)) })
    .optional(),
  card: z.object({ showTier: z.boolean(), showPending: z.boolean(), filled: z.boolean() }).optional(),
  iconTheme: z.enum(["vivid", "elegant"]).optional(),
  programSort: z.enum(["completed_first", "incomplete_first"]).optional(),
  showPoweredBy: z.boolean().optional(),
  /** The language the texts are in (the requested one, or the closest the shop has). */
  locale: z.string(),
  /** Every key of `widgetTranslationDefaults`, in `locale`, English where the shop has no text. */
  translations: z.record(z.string(), z.string()),
  /** Issue 15: a visit or streak program runs, so the panel reports a signed-in shopper's visit. */
  earnOnVisit: z.boolean().optional(),
  // M-02 (decision 0166): the shop's general settings the storefront needs. Null = the theme's own.
  /** The widget's "Sign in" link, before the theme's `data-laurel-login-url`. */
  loginUrl: z.string().nullable().optional(),
  /** The widget's "Create account" link, before the theme's `data-laurel-register-url`. */
  registerUrl: z.string().nullable().optional(),
  /** A CSS selector of the theme's cart drawer, for the on-site blocks. */
  cartDrawerSelector: z.string().nullable().optional(),
  /** How the shop writes dates (K-11). */
  dateFormat: z.string().optional(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsResponse>;

export const defaultWidgetColors: WidgetColors = {
  primary: "#1f4b3f",
  primaryText: "#ffffff",
  background: "#ffffff",
  text: "#1c1c1c",
  accent: "#b7791f",
};

export const defaultPointLabel: PointLabel = { singular: "point", plural: "points", position: "after" };
