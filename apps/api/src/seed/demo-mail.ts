import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { AppError } from "../infra/errors";
import { inviteFriend } from "../modules/mail/mail.invitations";
import { enqueueMerchantEmails } from "../modules/mail/mail.service";
import { findShopByDomain } from "../modules/shops/shops.service";

/**
 * The demo shop's merchant e-mail (issue 11, L-11, decision 0112): the demo customers arrived by an
 * import, and the merchant was told — so the notification log and the local mailbox show a
 * merchant e-mail beside the shoppers'. Ava has also invited a friend by e-mail from the widget
 * (decision 0131), so the log shows a referral invitation. Idempotent: keyed, a restart adds nothing.
 */
export async function seedDemoMail(deps: Deps): Promise<number> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return 0;
  const customers = await deps.db
    .selectFrom("customers")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("shop_id", "=", shop.id)
    .executeTakeFirst();
  const ava = DEMO_SHOPPERS[0];
  let invited = 0;
  if (ava) {
    const auth = { shopId: shop.id, shopDomain: shop.shopify_domain, platformCustomerId: ava.customerId };
    try {
      await inviteFriend(deps, auth, { email: "noah.friend@laurel.test" }, "seed:ava");
      invited = 1;
    } catch (error) {
      // Invited at an earlier start, or the referral program is off: nothing to add.
      if (!(error instanceof AppError)) throw error;
    }
  }
  const merchant = await deps.db.transaction().execute((trx) =>
    enqueueMerchantEmails(deps, trx, shop, [
      {
        event: "import_completed",
        occasion: "demo-seed",
        values: { file: "customers.csv", count: Number(customers?.n ?? 0), failed: 0 },
      },
    ]),
  );
  return merchant + invited;
}
