import { randomBytes } from "node:crypto";
import type {
  CustomerTierChange,
  MemberProgramTier,
  MemberTierBody,
  MemberTiers,
  MemberTierView,
  ProxyPartnerTier,
  ProxyTier,
  TierBody,
  TierChangeReasonName,
  TierLaunchBody,
  TierPreview,
  TierProgramView,
  TierRewardsBody,
  TierRunView,
  TierSettingsBody,
  TierView,
} from "@laurel/contracts";
import type {
  Db,
  ShopRow,
  TierChangeReason,
  TierProgramKind,
  TierProgramRow,
  TierRow,
  TierRunRow,
  Tx,
} from "@laurel/db";
import {
  b2bSettingsIssue,
  buildDiscountCode,
  codeSuffixFromBytes,
  DEFAULT_TIER_SETTINGS,
  defaultTierSettingsFor,
  entryRewardFor,
  evaluateTier,
  type PreTier,
  preTierRewardsFor,
  type TierCoupon,
  type TierDef,
  type TierGrant,
  type TierSettings,
  tierForMetric,
  tierMove,
  tierPeriodStart,
  tierProgress,
  validatePreTier,
  validateTiers,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError, notFound } from "../../infra/errors";
import type { AdminAuth } from "../../infra/http";
import { markShopChanged, onShopChanged } from "../../infra/shop-changes";
import { issueTierCoupons, recalculateTiers } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { lockCustomers } from "../customers/customers.service";
import { type EntryInput, postEntries, postEntry } from "../ledger/ledger.service";
import { type EmailRequest, enqueueEmails } from "../mail/mail.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import { b2bRequirementsOf } from "./b2b-requirements";
import { enqueueTierTags } from "./tier-tags.service";
import * as repo from "./tiers.repository";

/** Members measured and written per statement (recalculation, preview). */
export const TIER_CHUNK = 2_000;

/** A tier as the engine and the storefront need it (the ladder in force is a snapshot of these). */
interface LadderTier extends TierDef {
  perks: string[];
  /** The pre-tier reward (decision 0135), absent when none. */
  preTier?: Omit<PreTier, "tierId">;
}

/** Settings and tiers: the draft (being edited) or the ladder in force (`live`, copied at launch). */
export interface Ladder {
  settings: TierSettings;
  tiers: LadderTier[];
}

// The rewards appear only when set, so ladders in force from before them still equal their draft.
const toLadderTier = (t: TierRow): LadderTier => ({
  id: t.id,
  name: t.name,
  milestone: t.milestone,
  exclusive: t.exclusive,
  entryPoints: t.entry_points,
  perks: (t.perks as string[]) ?? [],
  ...(t.entry_coupon ? { entryCoupon: t.entry_coupon as unknown as TierCoupon } : {}),
  ...(t.pre_tier ? { preTier: t.pre_tier as unknown as Omit<PreTier, "tierId"> } : {}),
});

const preTiersOf = (ladder: Ladder): PreTier[] =>
  ladder.tiers.flatMap((t) => (t.preTier ? [{ tierId: t.id, ...t.preTier }] : []));

function settingsOf(row: TierProgramRow): TierSettings {
  return { ...defaultTierSettingsFor(row.program), ...(row.settings as Partial<TierSettings>) };
}

export function liveOf(row: Pick<TierProgramRow, "live"> | undefined): Ladder | null {
  return (row?.live as Ladder | null | undefined) ?? null;
}

/** JSON with keys sorted (jsonb does not keep key order), to compare the draft with the ladder in force. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export const timeZoneOf = (shop: Pick<ShopRow, "platform_info" | "settings">) =>
  storeTimeZoneOf(shop) ?? null;
const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

function presentRun(r: TierRunRow): TierRunView {
  return {
    id: r.id,
    action: r.action,
    status: r.status,
    total: r.total,
    done: Math.min(r.done, r.total),
    changeNotes: r.change_notes,
    grantEntryRewards: r.grant_entry_rewards,
    actorEmail: r.actor_email,
    error: r.error,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: iso(r.finished_at),
  };
}

function presentTier(t: TierRow, members: number): TierView {
  return {
    id: t.id,
    name: t.name,
    milestone: t.milestone,
    exclusive: t.exclusive,
    entryPoints: t.entry_points,
    icon: t.icon,
    cardColor: t.card_color,
    backgroundColor: t.background_color,
    perks: (t.perks as string[]) ?? [],
    entryCoupon: (t.entry_coupon as TierView["entryCoupon"]) ?? null,
    preTier: (t.pre_tier as TierView["preTier"]) ?? null,
    members,
  };
}

/** `GET /apiSa/tiers`: settings, tiers with their members, lifecycle state and the latest run. */
export async function getTierProgram(
  deps: Deps,
  shopId: string,
  kind: TierProgramKind = "vip",
): Promise<TierProgramView> {
  const [program, tiers, run, byTier] = await Promise.all([
    repo.findProgram(deps.db, shopId, kind),
    repo.listTiers(deps.db, shopId, kind),
    repo.latestRun(deps.db, shopId, kind),
    repo.countMembersByTier(deps.db, shopId, kind),
  ]);
  const launched = program?.status === "launched";
  const inForce = new Set(liveOf(program)?.tiers.map((t) => t.id) ?? []);
  return {
    status: program?.status ?? "inactive",
    settings: (program ? settingsOf(program) : defaultTierSettingsFor(kind)) as TierSettingsBody,
    tiers: tiers.map((t) => presentTier(t, launched && inForce.has(t.id) ? (byTier.get(t.id) ?? 0) : 0)),
    needsRelaunch: Boolean(
      launched &&
        program &&
        canonical({ settings: settingsOf(program), tiers: tiers.map(toLadderTier) }) !==
          canonical(liveOf(program)),
    ),
    launchedAt: iso(program?.launched_at ?? null),
    run: run ? presentRun(run) : null,
    members: await repo.countMembers(deps.db, shopId, kind),
  };
}

export async function getTierRun(
  deps: Deps,
  shopId: string,
  runId: string,
  kind: TierProgramKind = "vip",
): Promise<TierRunView> {
  const run = await repo.findRun(deps.db, shopId, runId);
  if (!run || run.program !== kind) throw notFound();
  return presentRun(run);
}

