import type { TierProgramKind, TierSweepRow } from "@laurel/db";
import { demotionNoticeFor, evaluateTier, storeDayOf, tierMove, tierPeriodStart } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { type EmailRequest, enqueueEmails } from "../mail/mail.service";
import { b2bRequirementsOf } from "./b2b-requirements";
import * as sweeps from "./tier-sweep.repository";
import { enqueueTierTags } from "./tier-tags.service";
import * as repo from "./tiers.repository";
import { applyDecision, decide, liveOf, TIER_CHUNK, tierMailValues, timeZoneOf } from "./tiers.service";

/**
 * The daily demotion sweep (issue 10, I-06, I-07, I-26; decision 0115). A member's tier can move
 * without any order: inactivity demotes them, a period boundary resets their measure. Once per
 * store day (the shop's own time zone), every member of a shop whose ladder can move so is
 * measured and decided by the same engine as orders and relaunches (`decide`), the moves written
 * as 'VIP tier changes' with reason `demotion`, and members whose next demotion falls within the
 * "notify before" days are e-mailed once (`tier_demotion_notice`, keyed by tier and due instant).
 *
 * Exactly once: the day's row in `tier_sweeps` is locked by each page, which resumes at its cursor
 * and is marked done at the end; decisions are recomputations (a page run twice changes nothing);
 * e-mails are keyed by (event, member, occasion).
 */

/**
 * Shops whose sweep for their current store day has not finished, in a tier program. B2B partner
 * tiers (decision 0174) are swept the same way, each program on its own day record, while the shop
 * meets the B2B requirements; their moves and notices are e-mailed in partner wording (decision 0177).
 */
export async function listShopsDueForTierSweep(
  deps: Deps,
  program: TierProgramKind = "vip",
): Promise<string[]> {
  const now = deps.clock.now().getTime();
  const shops = (await sweeps.listSweepableShops(deps.db, deps.platform.name, program)).filter(
    (s) => program === "vip" || b2bRequirementsOf(s).available,
  );
  const keys = shops.map((s) => ({ shopId: s.id, day: storeDayOf(now, timeZoneOf(s)) }));
  const done = await sweeps.doneSweeps(deps.db, keys, program);
  return keys.filter((k) => !done.has(`${k.shopId}|${k.day}`)).map((k) => k.shopId);
}

export interface SweepPage {
  members: number;
  demoted: number;
  notified: number;
  /** True when the day's sweep of the shop is complete (or there is nothing to sweep). */
  done: boolean;
}

/** One page of the shop's sweep for today, in one transaction. */
export async function sweepTierPage(
  deps: Deps,
  shopId: string,
  limit = TIER_CHUNK,
  kind: TierProgramKind = "vip",
): Promise<SweepPage> {
  const idle = { members: 0, demoted: 0, notified: 0, done: true };
  return deps.db.transaction().execute(async (trx) => {
    const shop = await trx.selectFrom("shops").selectAll().where("id", "=", shopId).executeTakeFirst();
    const program = await repo.findProgram(trx, shopId, kind);
    const ladder = liveOf(program);
    if (!shop || program?.status !== "launched" || !ladder || ladder.tiers.length === 0) return idle;
    if (kind === "b2b" && !b2bRequirementsOf(shop).available) return idle;
    // I-10: no changes while a launch or relaunch recalculates; the next hourly sweep comes back.
    if (program.running_run_id) return { ...idle, done: false };
    const nowDate = deps.clock.now();
    const now = nowDate.getTime();
    const timeZone = timeZoneOf(shop);
    const day = storeDayOf(now, timeZone);
    const sweep: TierSweepRow = await sweeps.lockSweep(trx, shopId, day, kind);
    if (sweep.status === "done") return idle;
    const start = tierPeriodStart(ladder.settings.period, now, timeZone);
    const measures = await repo.measureMembers(
      trx,
      shopId,
      ladder.settings.basis,
      start === null ? null : new Date(start),
      { after: sweep.cursor, limit },
      kind,
    );
    const decided = decide(
      ladder,
      measures,
      { entry: new Map(), preTier: new Map() },
      {
        now: nowDate,
        timeZone,
        grantEntryRewards: false,
        reason: "demotion",
      },
    );
    // A member first measured here (joined since the launch, never measured by an order) had no
    // tier to be demoted from: their standing is written and tagged, not recorded as a demotion.
    const firsts = decided.changes.filter((c) => c.from === null).map((c) => c.customerId);
    const d = { ...decided, changes: decided.changes.filter((c) => c.from !== null) };
    await applyDecision(trx, shopId, ladder, d, nowDate, deps, kind);
    if (firsts.length > 0 && ladder.settings.tagPrefix.trim() !== "") {
      await enqueueTierTags(deps, trx, shopId, firsts, kind);
    }

    const names = new Map(ladder.tiers.map((t) => [t.id, t.name]));
    const emails: EmailRequest[] = [];
    for (const c of d.changes) {
      if (c.to !== null && tierMove(ladder.tiers, c.from, c.to) === "down") {
        emails.push({
          event: "tier_down",
          customerId: c.customerId,
          occasion: `tier-down:${c.to}:${day}`,
          values: tierMailValues(names.get(c.to) ?? null, kind),
        });
      }
    }
    let notified = 0;
    if (ladder.settings.demotion && ladder.settings.demotion.notifyBeforeDays > 0) {
      for (const m of measures) {
        const lastActivityAt = m.last_order_at ? new Date(m.last_order_at).getTime() : null;
        const standing = evaluateTier({
          tiers: ladder.tiers,
          settings: ladder.settings,
          metric: m.metric,
          lastActivityAt,
          exclusiveTierId: m.exclusive ? m.tier_id : null,
          now,
          timeZone,
        });
        const notice = demotionNoticeFor({
          tiers: ladder.tiers,
          demotion: ladder.settings.demotion,
          standing,
          lastActivityAt,
          now,
          timeZone,
        });
        if (!notice) continue;
        notified++;
        emails.push({
          event: "tier_demotion_notice",
          customerId: m.customer_id,
          occasion: notice.occasion,
          values: { ...tierMailValues(names.get(notice.tierId) ?? null, kind), days: notice.days },
        });
      }
    }
    // Partners hear of their moves as VIP members do, in partner wording (decision 0177).
    await enqueueEmails(deps, trx, shop, emails);
    const done = measures.length < limit;
    await sweeps.advanceSweep(
      trx,
      shopId,
      day,
      {
        cursor: measures.at(-1)?.customer_id ?? sweep.cursor,
        members: measures.length,
        demoted: d.changes.length,
        notified,
        done,
        at: nowDate,
      },
      kind,
    );
    return { members: measures.length, demoted: d.changes.length, notified, done };
  });
}

/** The shop's whole sweep for today, page after page (each its own transaction). */
export async function sweepShopTiers(
  deps: Deps,
  shopId: string,
  limit = TIER_CHUNK,
  kind: TierProgramKind = "vip",
): Promise<SweepPage> {
  const total = { members: 0, demoted: 0, notified: 0, done: false };
  for (;;) {
    const page = await sweepTierPage(deps, shopId, limit, kind);
    total.members += page.members;
    total.demoted += page.demoted;
    total.notified += page.notified;
    if (page.done || page.members === 0) return { ...total, done: page.done };
  }
}
