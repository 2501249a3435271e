import {
  type CustomerListSort,
  type CustomerListTab,
  customerListSorts,
  customerListTabs,
} from "@laurel/contracts";

/** the customer grid's filters (tab and sort) are remembered in local storage. */
export const GRID_FILTERS_KEY = "laurel.customers.gridFilters";

export interface GridFilters {
  tab: CustomerListTab;
  sort: CustomerListSort;
}

export const DEFAULT_GRID_FILTERS: GridFilters = { tab: "all", sort: "newest" };

export const isTab = (v: unknown): v is CustomerListTab =>
  typeof v === "string" && (customerListTabs as readonly string[]).includes(v);
export const isSort = (v: unknown): v is CustomerListSort =>
  typeof v === "string" && (customerListSorts as readonly string[]).includes(v);

/** The remembered filters; anything unreadable (storage off, old or foreign values) is the default. */
export function readGridFilters(): GridFilters {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(GRID_FILTERS_KEY) ?? "null");
    if (typeof raw !== "object" || raw === null) return DEFAULT_GRID_FILTERS;
    const { tab, sort } = raw as Record<string, unknown>;
    return {
      tab: isTab(tab) ? tab : DEFAULT_GRID_FILTERS.tab,
      sort: isSort(sort) ? sort : DEFAULT_GRID_FILTERS.sort,
    };
  } catch {
    return DEFAULT_GRID_FILTERS;
  }
}

export function writeGridFilters(filters: GridFilters): void {
  try {
    window.localStorage.setItem(GRID_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage unavailable: the filters are simply not remembered.
  }
}
