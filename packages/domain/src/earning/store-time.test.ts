import { describe, expect, it } from "vitest";
import { effectiveProgramStatus } from "../programs/status";
import { addStoreMonths, isWithinProgramDates, limitWindowKey, storeDateOf } from "./store-time";

const sameWindow = (unit: Parameters<typeof limitWindowKey>[0], a: string, b: string, offset = 0) =>
  limitWindowKey(unit, a, offset) === limitWindowKey(unit, b, offset);

describe("X-29: calendar-aligned limit windows in store time", () => {
  it.each([
    ["minute: same minute", "minute", "2026-06-15T10:00:00Z", "2026-06-15T10:00:59Z", 0, true],
    ["minute: next minute", "minute", "2026-06-15T10:00:59Z", "2026-06-15T10:01:00Z", 0, false],
    ["hour: same hour", "hour", "2026-06-15T10:00:00Z", "2026-06-15T10:59:59Z", 0, true],
    [
      "hour: 30-minute offset shifts the boundary",
      "hour",
      "2026-06-15T10:20:00Z",
      "2026-06-15T10:40:00Z",
      330,
      false,
    ],
    [
      "day: UTC midnight is not store midnight (UTC−5)",
      "day",
      "2026-06-15T03:00:00Z",
      "2026-06-14T20:00:00Z",
      -300,
      true,
    ],
    [
      "day: store midnight splits (UTC−5)",
      "day",
      "2026-06-15T04:59:00Z",
      "2026-06-15T05:00:00Z",
      -300,
      false,
    ],
    ["day: UTC+10 next store day", "day", "2026-06-15T13:59:00Z", "2026-06-15T14:00:00Z", 600, false],
    [
      "week: Monday and Sunday of the same week",
      "week",
      "2026-06-15T00:00:00Z",
      "2026-06-21T23:59:59Z",
      0,
      true,
    ],
    ["week: Sunday and the next Monday", "week", "2026-06-21T23:59:59Z", "2026-06-22T00:00:00Z", 0, false],
    [
      "week: across a year end (Mon 29 Dec 2025 – Sun 4 Jan 2026)",
      "week",
      "2025-12-29T08:00:00Z",
      "2026-01-04T08:00:00Z",
      0,
      true,
    ],
    ["month: 1st and 30th", "month", "2026-06-01T00:00:00Z", "2026-06-30T23:59:59Z", 0, true],
    [
      "month: store time decides (UTC+2, 31 May 23:00 UTC is 1 June)",
      "month",
      "2026-05-31T23:00:00Z",
      "2026-06-10T00:00:00Z",
      120,
      true,
    ],
    ["month: different months", "month", "2026-05-31T12:00:00Z", "2026-06-01T12:00:00Z", 0, false],
    ["year: same year", "year", "2026-01-01T00:00:00Z", "2026-12-31T23:59:59Z", 0, true],
    [
      "year: new year in store time (UTC−8)",
      "year",
      "2026-12-31T20:00:00Z",
      "2027-01-01T07:59:00Z",
      -480,
      true,
    ],
    ["lifetime: always one window", "lifetime", "2001-01-01T00:00:00Z", "2099-01-01T00:00:00Z", 0, true],
  ] as const)("%s", (_label, unit, a, b, offset, expected) => {
    expect(sameWindow(unit, a, b, offset)).toBe(expected);
  });

  it("refuses a malformed instant", () => {
    expect(() => limitWindowKey("day", "yesterday", 0)).toThrow(RangeError);
  });
});

describe("C-09, X-43: program dates in store time", () => {
  const dates = { startDate: "2026-06-01", endDate: "2026-06-30" };
  it.each([
    ["starts 00:00:00 store time (UTC+7 → 17:00 UTC the day before)", "2026-05-31T17:00:00Z", 420, true],
    ["one second before the start", "2026-05-31T16:59:59Z", 420, false],
    ["the end date is inclusive to 23:59:59.999 store time", "2026-06-30T16:59:59.999Z", 420, true],
    ["after the end date", "2026-06-30T17:00:00Z", 420, false],
    ["UTC−5: 04:59 UTC on the 1st is still 31 May", "2026-06-01T04:59:00Z", -300, false],
  ])("%s", (_label, at, offset, expected) => {
    expect(isWithinProgramDates(dates, at, offset)).toBe(expected);
  });

  it("open dates always hold", () => {
    expect(isWithinProgramDates({ startDate: null, endDate: null }, "1999-01-01T00:00:00Z", 0)).toBe(true);
  });

  it("the store date of an instant", () => {
    expect(storeDateOf("2026-06-15T23:30:00Z", 60)).toBe("2026-06-16");
    expect(storeDateOf("2026-06-15T00:30:00Z", -60)).toBe("2026-06-14");
  });
});

describe("C-04, C-09: effective status", () => {
  const program = (status: "active" | "inactive" | "scheduled" | "expired" | "paused" | "draft") => ({
    status,
    startDate: "2026-06-01",
    endDate: "2026-06-30",
  });
  it.each([
    ["active before the start is scheduled", "active", "2026-05-20T00:00:00Z", "scheduled"],
    ["active within the dates", "active", "2026-06-15T00:00:00Z", "active"],
    ["active after the end is expired", "active", "2026-07-01T00:00:00Z", "expired"],
    [
      "a stored scheduled program becomes active on its start date",
      "scheduled",
      "2026-06-01T00:00:00Z",
      "active",
    ],
    ["a stored expired program reads active inside the dates", "expired", "2026-06-15T00:00:00Z", "active"],
    ["inactive stays inactive", "inactive", "2026-06-15T00:00:00Z", "inactive"],
    ["C-10 paused stays paused", "paused", "2026-06-15T00:00:00Z", "paused"],
    ["draft stays draft", "draft", "2026-06-15T00:00:00Z", "draft"],
  ] as const)("%s", (_label, status, at, expected) => {
    expect(effectiveProgramStatus(program(status), at, 0)).toBe(expected);
  });
});

describe("calendar months in store time", () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ["31 Jan + 1 month → 28 Feb", "2026-01-31T10:00:00.000Z", 1, 0, "2026-02-28T10:00:00.000Z"],
    [
      "31 Jan + 1 month in a leap year → 29 Feb",
      "2028-01-31T10:00:00.000Z",
      1,
      0,
      "2028-02-29T10:00:00.000Z",
    ],
    ["15 Nov + 3 months → 15 Feb next year", "2026-11-15T10:00:00.000Z", 3, 0, "2027-02-15T10:00:00.000Z"],
    [
      "store time decides the day (UTC+9: 31 Jan 20:00 UTC is 1 Feb)",
      "2026-01-31T20:00:00.000Z",
      1,
      540,
      "2026-02-28T20:00:00.000Z",
    ],
    ["0 months is the same instant", "2026-03-31T10:00:00.000Z", 0, 0, "2026-03-31T10:00:00.000Z"],
  ])("%s", (_label, start, months, offset, expected) => {
    expect(new Date(addStoreMonths(at(start), months, offset)).toISOString()).toBe(expected);
  });
});
