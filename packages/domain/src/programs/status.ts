/** C-04, C-09, X-43: a program's status at an instant follows from its switch and its dates. */
import { programDatePhase } from "../earning/store-time";
import type { IsoInstant } from "../earning/types";
import type { ProgramStatus } from "./common";

/** Statuses that mean "switched on"; `scheduled` and `expired` are derived from the dates. */
const SWITCHED_ON: readonly ProgramStatus[] = ["active", "scheduled", "expired"];

/**
 * The status to show, to earn and to redeem by — the one implementation of program-date status:
 * a switched-on program is `scheduled` before 00:00:00 store time of its start date, `expired`
 * after 23:59:59.999 of its end date, else `active`. Any other status (inactive, draft, paused,
 * editing) stands as stored. `utcOffsetMinutes` is the store's offset at `at` (`utcOffsetMinutes()`).
 */
export function effectiveProgramStatus(
  program: { status: ProgramStatus; startDate: string | null; endDate: string | null },
  at: IsoInstant,
  utcOffsetMinutes: number,
): ProgramStatus {
  if (!SWITCHED_ON.includes(program.status)) return program.status;
  const phase = programDatePhase(program, at, utcOffsetMinutes);
  return phase === "before" ? "scheduled" : phase === "after" ? "expired" : "active";
}
