import type {
  CreateProgramBody,
  FieldError,
  ProgramKind,
  ProgramStatusBody,
  ProgramSummary,
  PutProgramNamesBody,
  UpdateProgramBody,
} from "@laurel/contracts";
import { programStatuses, programTypes } from "@laurel/contracts";
import type { Db, ProgramRow, ShopRow, Tx } from "@laurel/db";
import {
  DEFAULT_PRIORITY,
  defaultPrograms,
  type EarningProgram,
  type EventProgramEvent,
  earningMessages,
  effectiveProgramStatus,
  eventProgramFeature,
  isCalendarDate,
  isEventProgramEvent,
  type PlanRank,
  type ProgramBase,
  type ProgramStatus,
  type ProgramType,
  planGateMessage,
  planRankOf,
  programKindCatalogue,
  rulesReadCatalogue,
  statusUnderPlan,
  utcOffsetMinutes,
  validateEarningProgram,
  validateEventProgram,
  validateSpendingProgram,
} from "@laurel/domain";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { refreshCollectionProducts } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { eventKindAllowed } from "../earn-events/event-programs";
import { storeTimeZoneOf } from "../shops/time-zone";
import { dateOf, storedProgramProblem } from "./program-rules";
import * as repo from "./programs.repository";

/** "Now" in the shop's time zone: statuses follow from the dates at 00:00 store time (C-09, X-43). */
interface ShopTime {
  at: string;
  utcOffsetMinutes: number;
  planRank: PlanRank;
}

function shopTimeOf(deps: Deps, shop: ShopRow): ShopTime {
  const now = deps.clock.now();
  return {
    at: now.toISOString(),
    utcOffsetMinutes: utcOffsetMinutes(storeTimeZoneOf(shop), now),
    planRank: planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
  };
}

const isStatus = (s: string): s is ProgramStatus => (programStatuses as readonly string[]).includes(s);

const dateToStore = (d: string | null): Date | null => (d ? new Date(`${d}T00:00:00.000Z`) : null);

function present(row: ProgramRow, time: ShopTime): ProgramSummary {
  const startDate = dateOf(row.starts_at);
  const endDate = dateOf(row.ends_at);
  return {
    id: row.id,
    type: programTypes.includes(row.type as (typeof programTypes)[number])
      ? (row.type as ProgramSummary["type"])
      : "earning",
    event: row.event,
    title: row.title,
    translateTitle: row.translate_title,
    description: row.description,
    status: isStatus(row.status)
      ? statusUnderPlan(
          effectiveProgramStatus({ status: row.status, startDate, endDate }, time.at, time.utcOffsetMinutes),
          row,
          // C-10 (decision 0124): paused while the plan lacks what the program uses.
          time.planRank,
        )
      : "inactive",
    priority: row.priority,
    startDate,
    endDate,
    config: row.config,
    settingsProblem: storedProgramProblem(row),
  };
}

/**
 * What is stored is the merchant's switch; `scheduled` and `expired` are read from the dates
 * whenever the program is shown or used (C-09), so they never go stale. A program sent as
 * `scheduled` or `expired` is therefore stored as switched on.
 */
const switchOf = (status: ProgramStatus): ProgramStatus =>
  status === "scheduled" || status === "expired" ? "active" : status;

/** `GET /lp/programs/earning` and `/spending` (S-12, S-13). */
export async function listProgramsOfType(deps: Deps, shop: ShopRow, type: "earning" | "spending") {
  const time = shopTimeOf(deps, shop);
  return (await repo.listPrograms(deps.db, shop.id, type)).map((r) => present(r, time));
}

/**
 * `GET /lp/programs/kinds`: what "Add program" offers this shop (C-07, C-08, R-02, R-03, R-05),
 * counted from its programs of every type with their statuses as of now.
 */
export async function listProgramKinds(deps: Deps, shop: ShopRow): Promise<ProgramKind[]> {
  const time = shopTimeOf(deps, shop);
  const programs = (await repo.listPrograms(deps.db, shop.id, null)).map((r) => {
    const { status } = present(r, time);
    return { event: r.event, status, expired: status === "expired" };
  });
  return programKindCatalogue({
    planRank: planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
    programs,
  });
}