export async function listTierRuns(
  deps: Deps,
  shopId: string,
  kind: TierProgramKind = "vip",
): Promise<TierRunView[]> {
  return (await repo.listRuns(deps.db, shopId, 20, kind)).map(presentRun);
}

/** Locks the program for a change: never while a calculation runs (I-10). */
async function lockForChange(
  trx: Tx,
  shopId: string,
  kind: TierProgramKind = "vip",
): Promise<TierProgramRow> {
  const program = await repo.lockProgram(trx, shopId, defaultTierSettingsFor(kind), kind);
  if (program.running_run_id) throw new AppError("tier_run_in_progress", 409);
  return program;
}

/** I-12: the general settings are locked while tiers are enabled. */
export async function saveTierSettings(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: TierSettingsBody,
  kind: TierProgramKind = "vip",
): Promise<TierProgramView> {
  const issue =
    kind === "b2b"
      ? b2bSettingsIssue(body)
      : body.hideDefaultTier !== undefined
        ? { field: "hideDefaultTier", message: "VIP tiers hide the default tier in the Design tab." }
        : null;
  if (issue) throw new AppError("validation_failed", 400, issue.message, [issue]);
  await deps.db.transaction().execute(async (trx) => {
    const program = await lockForChange(trx, shopId, kind);
    const current = settingsOf(program);
    if (JSON.stringify(current) === JSON.stringify({ ...current, ...body })) return;
    if (program.status === "launched")
      throw new AppError(kind === "b2b" ? "b2b_tier_settings_locked" : "tier_settings_locked", 409);
    const settings = { ...current, ...body };
    await repo.updateProgram(trx, shopId, { settings, draftChangedAt: deps.clock.now() }, kind);
    await auditWrite(trx, shopId, actor, "tiers.settings.saved", { program: kind, settings });
  });
  return getTierProgram(deps, shopId, kind);
}

function ladderError(issues: ReturnType<typeof validateTiers>, tierId: string): AppError | null {
  const mine = issues.filter((i) => i.tierId === tierId);
  const shown = mine.length > 0 ? mine : issues;
  if (shown.length === 0) return null;
  return new AppError(
    "validation_failed",
    400,
    shown[0]?.message,
    shown.map((i) => ({ field: i.field, message: i.message })),
  );
}

/** Saves a tier of the draft (create when `id` is null); the ladder must stay valid (I-13). */
export async function saveTier(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string | null,
  body: TierBody,
  kind: TierProgramKind = "vip",
): Promise<TierView> {
  // I-19: B2B partner tiers are reached by their milestone; exclusive (hand-assigned) tiers are VIP's.
  if (kind === "b2b" && body.exclusive) {
    const message = "B2B partner tiers cannot be exclusive";
    throw new AppError("validation_failed", 400, message, [{ field: "exclusive", message }]);
  }
  return deps.db.transaction().execute(async (trx) => {
    await lockForChange(trx, shopId, kind);
    const tiers = await repo.listTiers(trx, shopId, kind);
    if (id !== null && !tiers.some((t) => t.id === id)) throw notFound();
    const tierId = id ?? deps.newId("tier");
    const next = [
      ...tiers.filter((t) => t.id !== tierId).map(toLadderTier),
      {
        id: tierId,
        name: body.name.trim(),
        milestone: body.milestone,
        exclusive: body.exclusive,
        entryPoints: 0,
      },
    ];
    const error = ladderError(validateTiers(next), tierId);
    if (error) throw error;
    const fields = { ...body, name: body.name.trim() };
    if (id === null) await repo.insertTier(trx, shopId, tierId, fields, kind);
    else await repo.updateTier(trx, shopId, tierId, fields);
    await repo.updateProgram(trx, shopId, { draftChangedAt: deps.clock.now() }, kind);
    await auditWrite(trx, shopId, actor, "tiers.tier.saved", { program: kind, tierId, ...fields });
    const saved = (await repo.listTiers(trx, shopId, kind)).find((t) => t.id === tierId);
    if (!saved) throw notFound();
    return presentTier(saved, 0);
  });
}

export async function deleteTier(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string,
  kind: TierProgramKind = "vip",
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockForChange(trx, shopId, kind);
    const tiers = await repo.listTiers(trx, shopId, kind);
    if (!tiers.some((t) => t.id === id)) throw notFound();
    const remaining = tiers.filter((t) => t.id !== id).map(toLadderTier);
    if (!(await repo.deleteTier(trx, shopId, id))) throw notFound();
    const error = ladderError(validateTiers(remaining), remaining[0]?.id ?? id);
    if (error) throw error;
    await repo.updateProgram(trx, shopId, { draftChangedAt: deps.clock.now() }, kind);
    await auditWrite(trx, shopId, actor, "tiers.tier.deleted", { program: kind, tierId: id });
  });
}

/**
 * The tier reward editor (I-04, I-25; decision 0135): entry points, a tier-up coupon and the
 * pre-tier reward, whose threshold must lie above the tier below and under this one (I-13). Part
 * of the draft like the rest of the tier: applied at the next launch or relaunch.
 */
export async function saveTierRewards(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string,
  body: TierRewardsBody,
  kind: TierProgramKind = "vip",
): Promise<TierView> {
  return deps.db.transaction().execute(async (trx) => {
    await lockForChange(trx, shopId, kind);
    const tiers = (await repo.listTiers(trx, shopId, kind)).map(toLadderTier);
    const tier = tiers.find((t) => t.id === id);
    if (!tier) throw notFound();
    if (body.preTier) {
      const message = validatePreTier(tiers, { tierId: id, ...body.preTier });
      if (message)
        throw new AppError("validation_failed", 400, message, [{ field: "preTier.threshold", message }]);
      if (body.preTier.points === 0 && body.preTier.coupon === null) {
        const none = "Give pre-tier points or a coupon, or remove the pre-tier reward";
        throw new AppError("validation_failed", 400, none, [{ field: "preTier.points", message: none }]);
      }
    }
    await repo.updateTierRewards(trx, shopId, id, body);
    await repo.updateProgram(trx, shopId, { draftChangedAt: deps.clock.now() }, kind);
    await auditWrite(trx, shopId, actor, "tiers.tier.rewards_saved", { program: kind, tierId: id, ...body });
    const saved = (await repo.listTiers(trx, shopId, kind)).find((t) => t.id === id);
    if (!saved) throw notFound();
    return presentTier(saved, 0);
  });
}

