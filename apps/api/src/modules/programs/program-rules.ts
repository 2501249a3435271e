import type { ProgramRow } from "@laurel/db";
import {
  type EarningProgram,
  earningProgramSchema,
  parseSpendingProgramConfig,
  type SpendingEvent,
  type SpendingProgram,
  spendingEvents,
} from "@laurel/domain";
import { programBaseOf } from "./programs.service";

/** Stored earning programs as the domain reads them; a row whose settings no longer parse earns nothing. */
export function toEarningPrograms(rows: readonly ProgramRow[]): EarningProgram[] {
  return rows.flatMap((r) => {
    if (r.type !== "earning") return [];
    const parsed = earningProgramSchema.safeParse({
      ...programBaseOf(r),
      type: "earning",
      event: r.event,
      config: r.config,
    });
    return parsed.success ? [{ ...parsed.data, id: r.id } as EarningProgram] : [];
  });
}

/** A stored program as the domain's spending rules read it; null when its settings do not parse. */
export function toSpendingProgram(row: ProgramRow): SpendingProgram | null {
  if (row.type !== "spending" || !(spendingEvents as readonly string[]).includes(row.event)) return null;
  try {
    const event = row.event as SpendingEvent;
    return {
      ...programBaseOf(row),
      type: "spending",
      event,
      config: parseSpendingProgramConfig(event, row.config),
    };
  } catch {
    return null;
  }
}
