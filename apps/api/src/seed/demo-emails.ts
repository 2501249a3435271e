import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { findCustomerByPlatformId } from "../modules/customers/customers.service";
import { enqueueEmails } from "../modules/mail/mail.service";
import { findShopByDomain } from "../modules/shops/shops.service";

/**
 * The demo shop's e-mails (issue 11): the seeded orders and redemptions already e-mailed Ava and
 * Ben through the real path (order effect, redemption); this adds a point-expiry reminder for Ben,
 * so the log and the local mailbox (`/dev/mailbox`) show each kind. The worker sends them at start.
 * Idempotent: the e-mails are keyed, a restart adds nothing.
 */
export async function seedDemoEmails(deps: Deps): Promise<number> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  const ben = DEMO_SHOPPERS[1];
  if (!shop || shop.uninstalled_at || !ben) return 0;
  return deps.db.transaction().execute(async (trx) => {
    const customer = await findCustomerByPlatformId(trx, shop.id, ben.customerId);
    if (!customer) return 0;
    const values = { points: customer.available_points, days: 30 };
    return enqueueEmails(deps, trx, shop, [
      { event: "points_expiring", customerId: customer.id, occasion: "demo-seed", values },
    ]);
  });
}