/**
 * `PUT /lp/programs` (S-14): every id must be one of the shop's programs, or nothing is written.
 * An id that is not the shop's (another shop's included) is a 404, as for every other id-taking route.
 */
export async function renamePrograms(deps: Deps, shopId: string, actor: Actor, body: PutProgramNamesBody) {
  const ids = [...new Set(body.map((p) => p.id))];
  const known = new Set((await repo.findProgramIds(deps.db, shopId, ids)).map((r) => r.id));
  const unknown = body.findIndex((p) => !known.has(p.id));
  if (unknown >= 0) {
    throw new AppError("not_found", 404, PROGRAM_NOT_FOUND, [
      { field: `${unknown}.id`, message: PROGRAM_NOT_FOUND },
    ]);
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const p of body) await repo.renameProgram(trx, shopId, p.id, p);
    await auditWrite(trx, shopId, actor, "programs.renamed", { programs: body });
  });
}

// ---------------------------------------------------------------------------------------------
// Create, update, toggle, delete (C-06, C-09, C-16, C-24, D-01 … D-19)
// ---------------------------------------------------------------------------------------------

export const PROGRAM_NOT_FOUND = "Program not found.";
export const PROGRAM_HAS_COUPONS =
  "This reward has issued coupons, so it can't be deleted. Turn it off instead.";

const programNotFound = () => new AppError("not_found", 404, PROGRAM_NOT_FOUND);

function invalid(errors: FieldError[]): AppError {
  return new AppError("validation_failed", 400, errors[0]?.message ?? "Failed to save program", errors);
}

/** One error per field, the first found (the domain's own order), as the admin shows them inline. */
function firstPerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (seen.has(e.field)) return false;
    seen.add(e.field);
    return true;
  });
}

async function programOrThrow(trx: Tx, shopId: string, id: string): Promise<ProgramRow> {
  const row = await repo.findProgram(trx, shopId, id);
  if (!row) throw programNotFound();
  return row;
}

/** The common fields and settings of a program, in the shape the domain validators read. */
interface ProgramInput {
  title?: unknown;
  translateTitle?: unknown;
  description?: unknown;
  status?: unknown;
  priority?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  event?: unknown;
  config?: unknown;
}

/** A program ready to store: validated, with the domain's defaults filled in. */
type ValidProgram = Omit<ProgramBase<ProgramType, string, Record<string, unknown>>, "id" | "type" | "event">;

type Validation = { ok: true; program: ValidProgram } | { ok: false; errors: FieldError[] };

const M = earningMessages;
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const calendarDate = z.preprocess(
  (v) => (isBlank(v) ? null : v),
  z
    .string({ error: M.dateFormat })
    .nullable()
    .refine((v) => v === null || isCalendarDate(v), M.dateFormat),
);

/**
 * The common fields of a redeeming program (C-01, C-09, X-28), with the rules and words the
 * domain applies to earning programs; `validateSpendingProgram` checks the event and settings.
 */
const spendingCommonSchema = z
  .object({
    title: z.string({ error: M.required }).trim().min(1, M.required),
    translateTitle: z.record(z.string(), z.string()).default({}),
    description: z.string().nullable().default(null),
    status: z.enum(programStatuses, { error: (i) => (isBlank(i.input) ? M.required : M.invalidOption) }),
    priority: z.preprocess(
      (v) => (isBlank(v) ? DEFAULT_PRIORITY : typeof v === "string" ? Number(v) : v),
      z.number({ error: M.number }).int(M.wholeNumber).min(1, M.priorityAboveZero),
    ),
    startDate: calendarDate,
    endDate: calendarDate,
  })
  .superRefine((p, ctx) => {
    if (p.startDate && p.endDate && p.endDate <= p.startDate) {
      ctx.addIssue({ code: "custom", message: M.endAfterStart, path: ["endDate"] });
    }
  });

/** Whether a program needs a subscription app: a subscription order program, or a subscription purchase type. */
function asksForSubscriptions(input: ProgramInput): boolean {
  if (input.event === "place_order_subscription") return true;
  const purchaseType = (input.config as Record<string, unknown> | undefined)?.purchaseType;
  return purchaseType === "subscription_purchase" || purchaseType === "both_purchase";
}

