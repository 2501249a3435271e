import type { ProxyCustomerResponse } from "@laurel/contracts";
import { Fragment } from "preact";
import { useState } from "preact/hooks";
import { type Ctx, link, rememberJoinIntent, type WayToRedeem } from "../context";
import { EarnDatesSlot } from "./earn-dates-slot";

type Data = ProxyCustomerResponse;
/** A member sees these kinds with their state and action in the earn-dates list instead. */
const EARN_DATES = new Set([
  "birthday",
  "member_anniversary",
  "social_activity",
  "interact_website",
  "streak_interact_website",
]);

/** The shopper's VIP tier (null when tiers are off): progress only when there is a next tier. */
interface Tier {
  name: string;
  next?: { name: string; remaining: number; progress?: number; unit?: string } | null;
}

/** What is left to the next tier, in its unit (points, money, or a number of orders). */
function remainingText(c: Ctx, next: NonNullable<Tier["next"]>): string {
  if (next.unit === "money") return c.money(next.remaining);
  return next.unit === "orders" ? String(next.remaining) : c.points(next.remaining);
}

/**
 * "$5.00 off", "10% off", "Free shipping", or nothing for kinds that say it in their title. The API
 * gives the reward's kind (`amount`) when it could quote one, else the program's event
 * (`amount_discount`, `pos_percentage_discount`): both name the same thing.
 */
export function rewardText(c: Ctx, event: string, value: number | null): string {
  const kind = event.replace(/^(pos_)?(amount|percentage)_discount$/, "$2");
  if (kind === "free_shipping") return c.t("reward.free_shipping");
  if (value === null) return "";
  if (kind === "amount") return c.t("reward.amount", { value: c.money(value) });
  return kind === "percentage" ? c.t("reward.percentage", { value }) : "";
}

export function HomeView({ c, data }: { c: Ctx; data: Data }) {
  const { t } = c;
  const s = c.settings;
  const member = data.customer?.type === "member" ? data.customer : null;
  // N-06 program sort: done (one-time) ways first or last; the sort is stable.
  const ways = s.programSort
    ? [...data.waysToEarn].sort(
        (a, b) => (+b.completed - +a.completed) * (s.programSort === "completed_first" ? 1 : -1),
      )
    : data.waysToEarn;
  // N-04: the merchant's blocks in their order (the designer's "Before/After sign in" tabs).
  const order = (member ? s.blocks?.member : s.blocks?.guest) ?? ["welcome", "earn", "redeem"];
  const blocks = {
    welcome: member ? (
      <MemberCard c={c} data={data} />
    ) : !data.signedIn ? (
      <section class="lw-card" data-testid="laurel-guest">
        <h3>{t("guest.title")}</h3>
        <p>{t("guest.body")}</p>
        <a
          class="lw-btn"
          href={link(s.registerUrl || c.embed.registerUrl, "/account/register")}
          onClick={rememberJoinIntent}
          data-testid="laurel-register"
        >
          {t("guest.createAccount")}
        </a>
        <p class="lw-muted">
          {t("guest.haveAccount")}{" "}
          <a
            href={link(s.loginUrl || c.embed.loginUrl, "/account/login")}
            onClick={rememberJoinIntent}
            data-testid="laurel-login"
          >
            {t("guest.signIn")}
          </a>
        </p>
      </section>
    ) : data.customer?.type === "left" ? (
      <section class="lw-card" data-testid="laurel-left">
        <p>{t("left.body")}</p>
      </section>
    ) : (
      <JoinCard c={c} />
    ),
    earn: (
      <section aria-labelledby="lw-earn">
        <h3 id="lw-earn">{t("earn.title")}</h3>
        <ul class="lw-list" data-testid="laurel-earn-list">
          {ways
            .filter((w) => !(member && EARN_DATES.has(w.event)))
            .map((w) => (
              <li key={w.programId} class={w.completed ? "lw-done" : ""} data-testid="laurel-earn-item">
                <span>{w.title}</span>
                <small>
                  {w.completed
                    ? `✓ ${t("earn.completed")}`
                    : w.perAmount
                      ? t("earn.perAmount", { points: c.points(w.points), amount: c.money(w.perAmount) })
                      : w.perItems
                        ? t(w.perItems === 1 ? "earn.perItem" : "earn.perItems", {
                            points: c.points(w.points),
                            count: w.perItems,
                          })
                        : c.points(w.points)}
                </small>
              </li>
            ))}
        </ul>
        {member && <EarnDatesSlot c={c} />}
      </section>
    ),
    redeem: (
      <section aria-labelledby="lw-redeem">
        <h3 id="lw-redeem">{t("redeem.title")}</h3>
        <ul class="lw-list" data-testid="laurel-redeem-list">
          {data.waysToRedeem.map((w) => (
            <RedeemItem key={w.programId} c={c} way={w} balance={member?.availablePoints} />
          ))}
        </ul>
      </section>
    ),
  };
  return (
    <>
      {order.map((id) => (
        <Fragment key={id}>{blocks[id]}</Fragment>
      ))}
    </>
  );
}

