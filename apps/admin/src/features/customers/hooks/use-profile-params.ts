import { type CustomerActivityFilter, customerActivityFilters } from "@laurel/contracts";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

const isFilter = (v: string | null): v is CustomerActivityFilter =>
  v !== null && (customerActivityFilters as readonly string[]).includes(v);

/**
 * The profile's state in the URL (DESIGN §6): the activity sub-tab (`activity`) and its page
 * (`apage`), and the open dialog (`dialog=adjust|exclude|join`, `revoke=<couponId>`).
 */
export function useProfileParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => {
    const filter = params.get("activity");
    const page = Number.parseInt(params.get("apage") ?? "1", 10);
    const dialog = params.get("dialog");
    return {
      filter: isFilter(filter) ? filter : ("all" as const),
      page: Number.isSafeInteger(page) && page > 0 ? page : 1,
      dialog: dialog === "adjust" || dialog === "exclude" || dialog === "join" ? dialog : null,
      revoke: params.get("revoke"),
    };
  }, [params]);

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
    setFilter: (f: CustomerActivityFilter) =>
      update({ activity: f === "all" ? undefined : f, apage: undefined }),
    setPage: (p: number) => update({ apage: p > 1 ? String(p) : undefined }),
    openDialog: (d: "adjust" | "exclude" | "join" | null) => update({ dialog: d ?? undefined }),
    openRevoke: (couponId: string | null) => update({ revoke: couponId ?? undefined }),
  };
}