/** Granted already, per member (`tierId|periodKey`): entry rewards and pre-tier rewards apart. */
export interface Granted {
  entry: Map<string, Set<string>>;
  preTier: Map<string, Set<string>>;
}

async function grantedRewards(
  conn: Db | Tx,
  shopId: string,
  ids: readonly string[],
  periodKey: string,
): Promise<Granted> {
  const [entry, preTier] = await Promise.all([
    repo.grantedEntryRewards(conn, shopId, ids, periodKey, "entry"),
    repo.grantedEntryRewards(conn, shopId, ids, periodKey, "pre_tier"),
  ]);
  return { entry, preTier };
}

export interface Decision {
  writes: repo.StandingWrite[];
  changes: {
    customerId: string;
    from: string | null;
    to: string | null;
    reason: TierChangeReason;
    sourceRef: string | null;
  }[];
  rewards: (TierGrant & { customerId: string; kind: repo.GrantKind })[];
}

/**
 * The engine over a page of members: each one's standing (`evaluateTier`) from their measure, and
 * what changes: tier moves, and entry rewards for members moving up (once per tier per period).
 */
export function decide(
  ladder: Ladder,
  measures: readonly repo.MemberMeasure[],
  granted: Granted,
  ctx: {
    now: Date;
    timeZone: string | null;
    grantEntryRewards: boolean;
    reason: TierChangeReason;
    sourceRefs?: Map<string, string>;
  },
): Decision {
  const out: Decision = { writes: [], changes: [], rewards: [] };
  const inForce = new Set(ladder.tiers.map((t) => t.id));
  for (const m of measures) {
    const from = m.tier_id !== null && inForce.has(m.tier_id) ? m.tier_id : null;
    const standing = evaluateTier({
      tiers: ladder.tiers,
      settings: ladder.settings,
      metric: m.metric,
      lastActivityAt: m.last_order_at ? new Date(m.last_order_at).getTime() : null,
      exclusiveTierId: m.exclusive ? m.tier_id : null,
      now: ctx.now.getTime(),
      timeZone: ctx.timeZone,
    });
    const moved = standing.tierId !== m.tier_id;
    if (moved || m.stored_metric !== standing.metric || m.period_key !== standing.periodKey) {
      out.writes.push({
        customerId: m.customer_id,
        tierId: standing.tierId,
        metric: standing.metric,
        exclusive: standing.exclusive,
        periodKey: standing.periodKey,
        moved,
      });
    }
    if (moved) {
      const sourceRef = ctx.sourceRefs?.get(m.customer_id) ?? null;
      out.changes.push({
        customerId: m.customer_id,
        from: m.tier_id,
        to: standing.tierId,
        reason: ctx.reason,
        sourceRef,
      });
    }
    if (ctx.grantEntryRewards) {
      const none = new Set<string>();
      const reward = entryRewardFor(ladder.tiers, from, standing, granted.entry.get(m.customer_id) ?? none);
      if (reward) out.rewards.push({ customerId: m.customer_id, kind: "entry", ...reward });
      const pre = preTierRewardsFor(
        ladder.tiers,
        preTiersOf(ladder),
        standing,
        granted.preTier.get(m.customer_id) ?? none,
      );
      for (const r of pre) out.rewards.push({ customerId: m.customer_id, kind: "pre_tier", ...r });
    }
  }
  return out;
}

/** Writes a decision: standings, 'VIP tier changes', entry rewards to the ledger (exactly once). */
export async function applyDecision(
  trx: Tx,
  shopId: string,
  ladder: Ladder,
  d: Decision,
  at: Date,
  /** Given, the moves' platform tags are synced by a job enqueued here (I-08, outbox). */
  deps?: Deps,
  kind: TierProgramKind = "vip",
): Promise<void> {
  await repo.upsertStandings(trx, shopId, d.writes, at, kind);
  await repo.insertChanges(trx, shopId, d.changes, at);
  if (deps && d.changes.length > 0 && ladder.settings.tagPrefix.trim() !== "") {
    await enqueueTierTags(
      deps,
      trx,
      shopId,
      d.changes.map((c) => c.customerId),
      kind,
    );
  }
  const fresh = await repo.insertGrants(
    trx,
    shopId,
    d.rewards.map((r) => ({
      ...r,
      couponCode: r.coupon
        ? buildDiscountCode(ladder.settings.discountPrefix, codeSuffixFromBytes(randomBytes(10)))
        : null,
    })),
    at,
  );
  const names = new Map(ladder.tiers.map((t) => [t.id, t.name]));
  // Entry rewards keep their key of before pre-tier rewards existed, so nothing is paid twice.
  const entries: EntryInput[] = fresh
    .filter((g) => g.points > 0)
    .map((g) => ({
      shopId,
      customerId: g.customer_id,
      activityType: "earn_tier_bonus",
      available: g.points,
      idempotencyKey: `${g.kind === "entry" ? "tier-entry" : "tier-pre"}:${g.customer_id}:${g.tier_id}:${g.period_key}`,
      sourceRef: `tier:${g.tier_id}`,
      note: names.get(g.tier_id) ?? null,
    }));
  await postEntries(trx, entries);
  // Coupons are made on the platform by a job (outbox); one per shop at a time.
  if (deps && fresh.some((g) => g.coupon_code !== null)) {
    await deps.queue.sendInTransaction(
      trx,
      issueTierCoupons,
      { shopId },
      { singletonKey: `tier-coupons:${shopId}` },
    );
  }
}

