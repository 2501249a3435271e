import {
  type CheckoutDiscount,
  type CheckoutDiscountResponse,
  type CustomerLogin,
  type CustomerLoginResponse,
  checkoutDiscountSchema,
  customerLoginSchema,
  type Faq,
  type FaqsResponse,
  faqSchema,
  type Popup,
  type PopupKind,
  type PopupResponse,
  type ProxyOnsiteResponse,
  popupKinds,
  popupSchema,
  type SignupBlock,
  type SignupBlockResponse,
  signupBlockSchema,
} from "@laurel/contracts";
import type { ShopRow, ShopSettingsJson } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { type Actor, auditWrite } from "../audit/audit.service";
import { getShopOrThrow, lockShopSettings, mergeShopSettings } from "../shops/shops.service";
import { defaultFaqsFor } from "./shipped-texts";
import { designOf, isRecord, normaliseHiddenPath } from "./widget-design-read";
import { resolveWidgetSettings } from "./widget-settings";

/**
 * The loyalty page's FAQs (N-10) and the storefront popups (N-08, N-09, G-23, L-13), stored under
 * `settings.onsite` and read value by value: a bad stored entry falls back alone (decision 0145).
 */

/** Each kind's popup until the merchant saves one: off, in the spec's spirit, ready to switch on. */
export const DEFAULT_POPUPS: Record<PopupKind, Popup> = {
  sign_up: {
    enabled: false,
    title: "Join our rewards program",
    description: "Create an account to earn points on every order and spend them on rewards.",
    buttonText: "Join now",
    buttonLink: null,
    iconUrl: null,
    delaySeconds: 5,
    frequency: 1,
    autoCloseSeconds: 0,
    hiddenPaths: ["/account", "/checkout"],
  },
  visit_website: {
    enabled: false,
    title: "Thanks for visiting!",
    description: "Sign in and visit us to earn points. Open the rewards panel to see how.",
    buttonText: "See my rewards",
    buttonLink: null,
    iconUrl: null,
    delaySeconds: 3,
    frequency: 1,
    autoCloseSeconds: 10,
    hiddenPaths: [],
  },
  reward_reminder: {
    enabled: false,
    title: "You have points to spend",
    description: "You have {{points}}: enough for a reward. Redeem it before checkout.",
    buttonText: "Redeem now",
    buttonLink: null,
    iconUrl: null,
    delaySeconds: 3,
    frequency: 1,
    autoCloseSeconds: 0,
    hiddenPaths: ["/checkout"],
  },
};

const DEFAULT_CHECKOUT_DISCOUNT: CheckoutDiscount = {
  enabled: false,
  title: "Your rewards",
  description: "Apply a reward you redeemed with your points to this order.",
};

/** the custom feature that unlocks the checkout discount page; N-12: or a Plus store. */
export const CHECKOUT_DISCOUNT_FEATURE = "checkout_discount";
function checkoutDiscountAllowed(shop: Pick<ShopRow, "custom_features" | "platform_info">): boolean {
  return (
    (Array.isArray(shop.custom_features) && shop.custom_features.includes(CHECKOUT_DISCOUNT_FEATURE)) ||
    /plus/i.test(shop.platform_info.planName ?? "")
  );
}

export const onsiteOf = (settings: ShopSettingsJson) => (isRecord(settings.onsite) ? settings.onsite : {});

/**
 * The stored FAQs, each checked; none stored is the defaults, in the shop's primary language when
 * Laurel ships them in it (decision 0179), else English.
 */
export function faqsOf(settings: ShopSettingsJson): FaqsResponse {
  const stored = onsiteOf(settings).faqs;
  if (!Array.isArray(stored)) {
    return { faqs: defaultFaqsFor(settings.translation?.primaryLanguage ?? "en"), isDefault: true };
  }
  const faqs = stored.flatMap((f) => {
    const r = faqSchema.safeParse(f);
    return r.success ? [r.data] : [];
  });
  return { faqs, isDefault: false };
}