/**
 * Validates a program of `type` against the shop with the domain's rules: C-16 and unique
 * priorities against the shop's other earning programs, plan gates (R-02, R-03) and D-13's
 * redemptions so far for redeeming ones. `programId` is the program being edited, if any.
 */
async function validateProgram(
  trx: Tx,
  deps: Deps,
  shop: ShopRow,
  type: string,
  input: ProgramInput,
  programId: string | null,
): Promise<Validation> {
  // C-23, D-11: subscription programs and purchase types need a store that sells subscriptions;
  // the platform is asked only when the program asks for one (decision 0170).
  const subscriptionAppInstalled = asksForSubscriptions(input)
    ? await deps.platform.sellsSubscriptions({ domain: shop.shopify_domain, accessToken: shop.access_token })
    : false;
  if (type === "earning" && isEventProgramEvent(input.event)) return validateEventKind(shop, input);
  if (type === "earning") {
    const existing = await repo.listPrograms(trx, shop.id, "earning");
    const result = validateEarningProgram(input, {
      existingPrograms: existing.map((r) => ({
        id: r.id,
        event: r.event,
        priority: r.priority,
        status: r.status,
        expired: r.ends_at !== null && r.ends_at.getTime() + 86_400_000 < deps.clock.now().getTime(),
        config: r.config,
      })),
      programId,
      subscriptionAppInstalled,
      planRank: planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
    });
    if (!result.ok) return { ok: false, errors: result.errors };
    const { type: _type, event: _event, ...program } = result.program;
    return { ok: true, program: { ...program, config: program.config as Record<string, unknown> } };
  }
  if (type === "spending") {
    const common = spendingCommonSchema.safeParse({ ...input, status: input.status ?? "inactive" });
    const spending = validateSpendingProgram(
      { event: input.event, config: input.config },
      {
        planRank: planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
        hasSubscriptionApp: subscriptionAppInstalled,
        now: deps.clock.now().toISOString(),
        ...(programId
          ? { currentRedemptions: (await repo.countProgramCoupons(trx, shop.id, programId)).redemptions }
          : {}),
      },
    );
    const errors = [
      ...(common.success
        ? []
        : common.error.issues.map((i) => ({ field: i.path.map(String).join("."), message: i.message }))),
      ...(spending.ok ? [] : spending.errors),
    ];
    if (!common.success || !spending.ok) return { ok: false, errors: firstPerField(errors) };
    return { ok: true, program: { ...common.data, config: spending.value.config } };
  }
  return { ok: false, errors: [{ field: "type", message: M.unsupportedEvent }] };
}

/** Issue 15 part 2: reviews, Google reviews, surveys, custom programs and milestones, with their plan gate (R-02, F-06). */
function validateEventKind(shop: ShopRow, input: ProgramInput): Validation {
  const result = validateEventProgram(input);
  const event = input.event as EventProgramEvent;
  const feature = eventProgramFeature(event);
  const gate = eventKindAllowed(shop, event) ? [] : [{ field: "event", message: planGateMessage(feature) }];
  if (!result.ok || gate.length > 0)
    return { ok: false, errors: [...gate, ...(result.ok ? [] : result.errors)] };
  const { type: _type, event: _event, ...program } = result.program;
  return { ok: true, program: { ...program, config: program.config as unknown as Record<string, unknown> } };
}

/** The fields of a body the validators read; the `id` and `type` of a listed program are checked apart. */
function inputOf(body: CreateProgramBody | UpdateProgramBody): ProgramInput {
  const { title, translateTitle, description, status, priority, startDate, endDate, event, config } = body;
  return { title, translateTitle, description, status, priority, startDate, endDate, event, config };
}

function fieldsOf(p: ValidProgram): repo.ProgramFields {
  return {
    title: p.title,
    translateTitle: p.translateTitle,
    description: p.description,
    status: switchOf(p.status),
    priority: p.priority,
    startsAt: dateToStore(p.startDate),
    endsAt: dateToStore(p.endDate),
    config: p.config,
  };
}