/** Measures, decides and writes for given members (the order effect) under the ladder in force. */
export async function updateMembersTiers(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  sourceRefs: Map<string, string>,
  how: { reason: TierChangeReason; grantEntryRewards: boolean; emails: boolean } = {
    reason: "order",
    grantEntryRewards: true,
    emails: true,
  },
  kind: TierProgramKind = "vip",
): Promise<void> {
  const program = await repo.findProgram(trx, shop.id, kind);
  const ladder = liveOf(program);
  if (program?.status !== "launched" || !ladder || ladder.tiers.length === 0) return;
  const now = deps.clock.now();
  const timeZone = timeZoneOf(shop);
  const start = tierPeriodStart(ladder.settings.period, now.getTime(), timeZone);
  const ids = [...sourceRefs.keys()];
  const measures = await repo.measureMembers(
    trx,
    shop.id,
    ladder.settings.basis,
    start === null ? null : new Date(start),
    {
      customerIds: ids,
    },
    kind,
  );
  const periodKey = measures.length > 0 ? periodKeyOf(ladder, now, timeZone) : "lifetime";
  const granted = await grantedRewards(trx, shop.id, ids, periodKey);
  const d = decide(ladder, measures, granted, {
    now,
    timeZone,
    grantEntryRewards: how.grantEntryRewards,
    reason: how.reason,
    sourceRefs,
  });
  await applyDecision(trx, shop.id, ladder, d, now, deps, kind);
  // Both programs e-mail their moves; a partner's e-mail is worded for partner tiers (decision 0177).
  if (how.emails)
    await enqueueEmails(
      deps,
      trx,
      shop,
      tierMoveEmails(ladder, d.changes, `order:${now.toISOString()}`, kind),
    );
}

/**
 * J-11, J-14 (decision 0167): members' imported measures on a basis become the baseline the engine
 * adds to their own history, then their tiers are recalculated as an order recalculates them
 * (the ladder in force; nothing before launch: the launch measures everyone with the baseline).
 * The moves are 'VIP tier changes' with the import's reason; no entry reward or e-mail: the member
 * held that tier before. Answers the members whose baseline changed. The caller holds the tier
 * lock (`tierRunInProgress(trx, shopId, true)` is false) so no launch runs meanwhile.
 */
export async function importTierBaselines(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  basis: TierSettings["basis"],
  rows: readonly { customerId: string; value: number }[],
  ctx: { importId: string; reason: "import" | "migrate_tier" },
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  await lockCustomers(
    trx,
    shop.id,
    rows.map((r) => r.customerId),
  );
  const changed = await repo.upsertBaselines(trx, shop.id, basis, rows, ctx.importId, deps.clock.now());
  const refs = new Map(rows.map((r) => [r.customerId, `import:${ctx.importId}`]));
  await updateMembersTiers(deps, trx, shop, refs, {
    reason: ctx.reason,
    grantEntryRewards: false,
    emails: false,
  });
  return changed;
}

/** J-11: the basis a tier import is measured on: the ladder in force, else the draft's settings. */
export async function tierBasisOf(conn: Db | Tx, shopId: string): Promise<TierSettings["basis"]> {
  const program = await repo.findProgram(conn, shopId);
  if (!program) return DEFAULT_TIER_SETTINGS.basis;
  const live = program.status === "launched" ? liveOf(program) : null;
  return live?.settings.basis ?? settingsOf(program).basis;
}

/**
 * L-12, I-26: the e-mails of tier moves caused by orders: `tier_up` when a member moves up (not
 * from no tier at all: a member's first standing is not news), `tier_down` when they move down. The
 * occasion names the tier and the source order, so a batch told twice e-mails once.
 */
export function tierMoveEmails(
  ladder: Ladder,
  changes: Decision["changes"],
  fallback: string,
  kind: TierProgramKind = "vip",
): EmailRequest[] {
  const names = new Map(ladder.tiers.map((t) => [t.id, t.name]));
  return changes.flatMap((c) => {
    if (c.to === null || c.from === null) return [];
    const move = tierMove(ladder.tiers, c.from, c.to);
    if (move === "same") return [];
    return [
      {
        event: move === "up" ? ("tier_up" as const) : ("tier_down" as const),
        customerId: c.customerId,
        occasion: `tier:${c.to}:${c.sourceRef ?? fallback}`,
        values: tierMailValues(names.get(c.to) ?? null, kind),
      },
    ];
  });
}

/**
 * The values of a tier e-mail: the tier's name, and `program` 'b2b' for a partner tier so the
 * e-mail is worded for partners (decision 0177). The occasion needs no program: tier ids are unique per shop.
 */
export function tierMailValues(tier: string | null, kind: TierProgramKind): Record<string, string | null> {
  return kind === "b2b" ? { tier, program: "b2b" } : { tier };
}

function periodKeyOf(ladder: Ladder, now: Date, timeZone: string | null): string {
  const start = tierPeriodStart(ladder.settings.period, now.getTime(), timeZone);
  return start === null ? "lifetime" : new Date(start).toISOString();
}

async function draftLadder(conn: Db | Tx, shopId: string, program: TierProgramRow): Promise<Ladder> {
  return {
    settings: settingsOf(program),
    tiers: (await repo.listTiers(conn, shopId, program.program)).map(toLadderTier),
  };
}

/**
 * Launch or relaunch (I-10, I-11): the draft becomes the ladder in force, and every member is
 * recalculated by a job (pages of members, set-based), with progress in the run record.
 */
export async function launchTiers(
  deps: Deps,
  shop: ShopRow,
  auth: Pick<AdminAuth, "userId" | "userEmail" | "impersonatedBy">,
  body: TierLaunchBody,
  kind: TierProgramKind = "vip",
): Promise<TierRunView> {
  const run = await deps.db.transaction().execute(async (trx) => {
    const program = await lockForChange(trx, shop.id, kind);
    const ladder = await draftLadder(trx, shop.id, program);
    if (ladder.tiers.length === 0)
      throw new AppError(kind === "b2b" ? "b2b_tiers_missing" : "tiers_missing", 400);
    const error = ladderError(validateTiers(ladder.tiers), ladder.tiers[0]?.id ?? "");
    if (error) throw error;
    const now = deps.clock.now();
    const run = {
      shopId: shop.id,
      id: deps.newId("tierrun"),
      action: program.status === "launched" ? ("relaunch_tier" as const) : ("launch_tier" as const),
      total: await repo.countMembers(trx, shop.id, kind),
      changeNotes: body.changeNotes,
      grantEntryRewards: body.grantEntryRewards,
      actorEmail: auth.userEmail,
      done: false,
      at: now,
      program: kind,
    };
    await repo.insertRun(trx, run);
    await repo.updateProgram(
      trx,
      shop.id,
      {
        status: "launched",
        live: ladder,
        launchedAt: now,
        runningRunId: run.id,
      },
      kind,
    );
    await deps.queue.sendInTransaction(trx, recalculateTiers, { shopId: shop.id, runId: run.id });
    await auditWrite(trx, shop.id, auth, `tiers.${run.action}`, {
      program: kind,
      runId: run.id,
      changeNotes: body.changeNotes,
    });
    const row = await repo.findRun(trx, shop.id, run.id);
    if (!row) throw notFound();
    return presentRun(row);
  });
  // After the commit: caches of this shop (the storefront's ladder) read the new one.
  markShopChanged(shop.id);
  return run;
}

