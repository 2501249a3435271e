import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { AppError } from "../infra/errors";
import { ensureUserAccount } from "../modules/auth/auth.service";
import { ensureCustomer, findCustomerByPlatformId } from "../modules/customers/customers.service";
import { createDefaultPrograms } from "../modules/programs/programs.service";
import {
  createShopIfAbsent,
  findShopByDomain,
  mergeShopSettings,
  shopRowFromPlatform,
} from "../modules/shops/shops.service";
import { joinAsShopper } from "../modules/storefront/storefront.service";

export { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS };
export const DEMO_MERCHANT = { email: "demo@laurel.test", password: "laurel-demo" };
export const DEMO_STAFF = { email: "staff@laurel.test", password: "laurel-staff" };

export const DEMO_GENERAL_AND_COLOURS = {
  general: {
    timeZone: null,
    dateFormat: "month_day",
    loginRedirectUrl: null,
    signUpRedirectUrl: null,
    cartDrawerSelector: null,
    // Decision 0176: off by default, as for a new shop (and the pipeline benches measure without).
    orderTags: [] as string[],
    customerTags: [] as string[],
  },
  colors: { primary: "#1f4b3f", secondary: "#ffffff", accent: "#b4532a", loyaltyPageButton: "#1f4b3f" },
} as const;

/**
 * The demo shop of the embedded default: idempotent, so every start may run it. Creates the shop,
 * its default programs, the demo merchant account and a Laurel staff account for the internal zone
 * (demo platform only).
 */
export async function seedDemoShop(deps: Deps): Promise<{ shopId: string; created: boolean }> {
  const existing = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (existing) {
    // Data directories from before default programs existed get them on the next start.
    await deps.db.transaction().execute((trx) => createDefaultPrograms(deps, trx, existing.id));
    // The demo store's plan follows DEMO_STORE_PLAN from one start to the next, and data
    // directories from before decision 0174 learn the scopes it grants.
    if (existing.platform === "demo") {
      const { info, scopes } = await deps.platform.install(DEMO_SHOP_DOMAIN, "");
      if (existing.granted_scopes === null || existing.shopify_plan !== info.shopifyPlan) {
        await deps.db
          .updateTable("shops")
          .set({
            granted_scopes: scopes ?? null,
            shopify_plan: info.shopifyPlan,
            platform_info: JSON.stringify({ ...existing.platform_info, planName: info.planName }),
          })
          .where("id", "=", existing.id)
          .execute();
      }
    }
    return { shopId: existing.id, created: false };
  }
  const { info, scopes } = await deps.platform.install(DEMO_SHOP_DOMAIN, "");
  return deps.db.transaction().execute(async (trx) => {
    const row = shopRowFromPlatform(
      "shop_demo",
      DEMO_SHOP_DOMAIN,
      "demo",
      { ...info, name: "Laurel Demo Store" },
      null,
    );
    const { shop, created } = await createShopIfAbsent(trx, {
      ...row,
      granted_scopes: scopes ?? null,
      setup_done: true,
      platform_info: JSON.stringify({ ...JSON.parse(row.platform_info ?? "{}"), isThemeOS2: true }),
    });
    const shopId = shop.id;
    await createDefaultPrograms(deps, trx, shopId);
    // M-02, M-04: the store's own time zone, account pages and dates; the demo's green brand
    // (colours show once the shop is on Essential; the demo starts on Starter).
    if (created) await mergeShopSettings(trx, shopId, DEMO_GENERAL_AND_COLOURS);
    await ensureUserAccount(trx, { id: "usr_demo", ...DEMO_MERCHANT, shopId, isStaff: false });
    await ensureUserAccount(trx, { id: "usr_staff", ...DEMO_STAFF, shopId, isStaff: true });
    return { shopId, created };
  });
}

/**
 * Laurel's side of the demo store's seeded shoppers (their store accounts are the store's own
 * seed, under the same platform ids): each is a customer of the shop, the members joined through
 * the storefront's join use case, as the widget's "Join" does. Idempotent; answers how many
 * customers it created.
 */
export async function seedDemoShoppers(deps: Deps): Promise<number> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return 0;
  let created = 0;
  for (const s of DEMO_SHOPPERS) {
    const fresh = await deps.db.transaction().execute(async (trx) => {
      if (await findCustomerByPlatformId(trx, shop.id, s.customerId)) return false;
      const customer = {
        platformCustomerId: s.customerId,
        email: s.email,
        firstName: s.firstName,
        lastName: s.lastName,
      };
      await ensureCustomer(deps, trx, shop.id, customer);
      return true;
    });
    if (fresh) created += 1;
    if (!s.member || !fresh) continue;
    try {
      await joinAsShopper(deps, {
        shopId: shop.id,
        shopDomain: shop.shopify_domain,
        platformCustomerId: s.customerId,
      });
    } catch (error) {
      // A shopper the merchant removed from the program stays out.
      if (!(error instanceof AppError && error.code === "customer_left")) throw error;
    }
  }
  return created;
}
