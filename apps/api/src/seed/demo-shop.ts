import type { Deps } from "../infra/deps";
import { ensureUserAccount } from "../modules/auth/auth.service";
import { createDefaultPrograms } from "../modules/programs/programs.service";
import { createShopIfAbsent, findShopByDomain, shopRowFromPlatform } from "../modules/shops/shops.service";

export const DEMO_SHOP_DOMAIN = "laurel-demo.myshopify.com";
export const DEMO_MERCHANT = { email: "demo@laurel.test", password: "laurel-demo" };
export const DEMO_STAFF = { email: "staff@laurel.test", password: "laurel-staff" };

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
    return { shopId: existing.id, created: false };
  }
  const { info } = await deps.platform.install(DEMO_SHOP_DOMAIN, "");
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
      setup_done: true,
      platform_info: JSON.stringify({ ...JSON.parse(row.platform_info ?? "{}"), isThemeOS2: true }),
    });
    const shopId = shop.id;
    await createDefaultPrograms(deps, trx, shopId);
    await ensureUserAccount(trx, { id: "usr_demo", ...DEMO_MERCHANT, shopId, isStaff: false });
    await ensureUserAccount(trx, { id: "usr_staff", ...DEMO_STAFF, shopId, isStaff: true });
    return { shopId, created };
  });
}