/** `POST /lp/programs/earning|spending`: validate, then store; a refusal writes nothing. */
export async function createProgram(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  type: "earning" | "spending",
  body: CreateProgramBody,
): Promise<ProgramSummary> {
  return deps.db.transaction().execute(async (trx) => {
    await repo.lockShopPrograms(trx, shop.id);
    const typeErrors =
      body.type !== undefined && body.type !== type
        ? [{ field: "type", message: `Type must be ${type}` }]
        : [];
    const result = await validateProgram(trx, deps, shop, type, inputOf(body), null);
    if (!result.ok || typeErrors.length > 0) {
      throw invalid(firstPerField([...typeErrors, ...(result.ok ? [] : result.errors)]));
    }
    const id = deps.newId("prg");
    await repo.insertProgram(trx, {
      shopId: shop.id,
      id,
      type,
      event: body.event,
      ...fieldsOf(result.program),
    });
    await auditWrite(trx, shop.id, actor, "program.created", { programId: id, type, event: body.event });
    await refreshCollectionsIfNamed(deps, trx, shop.id, type, [{ ...result.program, event: body.event }]);
    return present(await programOrThrow(trx, shop.id, id), shopTimeOf(deps, shop));
  });
}

/**
 * `PUT /lp/programs/:id`: the fields sent replace the stored ones (a `config` sent is the whole
 * config), the rest keep their value; the result is validated as on create. Type and event are
 * fixed once created: another kind of program is another program.
 */
export async function updateProgram(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  id: string,
  body: UpdateProgramBody,
): Promise<ProgramSummary> {
  return deps.db.transaction().execute(async (trx) => {
    await repo.lockShopPrograms(trx, shop.id);
    const row = await programOrThrow(trx, shop.id, id);
    const fixed: FieldError[] = [];
    if (body.type !== undefined && body.type !== row.type) {
      fixed.push({ field: "type", message: "The type of a program can't be changed" });
    }
    if (body.event !== undefined && body.event !== row.event) {
      fixed.push({ field: "event", message: "The event of a program can't be changed" });
    }
    const result = await validateProgram(trx, deps, shop, row.type, mergeInput(row, body), row.id);
    if (result.ok && removesRuleEngine(row, result.program.config)) {
      fixed.push({ field: "config.statusUseCondition", message: RULE_ENGINE_IRREVERSIBLE });
    }
    if (!result.ok || fixed.length > 0)
      throw invalid(firstPerField([...fixed, ...(result.ok ? [] : result.errors)]));
    await repo.updateProgram(trx, shop.id, row.id, fieldsOf(result.program));
    await auditWrite(trx, shop.id, actor, "program.updated", { programId: row.id, changes: body });
    // The rule read the catalogue before or reads it now: the kept catalogue follows (0140, 0175).
    await refreshCollectionsIfNamed(deps, trx, shop.id, row.type, [
      { ...result.program, event: row.event },
      { event: row.event, config: row.config },
    ]);
    return present(await programOrThrow(trx, shop.id, row.id), shopTimeOf(deps, shop));
  });
}

/**
 * Issue 14: a place order rule naming collections needs their products before orders can match
 * them (webhooks carry products only), and one with product type or tag conditions needs the
 * products' types and tags (decision 0175): the refresh is enqueued with the save (outbox). A rule
 * that read them and no longer does (edited, deleted) refreshes too, so what no rule needs is
 * forgotten.
 */
async function refreshCollectionsIfNamed(
  deps: Deps,
  trx: Tx,
  shopId: string,
  type: string,
  programs: unknown[],
): Promise<void> {
  if (type !== "earning" || !rulesReadCatalogue(programs as EarningProgram[])) return;
  await deps.queue.sendInTransaction(trx, refreshCollectionProducts, { shopId });
}

export const RULE_ENGINE_IRREVERSIBLE = "The rule engine can't be removed once applied";

/**
 * C-18 (`migratedRuleEngine`): applying the rule engine to a place order rule is irreversible
 * once confirmed and saved; its conditions may change, the engine stays.
 */
function removesRuleEngine(row: ProgramRow, config: Record<string, unknown>): boolean {
  const stored = row.config as { statusUseCondition?: unknown };
  return stored.statusUseCondition === true && config.statusUseCondition !== true;
}

