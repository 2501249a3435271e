import type { CustomerRow, ShopRow, Tx } from "@laurel/db";
import { evaluateNewsletterEarning, evaluateSignUpEarning } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import {
  countMembersWithoutActivity,
  listMembersWithoutActivity,
  lockCustomers,
  recordEmailMarketingState,
} from "../customers/customers.service";
import {
  type EntryInput,
  listPriorAwards,
  listPriorAwardsOfCustomers,
  postEntries,
  postEntry,
} from "../ledger/ledger.service";
import { listProgramRows } from "../programs/programs.service";
import { countTransaction, countTransactions } from "../shops/shops.service";
import { earningCustomerOf, earningShopOf, toEarningPrograms } from "./earning-context";

export const ACCOUNT_ACTIVITY = { sign_up: "earn_sign_up", sign_up_newsletter: "earn_newsletter" } as const;

/** The entry an account event's award posts: one shape, live or synced, so both share the key. */
function accountAwardEntry(
  shopId: string,
  customerId: string,
  event: AccountEvent,
  award: { programId: string; points: number; reason?: string | null },
  priorAwards: number,
): EntryInput {
  return {
    shopId,
    customerId,
    activityType: ACCOUNT_ACTIVITY[event],
    available: award.points,
    tierPoints: award.points,
    idempotencyKey: `${event}:${customerId}:${award.programId}:${priorAwards}`,
    programId: award.programId,
    note: award.reason ?? null,
  };
}

type AccountEvent = "sign_up" | "sign_up_newsletter";

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
  const { replayed } = await postEntry(
    trx,
    accountAwardEntry(shop.id, customer.id, event, award, input.priorAwards.length),
  );
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

// ---------------------------------------------------------------------------------------------
// Sign-up and newsletter syncs (C-27, decision 0165)

/** How many members a sign-up (or newsletter) sync would read: those without its activity. */
export function countAccountSyncCandidates(deps: Pick<Deps, "db">, shopId: string, event: AccountEvent) {
  const subscribedTo = event === "sign_up_newsletter" ? NEWSLETTER_SUBSCRIBED : null;
  return countMembersWithoutActivity(deps.db, shopId, ACCOUNT_ACTIVITY[event], subscribedTo);
}

/**
 * One page of a sign-up (or newsletter) sync, in one transaction: the next members in id order who
 * never received the event's points (subscribed to e-mail marketing, for the newsletter) are locked
 * and decided by the same rule as when they joined (`evaluateSignUpEarning`, with their prior
 * awards as read under the lock), and the awards are written set-based (`postEntries`: one insert,
 * one balance update) under the live path's keys, so a second run, or a member joining meanwhile,
 * never earns twice. Answers the members read, the last id, and what was credited.
 */
export async function syncAccountEventPage(
  deps: Pick<Deps, "clock" | "db">,
  shop: ShopRow,
  event: AccountEvent,
  after: string | null,
  limit: number,
): Promise<{ read: number; last: string | null; credited: number; points: number }> {
  const activity = ACCOUNT_ACTIVITY[event];
  const subscribedTo = event === "sign_up_newsletter" ? NEWSLETTER_SUBSCRIBED : null;
  const ids = await listMembersWithoutActivity(deps.db, shop.id, activity, subscribedTo, after, limit);
  if (ids.length === 0) return { read: 0, last: null, credited: 0, points: 0 };
  const now = deps.clock.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const members = await lockCustomers(trx, shop.id, ids);
    const programs = toEarningPrograms(await listProgramRows(trx, shop.id, "earning"));
    const prior = await listPriorAwardsOfCustomers(trx, shop.id, ids, [activity]);
    const entries: EntryInput[] = [];
    let points = 0;
    for (const member of members) {
      if (member.type !== "member") continue;
      if (subscribedTo !== null && member.email_marketing_state !== subscribedTo) continue;
      const priorAwards = prior.get(member.id) ?? [];
      const input = {
        programs,
        customer: earningCustomerOf(member),
        // The shop's transaction count as this page has moved it (B-30).
        shop: earningShopOf(
          { ...shop, count_transactions: shop.count_transactions + entries.length },
          now,
          0,
        ),
        priorAwards,
        now: now.toISOString(),
      };
      const decision = event === "sign_up" ? evaluateSignUpEarning(input) : evaluateNewsletterEarning(input);
      if (decision.kind !== "reward") continue;
      const [award] = decision.awards;
      entries.push(accountAwardEntry(shop.id, member.id, event, award, priorAwards.length));
      points += award.points;
    }
    const { replayed } = await postEntries(trx, entries);
    // The prior awards were read under the members' row locks, which a live award's balance move
    // needs before it commits: a replay here would mean the counts below are wrong, so it fails.
    if (replayed > 0) throw new Error(`${replayed} ${activity} awards were posted during the sync`);
    await countTransactions(trx, shop, entries.length);
    return { credited: entries.length, points };
  });
  return { read: ids.length, last: ids.at(-1) ?? null, ...result };
}
