import { DEMO_SHOP_DOMAIN } from "@laurel/db";
import { lastFullWeek, localDateOf } from "@laurel/domain";
import type { Deps } from "../infra/deps";
import { timeZoneOf } from "../modules/analytics/analytics.service";
import { findShopByDomain } from "../modules/shops/shops.service";

/**
 * The demo shop's weekly report (K-12): on, to the owner and a finance address, last week's already
 * sent — so the next one leaves next Monday, not at every start. Inserted once; a merchant's later
 * change is kept across restarts.
 */
export async function seedDemoAnalytics(deps: Deps): Promise<void> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return;
  const week = lastFullWeek(localDateOf(deps.clock.now(), timeZoneOf(shop)));
  await deps.db
    .insertInto("analytics_report_settings")
    .values({
      shop_id: shop.id,
      weekly_enabled: true,
      weekly_recipients: JSON.stringify([shop.email.toLowerCase(), "finance@laurel-demo.test"]),
      weekly_last_week: week.from,
    })
    .onConflict((oc) => oc.column("shop_id").doNothing())
    .execute();
}