/** A stored popup over its kind's defaults, each field on its own. */
export function popupOf(settings: ShopSettingsJson, kind: PopupKind): Popup {
  const popups = onsiteOf(settings).popups;
  const stored = isRecord(popups) && isRecord(popups[kind]) ? popups[kind] : {};
  const d = DEFAULT_POPUPS[kind];
  const shape = popupSchema.shape;
  const out = { ...d } as Record<string, unknown>;
  for (const key of Object.keys(shape) as (keyof Popup)[]) {
    const r = shape[key].safeParse(stored[key]);
    if (r.success) out[key] = r.data;
  }
  return out as Popup;
}

export async function getFaqs(deps: Deps, shopId: string): Promise<FaqsResponse> {
  return faqsOf((await getShopOrThrow(deps, shopId)).settings);
}

export async function saveOnsite(
  deps: Deps,
  shopId: string,
  actor: Actor,
  action: string,
  change: (onsite: Record<string, unknown>) => Record<string, unknown>,
): Promise<ShopSettingsJson> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockShopSettings(trx, shopId);
    const onsite = change({ ...onsiteOf(before) });
    await mergeShopSettings(trx, shopId, { onsite } as Partial<ShopSettingsJson>);
    await auditWrite(trx, shopId, actor, action, {});
    return { ...before, onsite } as ShopSettingsJson;
  });
}

export async function saveFaqs(deps: Deps, shopId: string, actor: Actor, faqs: Faq[]): Promise<FaqsResponse> {
  const after = await saveOnsite(deps, shopId, actor, "settings.onsite.faqs", (o) => ({ ...o, faqs }));
  return faqsOf(after);
}

export async function getPopup(deps: Deps, shopId: string, kind: PopupKind): Promise<PopupResponse> {
  return { kind, popup: popupOf((await getShopOrThrow(deps, shopId)).settings, kind) };
}

export async function savePopup(
  deps: Deps,
  shopId: string,
  actor: Actor,
  kind: PopupKind,
  popup: Popup,
): Promise<PopupResponse> {
  const hiddenPaths = [...new Set(popup.hiddenPaths.map((p) => p.trim()).filter((p) => p !== ""))];
  const clean = { ...popup, hiddenPaths };
  const after = await saveOnsite(deps, shopId, actor, `settings.onsite.popups.${kind}`, (o) => ({
    ...o,
    popups: { ...(isRecord(o.popups) ? o.popups : {}), [kind]: clean },
  }));
  return { kind, popup: popupOf(after, kind) };
}

function checkoutDiscountOf(settings: ShopSettingsJson): CheckoutDiscount {
  const stored = onsiteOf(settings).checkoutDiscount;
  const o = isRecord(stored) ? stored : {};
  const shape = checkoutDiscountSchema.shape;
  const pick = <K extends keyof CheckoutDiscount>(key: K): CheckoutDiscount[K] => {
    const r = shape[key].safeParse(o[key]);
    return (r.success ? r.data : DEFAULT_CHECKOUT_DISCOUNT[key]) as CheckoutDiscount[K];
  };
  return { enabled: pick("enabled"), title: pick("title"), description: pick("description") };
}

export async function getCheckoutDiscount(deps: Deps, shopId: string): Promise<CheckoutDiscountResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  return { block: checkoutDiscountOf(shop.settings), allowed: checkoutDiscountAllowed(shop) };
}

/** Turning the block on needs the feature (400 naming `enabled`); its texts may be kept ready. */
export async function saveCheckoutDiscount(
  deps: Deps,
  shopId: string,
  actor: Actor,
  block: CheckoutDiscount,
): Promise<CheckoutDiscountResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  const allowed = checkoutDiscountAllowed(shop);
  if (block.enabled && !allowed) {
    const message = "The checkout discount block needs a Shopify Plus store or its custom feature.";
    throw new AppError("validation_failed", 400, message, [{ field: "enabled", message }]);
  }
  const after = await saveOnsite(deps, shopId, actor, "settings.onsite.checkoutDiscount", (o) => ({
    ...o,
    checkoutDiscount: block,
  }));
  return { block: checkoutDiscountOf(after), allowed };
}

