import type { CustomerListSort, CustomerListTab } from "@laurel/contracts";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { isSort, isTab, readGridFilters, writeGridFilters } from "../utils/grid-filters";

/**
 * The list's state in the URL (DESIGN §6): `tab`, `sort`, `q` (search), `pages` (the cursors walked
 * through; the last is the current page, so Previous works after a reload) and `adjust` (the
 * adjustment dialog open for a customer id). Without `tab`/`sort` in the URL the remembered grid
 * filters apply; choosing one remembers it.
 */
export function useCustomerListParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => {
    const remembered = readGridFilters();
    const tab = params.get("tab");
    const sort = params.get("sort");
    return {
      tab: isTab(tab) ? tab : remembered.tab,
      sort: isSort(sort) ? sort : remembered.sort,
      search: params.get("q") ?? "",
      cursors: (params.get("pages") ?? "").split(",").filter((c) => /^[A-Za-z0-9_-]+$/.test(c)),
      adjust: params.get("adjust"),
    };
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | undefined>, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const actions = useMemo(
    () => ({
      setTab: (tab: CustomerListTab) => {
        writeGridFilters({ tab, sort: state.sort });
        update({ tab, pages: undefined });
      },
      setSort: (sort: CustomerListSort) => {
        writeGridFilters({ tab: state.tab, sort });
        update({ sort, pages: undefined });
      },
      /** Typing replaces the history entry (one Back leaves the search, not one letter). */
      setSearch: (q: string) => update({ q: q || undefined, pages: undefined }, true),
      nextPage: (cursor: string) => update({ pages: [...state.cursors, cursor].join(",") }),
      previousPage: () => update({ pages: state.cursors.slice(0, -1).join(",") || undefined }),
      openAdjust: (id: string | null) => update({ adjust: id ?? undefined }),
    }),
    [state.cursors, state.sort, state.tab, update],
  );

  return { ...state, ...actions };
}
