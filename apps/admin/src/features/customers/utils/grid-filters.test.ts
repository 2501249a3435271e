import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_GRID_FILTERS, GRID_FILTERS_KEY, readGridFilters, writeGridFilters } from "./grid-filters";

afterEach(() => window.localStorage.clear());

describe("customer grid filters in local storage (A-23)", () => {
  it("remembers the tab and the sort", () => {
    writeGridFilters({ tab: "guest", sort: "points" });
    expect(readGridFilters()).toEqual({ tab: "guest", sort: "points" });
  });

  it.each(["not json", '"x"', '{"tab":"vip","sort":"name"}', "null"])(
    "reads %s as defaults where unknown",
    (raw) => {
      window.localStorage.setItem(GRID_FILTERS_KEY, raw);
      const read = readGridFilters();
      expect(read.tab).toBe(DEFAULT_GRID_FILTERS.tab);
      expect(["newest", "name"]).toContain(read.sort);
    },
  );
});
