import type { ProgramRow } from "@laurel/db";
import {
  type EarningProgram,
  earningProgramSchema,
  isEventProgramEvent,
  type ProgramStatus,
  parseEventConfig,
  parseSpendingProgramConfig,
  placeOrderEvents,
  type SpendingEvent,
  type SpendingProgram,
  signUpEvents,
  spendingEvents,
} from "@laurel/domain";
import { ZodError } from "zod";
import type { SkippedProgram } from "../../infra/shop-context";

/** A stored date (00:00 UTC of the day) as the store-local `YYYY-MM-DD` it was saved as (C-09). */
export const dateOf = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);

/** The common fields of a stored program (C-01) as the domain reads them; dates as `YYYY-MM-DD`. */
export function programBaseOf(row: ProgramRow) {
  return {
    id: row.id,
    title: row.title,
    translateTitle: row.translate_title,
    description: row.description,
    status: row.status as ProgramStatus,
    priority: row.priority,
    startDate: dateOf(row.starts_at),
    endDate: dateOf(row.ends_at),
  };
}
/**
 * Stored programs as the engine reads them. The engine never throws on a stored program: one whose
 * settings no longer parse (saved before a bound existed, edited in the database) is skipped, and
 * the reason is kept so the caller can log it and the admin can show it (decision 0031).
 */
export interface StoredPrograms {
  earning: EarningProgram[];
  spending: SpendingProgram[];
  skipped: SkippedProgram[];
}

/** The first problem of a failed parse, named by its field (`config.earnPoint: Points must be …`). */
function reasonOf(error: unknown): string {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    if (issue) return `${issue.path.map(String).join(".") || "program"}: ${issue.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

type Read<T> = { ok: true; program: T } | { ok: false; reason: string };

function readEarning(r: ProgramRow): Read<EarningProgram> {
  const parsed = earningProgramSchema.safeParse({
    ...programBaseOf(r),
    type: "earning",
    event: r.event,
    config: r.config,
  });
  return parsed.success
    ? { ok: true, program: { ...parsed.data, id: r.id } as EarningProgram }
    : { ok: false, reason: reasonOf(parsed.error) };
}

function readSpending(row: ProgramRow): Read<SpendingProgram> {
  if (!(spendingEvents as readonly string[]).includes(row.event)) {
    return { ok: false, reason: `event: unknown reward type ${row.event}` };
  }
  try {
    const event = row.event as SpendingEvent;
    return {
      ok: true,
      program: {
        ...programBaseOf(row),
        type: "spending",
        event,
        config: parseSpendingProgramConfig(event, row.config),
      },
    };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/** Earning events the engine evaluates; other earning kinds are stored but not yet run. */
const EVALUATED_EARNING: ReadonlySet<string> = new Set([...placeOrderEvents, ...signUpEvents]);

/** Why the engine skips a stored program, or null when it reads it (or does not run its kind yet). */
export function storedProgramProblem(row: ProgramRow): string | null {
  if (row.type === "earning") {
    if (isEventProgramEvent(row.event)) return eventConfigProblem(row.event, row.config);
    if (!EVALUATED_EARNING.has(row.event)) return null;
    const read = readEarning(row);
    return read.ok ? null : read.reason;
  }
  if (row.type === "spending") {
    const read = readSpending(row);
    return read.ok ? null : read.reason;
  }
  return null;
}

/** Issue 15 part 2: why a stored review, survey, custom or milestone program no longer parses. */
function eventConfigProblem(event: Parameters<typeof parseEventConfig>[0], config: unknown): string | null {
  const read = parseEventConfig(event, config);
  return read.ok ? null : read.reason;
}

export function readStoredPrograms(rows: readonly ProgramRow[]): StoredPrograms {
  const out: StoredPrograms = { earning: [], spending: [], skipped: [] };
  for (const row of rows) {
    if (row.type === "earning" && EVALUATED_EARNING.has(row.event)) {
      const read = readEarning(row);
      if (read.ok) out.earning.push(read.program);
      else out.skipped.push({ programId: row.id, event: row.event, reason: read.reason });
    } else if (row.type === "spending") {
      const read = readSpending(row);
      if (read.ok) out.spending.push(read.program);
      else out.skipped.push({ programId: row.id, event: row.event, reason: read.reason });
    }
  }
  return out;
}

/** Stored earning programs as the domain reads them; a row whose settings no longer parse earns nothing. */
export function toEarningPrograms(rows: readonly ProgramRow[]): EarningProgram[] {
  return readStoredPrograms(rows.filter((r) => r.type === "earning")).earning;
}
