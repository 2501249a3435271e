import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBirthday, parseBirthday } from "./birthday";

describe("birthdays (J-09)", () => {
  it.each([
    ["02/29", { month: 2, day: 29 }],
    ["1/5", { month: 1, day: 5 }],
    ["12-31", { month: 12, day: 31 }],
    [" 07.04 ", { month: 7, day: 4 }],
  ])("reads %s", (input, expected) => expect(parseBirthday(input)).toEqual(expected));

  it.each(["", "13/01", "00/10", "04/31", "02/30", "1990-01-01", "ab/cd", "1/1/1"])("refuses %s", (input) =>
    expect(parseBirthday(input)).toBeNull(),
  );

  it("formats and reads back every day of the year", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2024-01-01"), max: new Date("2024-12-31"), noInvalidDate: true }),
        (d) => {
          const b = { month: d.getUTCMonth() + 1, day: d.getUTCDate() };
          expect(parseBirthday(formatBirthday(b))).toEqual(b);
          expect(parseBirthday(formatBirthday(b, "-"))).toEqual(b);
        },
      ),
    );
  });
});