function cost(c: Ctx, w: WayToRedeem): string {
  if (w.redeemType === "fixed") return c.points(w.points);
  const min = c.points(w.minPoints ?? w.points);
  return w.maxPoints ? c.t("redeem.range", { min, max: c.points(w.maxPoints) }) : c.t("redeem.from", { min });
}

function RedeemItem({ c, way, balance }: { c: Ctx; way: WayToRedeem; balance: number | undefined }) {
  const reason = `lw-why-${way.programId}`;
  const value = way.redeemType === "fixed" ? rewardText(c, way.rewardKind, way.rewardValue) : "";
  return (
    <li>
      <span>
        {way.title}
        {value && value !== way.title && <small> · {value}</small>}
      </span>
      <small class="lw-pts">{cost(c, way)}</small>
      {balance !== undefined && (
        <>
          <button
            type="button"
            class="lw-btn lw-sm"
            data-testid="laurel-redeem-button"
            data-program-id={way.programId}
            disabled={!way.available}
            aria-describedby={way.available ? undefined : reason}
            onClick={() => c.go({ name: "redeem", way, balance })}
          >
            {c.t("redeem.button")}
          </button>
          {!way.available && way.unavailableReason && (
            <small id={reason} class="lw-muted lw-why">
              {way.unavailableReason}
            </small>
          )}
        </>
      )}
    </li>
  );
}

function MemberCard({ c, data }: { c: Ctx; data: Data }) {
  const { t } = c;
  const customer = data.customer as NonNullable<Data["customer"]>;
  const tier = data.tier as Tier | null;
  const owed = Math.max(0, -customer.availablePoints);
  // N-23 membership card: filled with the launcher's colours, tier and pending shown or not.
  const card = c.settings.card;
  return (
    <section class={card?.filled ? "lw-card lw-fill" : "lw-card"} data-testid="laurel-member-card">
      <p class="lw-muted">{t("member.welcome")}</p>
      <p class="lw-bal" data-testid="laurel-balance">
        {c.points(owed ? 0 : customer.availablePoints)}
      </p>
      {owed > 0 && (
        <p class="lw-muted" data-testid="laurel-owed">
          {t("member.owed", { points: c.points(owed) })}
        </p>
      )}
      {customer.pendingPoints > 0 && card?.showPending !== false && (
        <p class="lw-muted" data-testid="laurel-pending">
          {t("member.pending", { points: c.points(customer.pendingPoints) })}
        </p>
      )}
      {tier?.name && card?.showTier !== false && (
        <div data-testid="laurel-tier">
          <p>{t("tier.current", { tier: tier.name })}</p>
          {tier.next && (
            <>
              {typeof tier.next.progress === "number" && (
                <progress max={100} value={Math.min(100, Math.max(0, tier.next.progress))} />
              )}
              <p class="lw-muted">
                {t("tier.next", { points: remainingText(c, tier.next), next_rank: tier.next.name })}
              </p>
            </>
          )}
        </div>
      )}
      <div class="lw-row">
        <button
          type="button"
          class="lw-btn lw-sec"
          data-testid="laurel-coupons-open"
          onClick={() => c.go({ name: "coupons" })}
        >
          {t("member.coupons")}
        </button>
        <button
          type="button"
          class="lw-btn lw-sec"
          data-testid="laurel-history-open"
          onClick={() => c.go({ name: "history" })}
        >
          {t("member.history")}
        </button>
        <button
          type="button"
          class="lw-btn lw-sec"
          data-testid="laurel-referral-open"
          onClick={() => c.go({ name: "referral" })}
        >
          {t("member.referral")}
        </button>
        <button
          type="button"
          class="lw-btn lw-sec"
          data-testid="laurel-earnmore-open"
          onClick={() => c.go({ name: "earn" })}
        >
          {t("earnmore.open")}
        </button>
      </div>
    </section>
  );
}

/** Signed in but not a member yet: one button joins (`POST /proxy/join`). */
function JoinCard({ c }: { c: Ctx }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const join = () => {
    setBusy(true);
    setError("");
    c.post("/join")
      .then(() => {
        c.announce(c.t("join.done"));
        c.reload();
      })
      .catch((e: Error) => {
        setError(e.message);
      })
      .finally(() => setBusy(false));
  };
  return (
    <section class="lw-card" data-testid="laurel-join-card">
      <h3>{c.t("join.title")}</h3>
      <p>{c.t("join.body")}</p>
      <button type="button" class="lw-btn" data-testid="laurel-join" disabled={busy} onClick={join}>
        {c.t("join.button")}
      </button>
      {error && (
        <p class="lw-err" role="alert" data-testid="laurel-error">
          {error}
        </p>
      )}
    </section>
  );
}
