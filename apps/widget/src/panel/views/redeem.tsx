import type { ProxyCoupon } from "@laurel/contracts";
import { useRef, useState } from "preact/hooks";
import { type ApiError, type Ctx, requestId, type WayToRedeem } from "../context";
import { rewardText } from "./home";

/**
 * Redeem one way (D-21). Fixed: confirm the price. Dynamic (D-03): choose the points, a multiple
 * of the program's step within its bounds and the balance. One attempt keeps one request id, so
 * a double click or a retry after a lost answer never spends twice.
 */
export function RedeemView({ c, way, balance }: { c: Ctx; way: WayToRedeem; balance: number }) {
  const { t } = c;
  const step = Math.max(1, way.points);
  const min = Math.ceil(Math.max(way.minPoints ?? step, step) / step) * step;
  const max = Math.max(min, Math.floor(Math.min(way.maxPoints ?? balance, balance) / step) * step);
  const dynamic = way.redeemType === "dynamic";
  const [points, setPoints] = useState(dynamic ? min : way.points);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const id = useRef(requestId());

  const submit = (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    c.post<{ coupon: ProxyCoupon; availablePoints: number }>("/redeem", {
      programId: way.programId,
      ...(dynamic ? { points } : {}),
      requestId: id.current,
    })
      .then((r) => {
        c.setBalance(r.availablePoints);
        c.reload(); // the home view's balance and availability, for when the shopper goes back
        c.announce(t("redeem.success"));
        c.go({ name: "reward", coupon: r.coupon });
      })
      .catch((err: ApiError) => {
        // The server answered: that attempt is over, the next one is new.
        if (err.code) id.current = requestId();
        setError(err.message);
        setBusy(false);
      });
  };

  return (
    <form class="lw-card" onSubmit={submit} data-testid="laurel-redeem-form">
      <h3>{way.title}</h3>
      {dynamic ? (
        <>
          <label for="lw-amount">{t("redeem.amount")}</label>
          <input
            id="lw-amount"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={step}
            value={points}
            aria-describedby="lw-hint"
            data-testid="laurel-redeem-points"
            onInput={(e) => {
              setPoints(Math.trunc(Number((e.target as HTMLInputElement).value)));
              id.current = requestId();
            }}
          />
          <small id="lw-hint" class="lw-muted">
            {t("redeem.hint", { min: c.points(min), max: c.points(max), step: c.points(step) })}
          </small>
        </>
      ) : (
        <p>
          {rewardText(c, way.rewardKind, way.rewardValue)} · {c.points(way.points)}
        </p>
      )}
      {error && (
        <p class="lw-err" role="alert" data-testid="laurel-error">
          {error}
        </p>
      )}
      <div class="lw-row">
        <button type="submit" class="lw-btn" disabled={busy} data-testid="laurel-redeem-confirm">
          {t("redeem.confirm", { points: c.points(points) })}
        </button>
        <button
          type="button"
          class="lw-btn lw-sec"
          data-testid="laurel-redeem-cancel"
          onClick={() => c.go({ name: "home" })}
        >
          {t("redeem.cancel")}
        </button>
      </div>
    </form>
  );
}

/** Shopify applies a code from `/discount/<code>` and then goes to `redirect`. */
export function applyUrl(code: string): string {
  return `/discount/${encodeURIComponent(code)}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/** The clipboard, or (without it: http, old browsers, denied) a selected textarea and execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.cssText = "position:fixed;top:0;opacity:0";
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      // Nothing more to try: the code stays on screen to copy by hand.
    }
    area.remove();
    return copied;
  }
}

export function CodeBox({ c, code }: { c: Ctx; code: string }) {
  const [copied, setCopied] = useState("");
  const copy = (e: Event) => {
    const button = e.currentTarget as HTMLButtonElement;
    void copyText(code).then((ok) => {
      const message = c.t(ok ? "redeem.copied" : "redeem.copyFailed");
      setCopied(message);
      c.announce(message);
      button.focus();
    });
  };
  return (
    <div class="lw-code">
      <output data-testid="laurel-code">{code}</output>
      <button type="button" class="lw-btn lw-sec lw-sm" data-testid="laurel-copy" onClick={copy}>
        {copied || c.t("redeem.copy")}
      </button>
      <a class="lw-btn lw-sm" href={applyUrl(code)} data-testid="laurel-apply">
        {c.t("redeem.apply")}
      </a>
    </div>
  );
}

export function RewardView({ c, coupon }: { c: Ctx; coupon: ProxyCoupon }) {
  const value = rewardText(c, coupon.reward.kind, coupon.reward.value);
  return (
    <section class="lw-card" data-testid="laurel-reward">
      <h3>{c.t("redeem.success")}</h3>
      <p>
        {coupon.title}
        {value && value !== coupon.title && ` · ${value}`}
      </p>
      <p class="lw-muted">{c.t("redeem.code")}</p>
      <CodeBox c={c} code={coupon.code} />
      {coupon.expiresAt && (
        <p class="lw-muted">{c.t("coupons.expires", { date: c.date(coupon.expiresAt) })}</p>
      )}
    </section>
  );
}