/**
 * The recalculation job's body: pages of members after the run's cursor, each page in its own
 * transaction (measure in one statement, decide, write in a few), until none is left.
 */
export async function runTierRecalculation(deps: Deps, shopId: string, runId: string): Promise<void> {
  for (;;) {
    const finished = await deps.db.transaction().execute(async (trx) => {
      const run = await repo.findRun(trx, shopId, runId);
      if (run?.status !== "running") return true;
      const program = await repo.findProgram(trx, shopId, run.program);
      const ladder = liveOf(program);
      const shop = await trx.selectFrom("shops").selectAll().where("id", "=", shopId).executeTakeFirst();
      if (!shop || !ladder || program?.running_run_id !== runId) {
        await repo.finishRun(
          trx,
          shopId,
          runId,
          "failed",
          run.program === "b2b"
            ? "The B2B program changed during the run."
            : "The VIP program changed during the run.",
          deps.clock.now(),
        );
        return true;
      }
      const now = deps.clock.now();
      const timeZone = timeZoneOf(shop);
      const start = tierPeriodStart(ladder.settings.period, now.getTime(), timeZone);
      const measures = await repo.measureMembers(
        trx,
        shopId,
        ladder.settings.basis,
        start === null ? null : new Date(start),
        {
          after: run.cursor,
          limit: TIER_CHUNK,
        },
        run.program,
      );
      if (measures.length === 0) {
        await repo.finishRun(trx, shopId, runId, "done", null, now);
        return true;
      }
      const ids = measures.map((m) => m.customer_id);
      const granted = run.grant_entry_rewards
        ? await grantedRewards(trx, shopId, ids, periodKeyOf(ladder, now, timeZone))
        : { entry: new Map(), preTier: new Map() };
      const reason = run.action === "relaunch_tier" ? "relaunch" : "launch";
      const d = decide(ladder, measures, granted, {
        now,
        timeZone,
        grantEntryRewards: run.grant_entry_rewards,
        reason,
      });
      await applyDecision(trx, shopId, ladder, d, now, deps, run.program);
      await repo.advanceRun(trx, shopId, runId, measures.length, ids.at(-1) ?? null);
      return false;
    });
    if (finished) return;
  }
}

/**
 * What launching the draft now would do, without writing anything: members per tier before and
 * after, who moves up or down, and the entry rewards it would pay.
 */
export async function previewTiers(
  deps: Deps,
  shop: ShopRow,
  kind: TierProgramKind = "vip",
): Promise<TierPreview> {
  const program = await repo.findProgram(deps.db, shop.id, kind);
  const ladder = program
    ? await draftLadder(deps.db, shop.id, program)
    : {
        settings: defaultTierSettingsFor(kind),
        tiers: (await repo.listTiers(deps.db, shop.id, kind)).map(toLadderTier),
      };
  const live = program?.status === "launched" ? liveOf(program) : null;
  const inForce = new Set(live?.tiers.map((t) => t.id) ?? []);
  const now = deps.clock.now();
  const timeZone = timeZoneOf(shop);
  const start = tierPeriodStart(ladder.settings.period, now.getTime(), timeZone);
  const periodKey = periodKeyOf(ladder, now, timeZone);
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  const out = {
    members: 0,
    movedUp: 0,
    movedDown: 0,
    entryRewardMembers: 0,
    entryRewardPoints: 0,
    entryRewardCoupons: 0,
  };
  let cursor: string | null = null;
  for (;;) {
    const measures = await repo.measureMembers(
      deps.db,
      shop.id,
      ladder.settings.basis,
      start === null ? null : new Date(start),
      {
        after: cursor,
        limit: TIER_CHUNK,
      },
      kind,
    );
    if (measures.length === 0) break;
    cursor = measures.at(-1)?.customer_id ?? null;
    const granted = await grantedRewards(
      deps.db,
      shop.id,
      measures.map((m) => m.customer_id),
      periodKey,
    );
    // Members' current tiers count only when tiers are in force.
    const current = measures.map((m) => ({
      ...m,
      tier_id: m.tier_id !== null && inForce.has(m.tier_id) ? m.tier_id : null,
    }));
    const d = decide(ladder, current, granted, {
      now,
      timeZone,
      grantEntryRewards: true,
      reason: "relaunch",
    });
    const moved = new Map(d.writes.map((w) => [w.customerId, w.tierId]));
    for (const m of current) {
      out.members++;
      if (m.tier_id) before.set(m.tier_id, (before.get(m.tier_id) ?? 0) + 1);
      const to = moved.has(m.customer_id) ? (moved.get(m.customer_id) ?? null) : m.tier_id;
      if (to) after.set(to, (after.get(to) ?? 0) + 1);
      const move = tierMove(ladder.tiers, m.tier_id, to);
      if (move === "up") out.movedUp++;
      if (move === "down") out.movedDown++;
    }
    const entry = d.rewards.filter((r) => r.kind === "entry");
    out.entryRewardMembers += entry.length;
    out.entryRewardPoints += entry.reduce((s, r) => s + r.points, 0);
    out.entryRewardCoupons += entry.filter((r) => r.coupon !== null).length;
  }
  const names = new Map([...(live?.tiers ?? []), ...ladder.tiers].map((t) => [t.id, t.name]));
  const ids = [...new Set([...ladder.tiers.map((t) => t.id), ...before.keys()])];
  return {
    ...out,
    tiers: ids.map((id) => ({
      tierId: id,
      name: names.get(id) ?? id,
      before: before.get(id) ?? 0,
      after: after.get(id) ?? 0,
    })),
  };
}

/**
 * Deactivation (I-12): refused while programs give VIP tier rewards; place-order programs limited
 * to VIP tiers then apply to all members (C-31). Recorded as a `deactivated_tier` run (I-11).
 */
