import type { CustomerRow, ShopRow, Tx } from "@laurel/db";
import { evaluateNewsletterEarning, evaluateSignUpEarning } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { listPriorAwards, postEntry } from "../ledger/ledger.service";
import { listProgramRows } from "../programs/programs.service";
import { countTransaction } from "../shops/shops.service";
import { earningCustomerOf, earningShopOf, toEarningPrograms } from "./earning-context";

export const ACCOUNT_ACTIVITY = { sign_up: "earn_sign_up", sign_up_newsletter: "earn_newsletter" } as const;

/**
 * C-25 / C-26: points for joining (sign up) or subscribing (newsletter), in the caller's
 * transaction. The idempotency key makes a replay harmless; the program's limit (once in a
 * lifetime by default) is the domain's.
 */
export async function awardAccountEvent(
  deps: Pick<Deps, "clock">,
  trx: Tx,
  shop: ShopRow,
  customer: CustomerRow,
  event: "sign_up" | "sign_up_newsletter",
  ordersThisCycle = 0,
): Promise<number> {
  const now = deps.clock.now();
  const activity = ACCOUNT_ACTIVITY[event];
  const input = {
    programs: toEarningPrograms(await listProgramRows(trx, shop.id, "earning")),
    customer: earningCustomerOf(customer),
    shop: earningShopOf(shop, now, ordersThisCycle),
    priorAwards: await listPriorAwards(trx, shop.id, customer.id, [activity]),
    now: now.toISOString(),
  };
  const decision = event === "sign_up" ? evaluateSignUpEarning(input) : evaluateNewsletterEarning(input);
  if (decision.kind !== "reward") return 0;
  const [award] = decision.awards;
  const { replayed } = await postEntry(trx, {
    shopId: shop.id,
    customerId: customer.id,
    activityType: activity,
    available: award.points,
    tierPoints: award.points,
    idempotencyKey: `${event}:${customer.id}:${award.programId}:${input.priorAwards.length}`,
    programId: award.programId,
    note: award.reason,
  });
  if (replayed) return 0;
  await countTransaction(trx, shop);
  return award.points;
}
