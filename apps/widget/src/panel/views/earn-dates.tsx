import type { ProxyEarnDatesView, ProxyEarnResult } from "@laurel/contracts";
import { useEffect, useState } from "preact/hooks";
import type { Ctx } from "../context";
import { MemberVip } from "./member-vip";

/** A member's home extras in this chunk: their VIP deal and coupons (issue 10), then the list below. */
export function EarnDatesList({ c }: { c: Ctx }) {
  return (
    <>
      <MemberVip c={c} />
      <EarnDatesItems c={c} />
    </>
  );
}

/**
 * Birthday, anniversary, visit, streak and social ways to earn with the shopper's state and
 * action (issue 15, part 1), in their own chunk: loaded with a member's home view.
 */
function EarnDatesItems({ c }: { c: Ctx }) {
  const [view, setView] = useState<ProxyEarnDatesView | null>(null);
  const load = () =>
    c.get<ProxyEarnDatesView>("/earn-dates").then(
      (v) => setView(v),
      () => setView(null),
    );
  useEffect(() => void load(), [c]);
  if (!view) return null;
  const { t } = c;
  const earned = (r: ProxyEarnResult) => {
    c.announce(r.points > 0 ? t("earn.earned", { points: c.points(r.points) }) : (r.message ?? ""));
    c.reload();
    load();
  };
  const state = (s: string) => (s === "done" ? `✓ ${t("earn.completed")}` : "");
  return (
    <ul class="lw-list" data-testid="laurel-earn-dates">
      {view.birthday && <Birthday c={c} b={view.birthday} onSaved={setView} onEarned={earned} />}
      {view.anniversary && (
        <li>
          <span>{view.anniversary.title}</span>
          <small>
            {c.points(view.anniversary.points)}
            {view.anniversary.nextOn && ` · ${t("earn.nextOn", { date: c.date(view.anniversary.nextOn) })}`}
          </small>
        </li>
      )}
      {view.streak && (
        <li class={view.streak.state === "done" ? "lw-done" : ""} data-testid="laurel-streak">
          <span>{view.streak.title}</span>
          <small>
            {t("earn.streakDay", { day: view.streak.day, length: view.streak.length })}
            {view.streak.message ? ` · ${view.streak.message}` : ""}
          </small>
        </li>
      )}
      {view.social.map((s) => (
        <li key={s.programId} class={s.state === "done" ? "lw-done" : ""} data-testid="laurel-social">
          <span>{s.title}</span>
          <small>{state(s.state) || c.points(s.points)}</small>
          {s.state === "available" && (
            <a
              class="lw-btn lw-sm"
              href={s.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="laurel-social-go"
              onClick={() => {
                // G-24: the link opens in a new tab; the points come when the shopper is back here.
                const back = () => {
                  if (document.visibilityState !== "visible") return;
                  document.removeEventListener("visibilitychange", back);
                  c.post<ProxyEarnResult>("/social", { programId: s.programId }).then(earned, (e: Error) =>
                    c.announce(e.message),
                  );
                };
                document.addEventListener("visibilitychange", back);
              }}
            >
              {t("earn.go")}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function Birthday({
  c,
  b,
  onSaved,
  onEarned,
}: {
  c: Ctx;
  b: NonNullable<ProxyEarnDatesView["birthday"]>;
  onSaved: (v: ProxyEarnDatesView) => void;
  onEarned: (r: ProxyEarnResult) => void;
}) {
  const { t } = c;
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const save = (e: Event) => {
    e.preventDefault();
    setError("");
    c.post<ProxyEarnDatesView>("/birthday", { birthday: value }).then(
      (v) => {
        c.announce(t("earn.birthdaySaved"));
        onSaved(v);
      },
      (err: Error) => setError(err.message || t("message.birthday_invalid")),
    );
  };
  return (
    <li class={b.state === "done" ? "lw-done" : ""} data-testid="laurel-birthday">
      <span>{b.title}</span>
      <small>
        {b.state === "done"
          ? `✓ ${t("earn.completed")}`
          : b.points > 0
            ? c.points(b.points)
            : birthdayDiscount(c, b)}
        {b.value && b.nextOn && b.state !== "done" && ` · ${t("earn.nextOn", { date: c.date(b.nextOn) })}`}
      </small>
      {b.state === "available" && b.value && b.delivery === "manual" && (
        <button
          type="button"
          class="lw-btn lw-sm"
          data-testid="laurel-birthday-claim"
          onClick={() =>
            c.post<ProxyEarnResult>("/birthday/claim").then(onEarned, (e: Error) => c.announce(e.message))
          }
        >
          {t("earn.claim")}
        </button>
      )}
      {!b.value && (
        <form onSubmit={save} class="lw-bday">
          <label>
            {t("earn.birthday")}
            <input
              type={b.inputMethod === "calendar" ? "date" : "text"}
              placeholder={b.inputMethod === "calendar" ? undefined : b.dateFormat}
              value={value}
              onInput={(e) => setValue((e.target as HTMLInputElement).value)}
              aria-invalid={error ? "true" : undefined}
              aria-describedby={error ? "lw-bday-err" : undefined}
              data-testid="laurel-birthday-input"
              required
            />
          </label>
          <button type="submit" class="lw-btn lw-sm" data-testid="laurel-birthday-save">
            {t("earn.save")}
          </button>
          {error && (
            <small id="lw-bday-err" role="alert" class="lw-err">
              {error}
            </small>
          )}
        </form>
      )}
    </li>
  );
}

/** G-21 … G-23: one visit per page load of a signed-in member; the popup says what it earned. */
export function recordVisit(c: Ctx): Promise<number> {
  return c.post<ProxyEarnResult>("/visit").then(
    (r) => r.points,
    () => 0,
  );
}

/** G-21 … G-23: records the page view as a visit; what it earned shows in the popup for 8 s. */
export async function visitWithPopup(c: Ctx, show: (text: string) => void): Promise<void> {
  const points = await recordVisit(c);
  if (points <= 0) return;
  show(c.t("earn.visitPopup", { points: c.points(points) }));
  c.reload();
  setTimeout(() => show(""), 8000);
}

/** G-01: a birthday paid as a discount says what it gives ("15% off", "$5.00 off"); its code arrives in My coupons. */
function birthdayDiscount(c: Ctx, b: NonNullable<ProxyEarnDatesView["birthday"]>): string {
  if (b.rewardValue === null) return "";
  if (b.rewardMethod === "discount_percentage") return c.t("reward.percentage", { value: b.rewardValue });
  if (b.rewardMethod === "discount_amount") return c.t("reward.amount", { value: c.money(b.rewardValue) });
  return "";
}
