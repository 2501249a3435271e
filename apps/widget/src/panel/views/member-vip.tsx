import type { ProxyExclusiveDeal, ProxyMembershipView } from "@laurel/contracts";
import { useEffect, useState } from "preact/hooks";
import type { Ctx } from "../context";

/** The platform applies a code from `/discount/<code>`, then comes back here. */
const applyHref = (code: string) =>
  `/discount/${encodeURIComponent(code)}?redirect=${encodeURIComponent(location.pathname + location.search)}`;

/**
 * A member's VIP extras on the home view (issue 10, I-22, N-23; decisions 0135, 0136): the member
 * exclusive deal when their tier may use it (styled as the merchant designed it, the member's own
 * code on request) and the coupons their tier rewards gave them. In the earn-dates chunk, never the
 * main one; nothing at all for a shopper with neither.
 */
export function MemberVip({ c }: { c: Ctx }) {
  const [view, setView] = useState<ProxyMembershipView | null>(null);
  useEffect(() => {
    c.get<ProxyMembershipView>("/membership").then(setView, () => setView(null));
  }, [c]);
  if (!view || (!view.deal && view.coupons.length === 0)) return null;
  const { t } = c;
  const off = (type: string, value: number) =>
    type === "free_shipping"
      ? t("vip.freeShipping")
      : t("vip.off", { value: type === "percentage" ? `${value}%` : c.money(value) });
  return (
    <>
      {view.deal && <Deal c={c} deal={view.deal} onCode={(deal) => setView({ ...view, deal })} off={off} />}
      {view.coupons.length > 0 && (
        <ul class="lw-list" data-testid="laurel-vip-coupons" aria-label={t("vip.coupons")}>
          {view.coupons.map((k) => (
            <li key={k.code} data-testid="laurel-vip-coupon">
              <span>
                {t(k.kind === "entry" ? "vip.couponEntry" : "vip.couponPre", { tier: k.tierName })}:{" "}
                {off(k.discountType, k.value)}
              </span>
              <small>
                <code>{k.code}</code>
                {k.minimumSubtotal ? ` · ${t("vip.minimum", { amount: c.money(k.minimumSubtotal) })}` : ""}
                {k.expiresAt ? ` · ${t("vip.until", { date: c.date(k.expiresAt) })}` : ""}
              </small>
              <a class="lw-btn lw-sm" href={applyHref(k.code)}>
                {t("vip.apply")}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Deal({
  c,
  deal,
  onCode,
  off,
}: {
  c: Ctx;
  deal: ProxyExclusiveDeal;
  onCode: (deal: ProxyExclusiveDeal) => void;
  off: (type: string, value: number) => string;
}) {
  const { t } = c;
  const [error, setError] = useState("");
  const d = deal.design;
  const font = { theme: "inherit", sans_serif: "sans-serif", serif: "serif", monospace: "monospace" }[d.font];
  const claim = () =>
    c.post<ProxyExclusiveDeal>("/membership/deal").then(
      (got) => {
        c.announce(t("vip.yourCode", { code: got.code ?? "" }));
        onCode(got);
      },
      (e: Error) => setError(e.message),
    );
  return (
    <div
      class="lw-card"
      data-testid="laurel-deal"
      style={{
        background: d.backgroundColor,
        color: d.textColor,
        fontFamily: font,
        fontSize: `${d.fontSize}px`,
      }}
    >
      <h3>{deal.name}</h3>
      <p>
        {off(deal.discountType === "percentage" ? "percentage" : "amount", deal.discountValue)}
        {deal.condition === "minimum_subtotal"
          ? ` · ${t("vip.minimum", { amount: c.money(deal.conditionValue) })}`
          : ""}
        {deal.endsAt ? ` · ${t("vip.until", { date: c.date(deal.endsAt) })}` : ""}
      </p>
      {deal.description && <p>{deal.description}</p>}
      {deal.code ? (
        <p>
          <span data-testid="laurel-deal-code">{t("vip.yourCode", { code: deal.code })}</span>{" "}
          <a class="lw-btn lw-sm" href={applyHref(deal.code)} data-testid="laurel-deal-apply">
            {t("vip.apply")}
          </a>
        </p>
      ) : (
        <button
          type="button"
          class="lw-btn"
          style={{ background: d.buttonColor }}
          data-testid="laurel-deal-claim"
          onClick={() => void claim()}
        >
          {deal.actionText}
        </button>
      )}
      {error && (
        <small role="alert" class="lw-err">
          {error}
        </small>
      )}
    </div>
  );
}
