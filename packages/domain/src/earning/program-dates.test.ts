import { describe, expect, it } from "vitest";
import { effectiveProgramStatus } from "../programs/status";
import { checkProgramAvailable } from "../redemption/quote";
import { utcOffsetMinutes } from "./store-time";

describe("utcOffsetMinutes: a shop's time zone as the offset store-time rules take", () => {
  it.each([
    ["America/New_York", "2026-01-15T12:00:00Z", -300],
    ["America/New_York", "2026-07-15T12:00:00Z", -240],
    ["Asia/Kolkata", "2026-01-15T12:00:00Z", 330],
    ["Pacific/Kiritimati", "2026-01-15T12:00:00Z", 840],
    ["UTC", "2026-01-15T12:00:00Z", 0],
    ["Not/A_Zone", "2026-01-15T12:00:00Z", 0],
    [null, "2026-01-15T12:00:00Z", 0],
  ])("%s at %s → %i", (zone, at, expected) => {
    expect(utcOffsetMinutes(zone, at)).toBe(expected);
    expect(utcOffsetMinutes(zone, new Date(at))).toBe(expected);
  });
});

describe("C-04, C-09: one program-date status for earning, listing and redeeming", () => {
  const zones = ["UTC", "America/New_York", "Pacific/Auckland", "Asia/Kolkata", "Pacific/Kiritimati"];
  const instants = [
    "2025-02-28T10:59:59Z",
    "2025-02-28T11:00:00Z",
    "2025-03-01T04:59:59Z",
    "2025-03-01T05:00:00Z",
    "2025-03-02T23:59:59Z",
    "2025-03-03T00:00:00Z",
    "2025-03-03T05:00:00Z",
  ];
  const program = { status: "active" as const, startDate: "2025-03-01", endDate: "2025-03-02" };
  const cases = zones.flatMap((zone) => instants.map((at) => [zone, at] as const));

  it.each(cases)("redeeming refuses exactly when the listed status is not active (%s, %s)", (zone, at) => {
    const status = effectiveProgramStatus(program, at, utcOffsetMinutes(zone, at));
    const refusal = checkProgramAvailable(program, at, zone);
    const expected =
      status === "scheduled" ? "program_scheduled" : status === "expired" ? "program_expired" : null;
    expect(refusal).toBe(expected);
  });

  it("the start date opens at 00:00 store time, the end date closes after 23:59:59.999", () => {
    const ny = (at: string) => effectiveProgramStatus(program, at, utcOffsetMinutes("America/New_York", at));
    expect(ny("2025-03-01T04:59:59.999Z")).toBe("scheduled");
    expect(ny("2025-03-01T05:00:00.000Z")).toBe("active");
    expect(ny("2025-03-03T04:59:59.999Z")).toBe("active");
    expect(ny("2025-03-03T05:00:00.000Z")).toBe("expired");
  });
});
