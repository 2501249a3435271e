import type { CustomerRow, ShopRow, Tx } from "@laurel/db";
import { evaluateNewsletterEarning, evaluateSignUpEarning } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { recordEmailMarketingState } from "../customers/customers.service";
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

/** Joining: the sign-up points, and the newsletter's for a shopper who subscribed as a guest (C-26). */
export async function awardJoiningEvents(
  deps: Pick<Deps, "clock">,
  trx: Tx,
  shop: ShopRow,
  member: CustomerRow,
): Promise<number> {
  let earned = await awardAccountEvent(deps, trx, shop, member, "sign_up");
  if (member.email_marketing_state === NEWSLETTER_SUBSCRIBED) {
    earned += await awardAccountEvent(deps, trx, shop, member, "sign_up_newsletter");
  }
  return earned;
}

/** The platform's e-mail marketing state that means "subscribed to the newsletter". */
export const NEWSLETTER_SUBSCRIBED = "subscribed";

/**
 * customers/create and customers/update (C-26): keeps the shopper's e-mail marketing consent and,
 * when it becomes `subscribed`, awards the newsletter program through the same path as sign up:
 * members only (a guest earns on joining), within the program's limit (once in a lifetime by
 * default), each award keyed once. Only a change into `subscribed` asks, so an unrelated update of
 * a subscribed shopper earns nothing. X-48: withdrawing consent takes nothing back; a 0-point
 * `unsubscribe` entry records it. Answers the points awarded.
 */
export async function applyNewsletterConsent(
  deps: Pick<Deps, "clock">,
  trx: Tx,
  shop: ShopRow,
  customer: CustomerRow,
  consent: { state: string; at: Date | null },
): Promise<number> {
  const at = consent.at ?? deps.clock.now();
  const state = consent.state.toLowerCase();
  const change = await recordEmailMarketingState(trx, shop.id, customer.id, state, at);
  if (!change || change.before === state) return 0;
  if (state === NEWSLETTER_SUBSCRIBED) {
    return awardAccountEvent(deps, trx, shop, change.customer, "sign_up_newsletter");
  }
  if (change.before === NEWSLETTER_SUBSCRIBED) {
    await postEntry(trx, {
      shopId: shop.id,
      customerId: customer.id,
      activityType: "unsubscribe",
      idempotencyKey: `unsubscribe:${customer.id}:${at.toISOString()}`,
      note: `E-mail marketing: ${state}`,
    });
  }
  return 0;
}
