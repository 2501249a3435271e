import { describe, expect, it } from "vitest";
import { formatStoreDate, type StoreDateFormat } from "./store-date";

describe("formatStoreDate (K-11, M-02)", () => {
  it.each<[StoreDateFormat, string, string]>([
    ["month_day", "en", "March 3"],
    ["month_day", "fr", "3 mars"],
    ["MM/DD/YYYY", "en", "03/03/2026"],
    ["DD/MM/YYYY", "de", "03/03/2026"],
    ["YYYY-MM-DD", "ja", "2026-03-03"],
  ])("%s in %s", (format, language, expected) => {
    expect(formatStoreDate("2026-03-03", format, language)).toBe(expected);
  });

  it("keeps day and month apart", () => {
    expect(formatStoreDate("2026-04-05", "MM/DD/YYYY", "en")).toBe("04/05/2026");
    expect(formatStoreDate("2026-04-05", "DD/MM/YYYY", "en")).toBe("05/04/2026");
  });
});