function storedInput(row: ProgramRow): ProgramInput {
  return {
    title: row.title,
    translateTitle: row.translate_title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    startDate: dateOf(row.starts_at),
    endDate: dateOf(row.ends_at),
    event: row.event,
    config: row.config,
  };
}

function mergeInput(row: ProgramRow, body: UpdateProgramBody): ProgramInput {
  const sent = Object.fromEntries(Object.entries(inputOf(body)).filter(([, v]) => v !== undefined));
  const merged: ProgramInput = { ...storedInput(row), ...sent, event: row.event };
  // C-12: a place order priority may come as `config.priorityPlaceOrder`; the domain reads it
  // only when `priority` itself is absent.
  if (body.priority === undefined && body.config && "priorityPlaceOrder" in body.config) {
    delete merged.priority;
  }
  return merged;
}

/**
 * `PUT /lp/programs/:id/status` (C-06). Turning a program on checks its settings again, so a
 * program paused by a plan downgrade (C-10) or saved before a rule changed cannot go live
 * invalid; turning one off always works. Dates then make it `scheduled` or `expired` (C-09).
 */
export async function setProgramStatus(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  id: string,
  body: ProgramStatusBody,
): Promise<ProgramSummary> {
  return deps.db.transaction().execute(async (trx) => {
    await repo.lockShopPrograms(trx, shop.id);
    const row = await programOrThrow(trx, shop.id, id);
    if (body.status === "active") {
      const result = await validateProgram(
        trx,
        deps,
        shop,
        row.type,
        { ...storedInput(row), status: "active" },
        row.id,
      );
      if (!result.ok) throw invalid(result.errors);
    }
    await repo.setProgramStatus(trx, shop.id, row.id, body.status);
    await auditWrite(trx, shop.id, actor, "program.status_changed", {
      programId: row.id,
      status: body.status,
    });
    return present(await programOrThrow(trx, shop.id, row.id), shopTimeOf(deps, shop));
  });
}

/**
 * `DELETE /lp/programs/:id`. A redeeming program that issued coupons is refused (409) rather
 * than deleted or hidden: its coupons are live discount codes whose history shows the program's
 * title and whose usage limits (D-13) count against it; the merchant turns it off instead. An
 * earning program may go: ledger entries keep its id as plain text.
 */
export async function deleteProgram(deps: Deps, shopId: string, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockShopPrograms(trx, shopId);
    const row = await programOrThrow(trx, shopId, id);
    if (row.type === "spending" && (await repo.countProgramCoupons(trx, shopId, row.id)).issued > 0) {
      throw new AppError("program_in_use", 409, PROGRAM_HAS_COUPONS, [
        { field: "id", message: PROGRAM_HAS_COUPONS },
      ]);
    }
    await repo.deleteProgram(trx, shopId, row.id);
    await refreshCollectionsIfNamed(deps, trx, shopId, row.type, [{ event: row.event, config: row.config }]);
    await auditWrite(trx, shopId, actor, "program.deleted", {
      programId: row.id,
      type: row.type,
      event: row.event,
    });
  });
}

/**
 * A new shop starts with the spec's default programs (C-15, C-25 and a 500-point amount
 * discount), so the widget has something to show on day one. Idempotent: a shop that already has
 * programs keeps them.
 */
export async function createDefaultPrograms(
  deps: Pick<Deps, "newId">,
  trx: Tx,
  shopId: string,
): Promise<number> {
  if ((await repo.countPrograms(trx, shopId)) > 0) return 0;
  const programs = defaultPrograms();
  for (const p of programs) {
    await repo.insertProgram(trx, {
      shopId,
      id: deps.newId("prg"),
      type: p.type,
      event: p.event,
      title: p.title,
      status: p.status,
      priority: p.priority,
      config: p.config as Record<string, unknown>,
    });
  }
  return programs.length;
}

/** The shop's program rows of one type, for modules that turn them into domain programs. */
export function listProgramRows(conn: Db | Tx, shopId: string, type: string) {
  return repo.listPrograms(conn, shopId, type);
}

/** Every program of the shop, both types, in priority order (the shop context's read). */
export function listAllProgramRows(conn: Db | Tx, shopId: string) {
  return repo.listPrograms(conn, shopId, null);
}
