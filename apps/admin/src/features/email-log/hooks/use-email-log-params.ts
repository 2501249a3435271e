import { notificationEvents, notificationStatuses } from "@laurel/contracts";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * The log's filters and page in the URL (DESIGN §6): `status`, `event`, `query`; `pages` = the
 * cursors walked through (the last is the current page, so Previous works after a reload).
 */
const oneOf = (list: readonly string[], v: string | null) => (v && list.includes(v) ? v : undefined);

export function useEmailLogParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => ({
      status: oneOf(notificationStatuses, params.get("status")),
      event: oneOf(notificationEvents, params.get("event")),
      query: params.get("query") || undefined,
      cursors: (params.get("pages") ?? "").split(",").filter((c) => /^[A-Za-z0-9_-]+$/.test(c)),
    }),
    [params],
  );
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }),
    [setParams],
  );
  return {
    ...state,
    /** A new filter starts again from the newest page. */
    setFilter: (key: "status" | "event" | "query", value: string | undefined) =>
      update({ [key]: value, pages: undefined }),
    clearFilters: () => update({ status: undefined, event: undefined, query: undefined, pages: undefined }),
    nextPage: (cursor: string) => update({ pages: [...state.cursors, cursor].join(",") }),
    previousPage: () => update({ pages: state.cursors.slice(0, -1).join(",") || undefined }),
  };
}
