import { describe, expect, it } from "vitest";
import { formatChange, formatDateTime12h, formatFigure, formatStoreDay } from "./format";

describe("K-11 date display", () => {
  it.each([
    ["2026-03-03", "March 3rd"],
    ["2026-03-01", "March 1st"],
    ["2026-03-02", "March 2nd"],
    ["2026-03-11", "March 11th"],
    ["2026-03-12", "March 12th"],
    ["2026-03-13", "March 13th"],
    ["2026-03-21", "March 21st"],
    ["2026-03-22", "March 22nd"],
    ["2026-03-23", "March 23rd"],
  ])("%s is %s", (day, shown) => {
    expect(formatStoreDay(day, "ordinal", "en-US")).toBe(shown);
  });

  it("MM/DD/YYYY and DD/MM/YYYY", () => {
    expect(formatStoreDay("2026-03-04", "mdy", "en-US")).toBe("03/04/2026");
    expect(formatStoreDay("2026-03-04", "dmy", "en-GB")).toBe("04/03/2026");
  });

  it("date-times on a 12-hour clock in the store's time zone", () => {
    expect(formatDateTime12h("2026-03-04T18:05:00Z", "en-US", "America/New_York")).toMatch(/1:05\sPM/);
  });
});

describe("figures", () => {
  it("money from minor units, percent and counts", () => {
    expect(formatFigure(123456, "money", "en-US", "USD")).toBe("$1,234.56");
    expect(formatFigure(500, "money", "en-US", "JPY")).toBe("¥500");
    expect(formatFigure(0.256, "percent", "en-US", "USD")).toBe("25.6%");
    expect(formatFigure(null, "points", "en-US", "USD")).toBe("—");
    expect(formatChange(0.125, "en-US")).toBe("+12.5%");
    expect(formatChange(null, "en-US")).toBeNull();
  });
});