export async function deactivateTiers(
  deps: Deps,
  shopId: string,
  auth: Pick<AdminAuth, "userId" | "userEmail" | "impersonatedBy">,
  kind: TierProgramKind = "vip",
): Promise<TierRunView> {
  const run = await deps.db.transaction().execute(async (trx) => {
    const program = await lockForChange(trx, shopId, kind);
    if (program.status !== "launched")
      throw new AppError(kind === "b2b" ? "b2b_tier_not_launched" : "tier_not_launched", 409);
    // I-12, C-31 are about VIP tier reward programs; B2B partner tiers carry their rewards themselves.
    if (kind === "vip" && (await repo.countTierRewardPrograms(trx, shopId)) > 0)
      throw new AppError("tier_rewards_in_use", 409);
    const now = deps.clock.now();
    const id = deps.newId("tierrun");
    await repo.insertRun(trx, {
      shopId,
      id,
      action: "deactivated_tier",
      total: 0,
      changeNotes: null,
      grantEntryRewards: false,
      actorEmail: auth.userEmail,
      done: true,
      at: now,
      program: kind,
    });
    await repo.updateProgram(trx, shopId, { status: "deactivated" }, kind);
    if (kind === "vip") await repo.openVipOnlyPrograms(trx, shopId);
    await auditWrite(trx, shopId, auth, "tiers.deactivated_tier", { program: kind, runId: id });
    const row = await repo.findRun(trx, shopId, id);
    if (!row) throw notFound();
    return presentRun(row);
  });
  // After the commit: the shop context (programs) and the storefront's ladder read anew.
  markShopChanged(shopId);
  return run;
}

/**
 * The ladder in force per shop, as the storefront reads it on every widget open: cached for
 * SHOP_CACHE_MS like the shop context, dropped at once in this process when the program changes
 * (launch, relaunch, deactivation announce it), so a shop without launched tiers costs no query.
 */
const liveLadderCaches = new WeakMap<Deps, Map<string, { at: number; ladder: Ladder | null }>>();

function liveLaddersOf(deps: Deps) {
  let cache = liveLadderCaches.get(deps);
  if (!cache) {
    const fresh = new Map<string, { at: number; ladder: Ladder | null }>();
    onShopChanged((shopId) => fresh.delete(shopId));
    liveLadderCaches.set(deps, fresh);
    cache = fresh;
  }
  return cache;
}

async function liveLadderOf(deps: Deps, shopId: string): Promise<Ladder | null> {
  const liveLadders = liveLaddersOf(deps);
  const now = Date.now();
  const hit = liveLadders.get(shopId);
  if (hit && now - hit.at < deps.config.shopCacheMs) return hit.ladder;
  const program = await repo.findProgram(deps.db, shopId);
  const ladder = program?.status === "launched" ? liveOf(program) : null;
  liveLadders.set(shopId, { at: now, ladder });
  return ladder;
}

/**
 * The loyalty page's VIP benefits (N-10): the tiers in force a shopper can reach (exclusive tiers
 * are given by hand, so not listed), lowest first, with their perks; none without tiers in force.
 */
export async function storefrontTierBenefits(
  deps: Deps,
  shopId: string,
): Promise<{ name: string; milestone: number; perks: string[]; unit: "points" | "money" | "orders" }[]> {
  const ladder = await liveLadderOf(deps, shopId);
  if (!ladder) return [];
  const unit = { points_earned: "points", amount_spent: "money", orders: "orders" } as const;
  return ladder.tiers
    .filter((t) => !t.exclusive)
    .sort((a, b) => a.milestone - b.milestone)
    .map((t) => ({
      name: t.name,
      milestone: t.milestone,
      perks: t.perks,
      unit: unit[ladder.settings.basis],
    }));
}

/**
 * The storefront's tier card: the shopper's tier in force and progress to the next (`next_rank`),
 * from their standing as the storefront's shopper read found it (one statement, decision 0055).
 */
export async function shopperTier(
  deps: Deps,
  shopId: string,
  row: { tier_id: string | null; metric: number; exclusive: boolean; period_key: string } | null,
  /** The Design tab (I-04, I-27), read only for a shop with tiers in force (decision 0116). */
  designOf?: () => Promise<{ hideDefaultTier: boolean; showProgress: boolean; showPerks: boolean }>,
): Promise<ProxyTier | null> {
  const ladder = await liveLadderOf(deps, shopId);
  if (!ladder) return null;
  // A member not measured yet (joined since the launch, no order yet) stands in the base tier.
  const baseId = tierForMetric(ladder.tiers, 0)?.id;
  const tierId = row?.tier_id ?? baseId;
  const tier = ladder.tiers.find((t) => t.id === tierId);
  if (!tier) return null;
  const design = designOf ? await designOf() : null;
  // I-04: "hide default tier on storefront": a member in the base tier sees no tier card.
  if (design?.hideDefaultTier && tier.id === baseId) return null;
  const standing = {
    tierId: tier.id,
    metric: Number(row?.metric ?? 0),
    exclusive: Boolean(row?.exclusive),
    periodKey: row?.period_key ?? "lifetime",
  };
  const progress = tierProgress(ladder.tiers, standing);
  const next = progress ? ladder.tiers.find((t) => t.id === progress.tierId) : undefined;
  const unit = { points_earned: "points", amount_spent: "money", orders: "orders" } as const;
  return {
    name: tier.name,
    perks: design && !design.showPerks ? [] : tier.perks,
    next:
      progress && next && design?.showProgress !== false
        ? {
            name: next.name,
            remaining: progress.remaining,
            progress: progress.percent,
            unit: unit[ladder.settings.basis],
          }
        : null,
  };
}

/**
 * The storefront's B2B partner tier card (decision 0177): for a signed-in company member while
 * the shop meets the B2B requirements and runs partner tiers, their partner tier in force, its
 * privileges (perks) and colours, and progress to the next partner tier. Null for anyone else, and
 * for a partner in the base tier when the B2B settings hide the default tier (I-19).
 */
