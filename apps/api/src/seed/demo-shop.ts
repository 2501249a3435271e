import type { Deps } from "../infra/deps";
import { AppError } from "../infra/errors";
import { parseJsonKeepingBigIntegers } from "../infra/shopify-signatures";
import { ensureUserAccount } from "../modules/auth/auth.service";
import {
  createShopperAccount,
  customerCreatePayload,
  findShopper,
  resolveStoreShop,
} from "../modules/demo-store/demo-store.service";
import { serializePayload } from "../modules/demo-store/shopify-payloads";
import { createDefaultPrograms } from "../modules/programs/programs.service";
import { createShopIfAbsent, findShopByDomain, shopRowFromPlatform } from "../modules/shops/shops.service";
import { joinAsShopper } from "../modules/storefront/storefront.service";
import { applyWebhook } from "../modules/webhooks/webhooks.service";
import { webhookHandlers } from "../webhook-topics";

export const DEMO_SHOP_DOMAIN = "laurel-demo.myshopify.com";
export const DEMO_MERCHANT = { email: "demo@laurel.test", password: "laurel-demo" };
export const DEMO_STAFF = { email: "staff@laurel.test", password: "laurel-staff" };

/**
 * The demo store's seeded shoppers (decision 0015). Stable platform ids (64-bit, beyond 2^53, as
 * Shopify's) and passwords; Ava and Ben have joined the loyalty program, Cleo has not yet.
 */
export const DEMO_SHOPPERS = [
  {
    customerId: "7301000000000000001",
    email: "ava@laurel.test",
    password: "laurel-ava",
    firstName: "Ava",
    lastName: "Park",
    member: true,
  },
  {
    customerId: "7301000000000000002",
    email: "ben@laurel.test",
    password: "laurel-ben",
    firstName: "Ben",
    lastName: "Okafor",
    member: true,
  },
  {
    customerId: "7301000000000000003",
    email: "cleo@laurel.test",
    password: "laurel-cleo",
    firstName: "Cleo",
    lastName: "Rossi",
    member: false,
  },
] as const;

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

/**
 * The demo store's shoppers (demo platform, `npm start`): idempotent. Each is a customer of the
 * store's platform; Laurel learns of them as from Shopify, by a customers/create delivery through
 * the webhook path (dedupe on a fixed webhook id, the topic's handler, one transaction), and the
 * members join through the storefront's join use case, as the widget's "Join" does.
 */
export async function seedDemoShoppers(deps: Deps): Promise<number> {
  const shop = await resolveStoreShop(deps, DEMO_SHOP_DOMAIN);
  if (!shop) return 0;
  let created = 0;
  for (const s of DEMO_SHOPPERS) {
    let shopper = await findShopper(deps, shop, s.customerId);
    if (!shopper) {
      const result = await createShopperAccount(deps, shop, s);
      if ("emailTaken" in result) continue;
      shopper = result.shopper;
      created += 1;
    }
    // The same bytes a delivery would carry, parsed as the webhook route parses them.
    const payload = parseJsonKeepingBigIntegers(serializePayload(customerCreatePayload(shopper)));
    await applyWebhook(
      deps,
      {
        shopDomain: shop.shopDomain,
        topic: "customers/create",
        webhookId: `demo-seed-customers-create-${s.customerId}`,
        payload,
      },
      webhookHandlers["customers/create"],
    );
    if (!s.member) continue;
    try {
      await joinAsShopper(deps, { ...shop, platformCustomerId: s.customerId });
    } catch (error) {
      // A shopper the merchant removed from the program stays out.
      if (!(error instanceof AppError && error.code === "customer_left")) throw error;
    }
  }
  return created;
}
