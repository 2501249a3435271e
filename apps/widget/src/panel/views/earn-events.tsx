import { useEffect, useState } from "preact/hooks";
import type { Ctx } from "../context";

interface Way {
  programId: string;
  event: string;
  title: string;
  points: number;
  state: "available" | "done" | "pending" | "locked";
  link: string | null;
  detail: string | null;
}

/** A merchant's link opens only if it is http(s) or a path on the store. */
const safe = (l: string | null) =>
  l && (/^https?:\/\//i.test(l) || (l.startsWith("/") && !l.startsWith("//"))) ? l : null;

/**
 * Issue 15 part 2: reviews, Google Maps review, survey, custom programs and milestones, each with
 * its state (done, pending, available, locked) and its action.
 */
export function EarnEventsView({ c }: { c: Ctx }) {
  const { t } = c;
  const [ways, setWays] = useState<Way[] | null>(null);
  const [error, setError] = useState("");
  const load = () =>
    c.get<{ ways: Way[] }>("/earn-events/ways").then(
      (r) => setWays(r.ways),
      (e: Error) => setError(e.message),
    );
  useEffect(() => void load(), []);
  if (error && !ways)
    return (
      <p class="lw-err" role="alert">
        {error}
      </p>
    );
  if (!ways) return <p class="lw-muted">{t("panel.loading")}</p>;
  return (
    <section aria-labelledby="lw-more" data-testid="laurel-earnmore">
      <h3 id="lw-more">{t("earnmore.title")}</h3>
      {ways.length === 0 && <p class="lw-muted">{t("earnmore.none")}</p>}
      <ul class="lw-list">
        {ways.map((w) => (
          <li
            key={w.programId}
            class={w.state === "done" ? "lw-done" : ""}
            data-testid="laurel-earnmore-item"
            data-event={w.event}
          >
            <span>{w.title}</span>
            <small class="lw-pts">{c.points(w.points)}</small>
            <WayAction c={c} way={w} onDone={load} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function WayAction({ c, way, onDone }: { c: Ctx; way: Way; onDone: () => void }) {
  const { t } = c;
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (way.state === "locked") return <small class="lw-muted">{t("earnmore.signIn")}</small>;
  if (way.state === "pending")
    return (
      <small class="lw-muted" data-testid="laurel-earnmore-pending">
        {t("earnmore.pending")}
      </small>
    );
  if (way.state === "done") return <small>✓ {t("earnmore.done")}</small>;
  if (way.event === "milestone")
    return <small class="lw-muted">{t("earnmore.milestone", { values: way.detail ?? "" })}</small>;
  const link = safe(way.link);
  if (way.event !== "google_maps_review") {
    return link ? (
      <a
        class="lw-btn lw-sm"
        href={link}
        target={link.startsWith("/") ? undefined : "_blank"}
        rel="noopener noreferrer"
      >
        {t(`earnmore.${way.event}`)}
      </a>
    ) : null;
  }
  const submit = (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    c.post<{ instantPoints: number }>("/earn-events/google-review", { url })
      .then((r) => {
        c.announce(t("earnmore.google_sent", { points: c.points(r.instantPoints) }));
        c.reload();
        onDone();
      })
      .catch((err: Error) => setError(err.message))
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} class="lw-form">
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer">
          {t("earnmore.google_open")}
        </a>
      )}
      <label>
        {t("earnmore.google_label")}
        <input
          type="url"
          required
          value={url}
          onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          data-testid="laurel-google-url"
        />
      </label>
      <button type="submit" class="lw-btn lw-sm" disabled={busy} data-testid="laurel-google-submit">
        {t("earnmore.google_submit")}
      </button>
      {error && (
        <p class="lw-err" role="alert" data-testid="laurel-error">
          {error}
        </p>
      )}
    </form>
  );
}