export async function storefrontPartnerTier(
  deps: Deps,
  shop: ShopRow,
  platformCustomerId: string | null,
): Promise<ProxyPartnerTier | null> {
  if (!platformCustomerId || !b2bRequirementsOf(shop).available) return null;
  const program = await repo.findProgram(deps.db, shop.id, "b2b");
  const ladder = program?.status === "launched" ? liveOf(program) : null;
  if (!ladder || ladder.tiers.length === 0) return null;
  const row = await deps.db
    .selectFrom("customers as c")
    .leftJoin("customer_tiers as ct", (j) =>
      j
        .onRef("ct.shop_id", "=", "c.shop_id")
        .onRef("ct.customer_id", "=", "c.id")
        .on("ct.program", "=", "b2b"),
    )
    .select(["c.type", "c.is_b2b", "ct.tier_id", "ct.metric", "ct.exclusive", "ct.period_key"])
    .where("c.shop_id", "=", shop.id)
    .where("c.platform_customer_id", "=", platformCustomerId)
    .executeTakeFirst();
  if (row?.type !== "member" || !row.is_b2b) return null;
  const baseId = tierForMetric(ladder.tiers, 0)?.id;
  const tier = ladder.tiers.find((t) => t.id === (row.tier_id ?? baseId));
  if (!tier) return null;
  if (ladder.settings.hideDefaultTier && tier.id === baseId) return null;
  const progress = tierProgress(ladder.tiers, {
    tierId: tier.id,
    metric: Number(row.metric ?? 0),
    exclusive: Boolean(row.exclusive),
    periodKey: row.period_key ?? "lifetime",
  });
  const next = progress ? ladder.tiers.find((t) => t.id === progress.tierId) : undefined;
  const unit = { points_earned: "points", amount_spent: "money", orders: "orders" } as const;
  const colours = await deps.db
    .selectFrom("tiers")
    .select(["card_color", "background_color"])
    .where("shop_id", "=", shop.id)
    .where("id", "=", tier.id)
    .executeTakeFirst();
  return {
    name: tier.name,
    perks: tier.perks,
    cardColor: colours?.card_color ?? null,
    backgroundColor: colours?.background_color ?? null,
    next:
      progress && next
        ? {
            name: next.name,
            remaining: progress.remaining,
            progress: progress.percent,
            unit: unit[ladder.settings.basis],
          }
        : null,
  };
}

/** Marks a run failed (the job gave up on it); the program can be changed and relaunched again. */
export async function failTierRun(deps: Deps, shopId: string, runId: string, reason: string): Promise<void> {
  await deps.db
    .transaction()
    .execute((trx) => repo.finishRun(trx, shopId, runId, "failed", reason.slice(0, 500), deps.clock.now()));
}

/** J-04: why a change happened, as the profile names it; an `order` change's source says more. */
function reasonOf(reason: TierChangeReason, sourceRef: string | null): TierChangeReasonName {
  switch (reason) {
    case "order":
      if (sourceRef?.startsWith("adjust:")) return "adjustment";
      if (sourceRef?.startsWith("review:")) return "review";
      return "order";
    case "direct":
      return "manual";
    case "migrate_tier":
      return "migration";
    default:
      return reason;
  }
}

/** J-04: a member's tier changes, newest first, a page at a time, with the tiers' names. */
export async function listTierChanges(
  conn: Db | Tx,
  shopId: string,
  customerId: string,
  page: number,
  pageSize: number,
): Promise<{ changes: CustomerTierChange[]; total: number }> {
  const { rows, total } = await repo.listChangesPage(conn, shopId, customerId, page, pageSize);
  return {
    total,
    changes: rows.map((r) => ({
      id: String(r.id),
      createdAt: new Date(r.created_at).toISOString(),
      fromTier: r.from_name ?? null,
      toTier: r.to_name ?? null,
      fromTierId: r.from_tier_id,
      toTierId: r.to_tier_id,
      reason: reasonOf(r.reason, r.source_ref),
    })),
  };
}

/**
 * I-10: whether a launch or relaunch is recalculating the shop's tiers now (customer sync waits for
 * it). With `hold`, inside a transaction, a launch cannot start until that transaction ends.
 */
export async function tierRunInProgress(conn: Db | Tx, shopId: string, hold = false): Promise<boolean> {
  // Either program's launch or relaunch: a B2B recalculation reads the same customers (decision 0177).
  return repo.anyRunningRun(conn, shopId, hold);
}

/** Whether the shop has set up VIP tiers at all (the demo seed runs once). */
export async function hasTierProgram(
  deps: Deps,
  shopId: string,
  kind: TierProgramKind = "vip",
): Promise<boolean> {
  return (await repo.findProgram(deps.db, shopId, kind)) !== undefined;
}

/**
 * A member's tier set by hand, under the ladder in force: an exclusive tier (I-17) overrides the
 * metric until unassigned (`tierId` null: back to the tier their tier points give); a direct change
 * to another tier (I-18) resets their tier points to its entry points with an `adjust_tier_point`
 * entry (points basis only: spend and orders are facts, not points to reset), optionally paying its
 * entry reward. Recorded as a 'VIP tier change'.
 */
