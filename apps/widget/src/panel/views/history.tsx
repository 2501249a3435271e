import type { PageInfo, ProxyActivity } from "@laurel/contracts";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Ctx } from "../context";

const PAGE_SIZE = 10;

/** "earn_place_order" → its own text, else its category's ("activity.earn"), else "activity.other". */
function activityText(c: Ctx, type: string): string {
  const texts = c.settings.translations;
  const category = /^(earn|redeem|adjust|remove)_/.exec(type)?.[1] ?? "other";
  return texts[`activity.${type}`] ?? c.t(`activity.${category}`);
}

/** Point history, newest first, ten at a time ("Load more"). */
export function HistoryView({ c }: { c: Ctx }) {
  const { t } = c;
  const [items, setItems] = useState<ProxyActivity[] | null>(null);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const list = useRef<HTMLUListElement>(null);

  const load = (next: number) => {
    setBusy(true);
    setError("");
    c.get<{ activities: ProxyActivity[]; pageInfo: PageInfo }>(
      `/activities?page=${next}&pageSize=${PAGE_SIZE}`,
    )
      .then((r) => {
        const before = next === 1 ? 0 : (items?.length ?? 0);
        setItems((old) => [...(next === 1 ? [] : (old ?? [])), ...r.activities]);
        setPage(next);
        setMore(r.pageInfo.hasNextPage);
        // The first new line takes the focus, so "Load more" disappearing never drops it.
        if (next > 1) setTimeout(() => (list.current?.children[before] as HTMLElement | undefined)?.focus());
      })
      .catch((e: Error) => {
        setError(e.message);
      })
      .finally(() => setBusy(false));
  };
  useEffect(() => load(1), []);

  return (
    <section aria-labelledby="lw-history">
      <h3 id="lw-history">{t("history.title")}</h3>
      {items && items.length === 0 && <p class="lw-muted">{t("history.empty")}</p>}
      {!items && !error && <p class="lw-muted">{t("panel.loading")}</p>}
      <ul class="lw-list" ref={list} data-testid="laurel-history">
        {(items ?? []).map((a) => {
          const pending = a.points === 0 && a.pendingPoints !== 0;
          const n = pending ? a.pendingPoints : a.points;
          return (
            <li key={a.id} tabIndex={-1} data-testid="laurel-history-item">
              <span>
                {activityText(c, a.activityType)}
                {a.orderName && <small data-testid="laurel-history-order"> · {a.orderName}</small>}
                <small class="lw-muted"> · {c.date(a.createdAt)}</small>
              </span>
              <b class={n < 0 ? "lw-neg" : "lw-pts"}>
                {n > 0 ? "+" : ""}
                {c.points(n)}
                {pending && ` (${t("history.pending")})`}
              </b>
            </li>
          );
        })}
      </ul>
      {error && (
        <p class="lw-err" role="alert" data-testid="laurel-error">
          {error}
        </p>
      )}
      {more && (
        <button
          type="button"
          class="lw-btn lw-sec"
          disabled={busy}
          data-testid="laurel-history-more"
          onClick={() => load(page + 1)}
        >
          {t("history.more")}
        </button>
      )}
    </section>
  );
}