/** What the store shows until the merchant saves its own: on, in the words the blocks shipped with. */
export const DEFAULT_SIGNUP_BLOCK: SignupBlock = {
  enabled: true,
  text: "Join our rewards program and get {{points}} when you create your account.",
};
export const DEFAULT_CUSTOMER_LOGIN: CustomerLogin = {
  enabled: true,
  title: "Sign in to see your rewards",
  description: "Members earn points on every order and spend them on rewards. Joining gives you {{points}}.",
};

/** A stored object over its defaults, field by field (a bad stored value falls back alone). */
function fieldsOf<T extends Record<string, unknown>>(
  stored: unknown,
  shape: Record<keyof T, { safeParse(v: unknown): { success: boolean; data?: unknown } }>,
  defaults: T,
): T {
  const o = isRecord(stored) ? stored : {};
  const out: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const r = shape[key as keyof T].safeParse(o[key]);
    if (r.success) out[key] = r.data;
  }
  return out as T;
}

export const signupBlockOf = (settings: ShopSettingsJson): SignupBlock =>
  fieldsOf(onsiteOf(settings).signupBlock, signupBlockSchema.shape, DEFAULT_SIGNUP_BLOCK);
export const customerLoginOf = (settings: ShopSettingsJson): CustomerLogin =>
  fieldsOf(onsiteOf(settings).customerLogin, customerLoginSchema.shape, DEFAULT_CUSTOMER_LOGIN);

export async function getSignupBlock(deps: Deps, shopId: string): Promise<SignupBlockResponse> {
  return { block: signupBlockOf((await getShopOrThrow(deps, shopId)).settings) };
}

export async function saveSignupBlock(
  deps: Deps,
  shopId: string,
  actor: Actor,
  block: SignupBlock,
): Promise<SignupBlockResponse> {
  const after = await saveOnsite(deps, shopId, actor, "settings.onsite.signupBlock", (o) => ({
    ...o,
    signupBlock: block,
  }));
  return { block: signupBlockOf(after) };
}

export async function getCustomerLogin(deps: Deps, shopId: string): Promise<CustomerLoginResponse> {
  return { block: customerLoginOf((await getShopOrThrow(deps, shopId)).settings) };
}

export async function saveCustomerLogin(
  deps: Deps,
  shopId: string,
  actor: Actor,
  block: CustomerLogin,
): Promise<CustomerLoginResponse> {
  const after = await saveOnsite(deps, shopId, actor, "settings.onsite.customerLogin", (o) => ({
    ...o,
    customerLogin: block,
  }));
  return { block: customerLoginOf(after) };
}

/**
 * `GET /proxy/onsite`: the enabled popups, resolved for the storefront: the sign-up popup at most
 * once a day (N-09), hidden paths in the loader's form. The same for every shopper.
 */
export async function getStorefrontOnsite(deps: Deps, shopId: string): Promise<ProxyOnsiteResponse> {
  const context = await deps.shopContexts.byId(shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  const settings = context.shop.settings;
  const popups = popupKinds
    .map((kind) => ({ kind, popup: popupOf(settings, kind) }))
    .filter(({ popup }) => popup.enabled)
    .map(({ kind, popup }) => ({
      kind,
      title: popup.title,
      description: popup.description,
      buttonText: popup.buttonText,
      buttonLink: popup.buttonLink,
      iconUrl: popup.iconUrl,
      delaySeconds: popup.delaySeconds,
      frequency: kind === "sign_up" ? 1 : popup.frequency,
      autoCloseSeconds: popup.autoCloseSeconds,
      hiddenPaths: popup.hiddenPaths.map(normaliseHiddenPath),
    }));
  const { primary, primaryText, background, text } = resolveWidgetSettings(context.shop).colors;
  const block = checkoutDiscountOf(settings);
  const checkout =
    block.enabled && checkoutDiscountAllowed(context.shop)
      ? { title: block.title, description: block.description }
      : null;
  const signup = signupBlockOf(settings);
  const login = customerLoginOf(settings);
  const { instantPopup } = designOf(settings);
  return {
    colors: { primary, primaryText, background, text },
    instantPopup,
    checkout,
    signupBlock: signup.enabled
      ? { text: onsiteOf(settings).signupBlock === undefined ? null : signup.text }
      : null,
    customerLogin: login.enabled ? { title: login.title, description: login.description } : null,
    popups,
  };
}