export async function setMemberTier(
  deps: Deps,
  shop: ShopRow,
  actor: Actor & { userEmail?: string | null },
  customerId: string,
  body: MemberTierBody,
  kind: TierProgramKind = "vip",
): Promise<MemberTierView> {
  return deps.db.transaction().execute(async (trx) => {
    const program = await repo.findProgram(trx, shop.id, kind);
    const ladder = liveOf(program);
    if (program?.status !== "launched" || !ladder)
      throw new AppError(kind === "b2b" ? "b2b_tier_not_launched" : "tier_not_launched", 409);
    if (program.running_run_id) throw new AppError("tier_run_in_progress", 409);
    // Decision 0177: only a company member stands on the B2B ladder.
    if (kind === "b2b" && !(await repo.isCompanyMember(trx, shop.id, customerId))) {
      if (!(await repo.customerExists(trx, shop.id, customerId)))
        throw new AppError("customer_not_found", 404);
      throw new AppError("b2b_not_company_member", 409);
    }
    await lockCustomers(trx, shop.id, [customerId]);
    const now = deps.clock.now();
    const timeZone = timeZoneOf(shop);
    const start = tierPeriodStart(ladder.settings.period, now.getTime(), timeZone);
    const measure = async () =>
      (
        await repo.measureMembers(
          trx,
          shop.id,
          ladder.settings.basis,
          start === null ? null : new Date(start),
          {
            customerIds: [customerId],
          },
          kind,
        )
      )[0];
    const before = await measure();
    if (!before) throw new AppError("customer_not_found", 404);
    const target = body.tierId === null ? null : ladder.tiers.find((t) => t.id === body.tierId);
    if (target === undefined) throw notFound();
    let after = before;
    if (target && !target.exclusive) {
      if (ladder.settings.basis !== "points_earned") throw new AppError("tier_direct_change_basis", 409);
      const delta = target.milestone - before.metric;
      if (delta !== 0) {
        await postEntry(trx, {
          shopId: shop.id,
          customerId,
          activityType: "adjust_tier_point",
          tierPoints: delta,
          idempotencyKey: `tier-direct:${customerId}:${deps.newId("chg")}`,
          sourceRef: `tier:${target.id}`,
          note: target.name,
          actor: actor.userId,
        });
      }
      after = (await measure()) ?? before;
    }
    const exclusiveTierId = target?.exclusive ? target.id : null;
    const standing = evaluateTier({
      tiers: ladder.tiers,
      settings: ladder.settings,
      metric: after.metric,
      lastActivityAt: after.last_order_at ? new Date(after.last_order_at).getTime() : null,
      exclusiveTierId,
      now: now.getTime(),
      timeZone,
    });
    const moved = standing.tierId !== before.tier_id;
    const granted = await repo.grantedEntryRewards(trx, shop.id, [customerId], standing.periodKey);
    const reward = body.grantEntryReward
      ? entryRewardFor(ladder.tiers, before.tier_id, standing, granted.get(customerId) ?? new Set())
      : null;
    const changes: Decision["changes"] = moved
      ? [
          {
            customerId,
            from: before.tier_id,
            to: standing.tierId,
            reason: target?.exclusive || before.exclusive ? "exclusive" : "direct",
            sourceRef: null,
          },
        ]
      : [];
    await applyDecision(
      trx,
      shop.id,
      ladder,
      {
        writes: [
          {
            customerId,
            tierId: standing.tierId,
            metric: standing.metric,
            exclusive: standing.exclusive,
            periodKey: standing.periodKey,
            moved,
          },
        ],
        changes,
        rewards: reward ? [{ customerId, kind: "entry" as const, ...reward }] : [],
      },
      now,
      deps,
      kind,
    );
    // The member hears of a move the merchant made, as of one an order made (L-12).
    await enqueueEmails(
      deps,
      trx,
      shop,
      tierMoveEmails(ladder, changes, `direct:${now.toISOString()}`, kind),
    );
    await auditWrite(trx, shop.id, actor, "tiers.member.set", {
      customerId,
      tierId: body.tierId,
      ...(kind === "b2b" ? { program: kind } : {}),
    });
    return {
      customerId,
      tierId: standing.tierId,
      tierName: ladder.tiers.find((t) => t.id === standing.tierId)?.name ?? null,
      exclusive: standing.exclusive,
      metric: standing.metric,
    };
  });
}

/**
 * The customer page's tiers (I-17, I-18, decision 0177): VIP once the shop set up VIP tiers, and
 * B2B for a company member while the shop meets the B2B requirements and set up partner tiers.
 * The standing shown is the one in force (the base tier for a member not measured yet).
 */
export async function memberTiers(deps: Deps, shop: ShopRow, customerId: string): Promise<MemberTiers> {
  if (!(await repo.customerExists(deps.db, shop.id, customerId)))
    throw new AppError("customer_not_found", 404);
  const kinds: TierProgramKind[] = ["vip"];
  if (b2bRequirementsOf(shop).available && (await repo.isCompanyMember(deps.db, shop.id, customerId)))
    kinds.push("b2b");
  const programs: MemberProgramTier[] = [];
  for (const kind of kinds) {
    const program = await repo.findProgram(deps.db, shop.id, kind);
    if (!program) continue;
    const live = program.status === "launched" ? liveOf(program) : null;
    const ladder = live ?? (await draftLadder(deps.db, shop.id, program));
    const row = await deps.db
      .selectFrom("customer_tiers")
      .select(["tier_id", "metric", "exclusive"])
      .where("shop_id", "=", shop.id)
      .where("customer_id", "=", customerId)
      .where("program", "=", kind)
      .executeTakeFirst();
    const tierId = live ? (row?.tier_id ?? tierForMetric(live.tiers, 0)?.id ?? null) : null;
    const tier = ladder.tiers.find((t) => t.id === tierId) ?? null;
    programs.push({
      program: kind,
      status: program.status,
      changeable: Boolean(live) && !program.running_run_id,
      basis: ladder.settings.basis,
      directChange: ladder.settings.basis === "points_earned",
      tierId: tier?.id ?? null,
      tierName: tier?.name ?? null,
      exclusive: Boolean(tier && row?.exclusive),
      metric: Number(row?.metric ?? 0),
      tiers: [...ladder.tiers]
        .sort((a, b) => a.milestone - b.milestone)
        .map((t) => ({ id: t.id, name: t.name, milestone: t.milestone, exclusive: t.exclusive })),
    });
  }
  return { programs };
}

/**
 * A member's tier in force (other areas' rules by tier: referral limits per VIP tier): their
 * standing's tier while it is on the live ladder, the base tier for a member not measured yet,
 * null without launched tiers.
 */
export async function tierInForceOf(
  conn: Db | Tx,
  shopId: string,
  customerId: string,
): Promise<string | null> {
  const program = await repo.findProgram(conn, shopId);
  const ladder = program?.status === "launched" ? liveOf(program) : null;
  if (!ladder) return null;
  const row = await conn
    .selectFrom("customer_tiers")
    .select("tier_id")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("program", "=", "vip")
    .executeTakeFirst();
  const tierId = row?.tier_id ?? tierForMetric(ladder.tiers, 0)?.id ?? null;
  return ladder.tiers.some((t) => t.id === tierId) ? tierId : null;
}

/**
 * H-14, J-17: before a merchant's adjustment moves a member's tier points. A member placed in an
 * exclusive tier by hand keeps it whatever their points, so the adjustment is refused for them.
 */
export async function assertTierPointsAdjustable(trx: Tx, shopId: string, customerId: string): Promise<void> {
  if (await repo.isExclusiveStanding(trx, shopId, customerId))
    throw new AppError("tier_adjust_exclusive", 409);
}
