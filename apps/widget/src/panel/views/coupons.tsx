import type { ProxyCoupon } from "@laurel/contracts";
import { useEffect, useState } from "preact/hooks";
import type { Ctx } from "../context";
import { Tabs } from "../tabs";
import { rewardText } from "./home";
import { CodeBox } from "./redeem";

type Tab = "available" | "unavailable";

/** My coupons (H-11): available and unavailable (used, expired, revoked) tabs; revoke (H-13). */
export function CouponsView({ c }: { c: Ctx }) {
  const { t } = c;
  const [coupons, setCoupons] = useState<ProxyCoupon[] | null>(null);
  const [tab, setTab] = useState<Tab>("available");
  const [error, setError] = useState("");

  useEffect(() => {
    c.get<{ coupons: ProxyCoupon[] }>("/coupons")
      .then((r) => setCoupons(Array.isArray(r.coupons) ? r.coupons : []))
      .catch((e: Error) => setError(e.message));
  }, []);

  const revoked = (coupon: ProxyCoupon, availablePoints: number) => {
    setCoupons((list) => (list ?? []).map((x) => (x.id === coupon.id ? coupon : x)));
    c.setBalance(availablePoints);
    c.reload();
    c.announce(t("coupons.revoked"));
  };

  const shown = (coupons ?? []).filter((x) => x.tab === tab);
  return (
    <section aria-labelledby="lw-coupons">
      <h3 id="lw-coupons">{t("coupons.title")}</h3>
      <Tabs<Tab>
        id="laurel-coupons"
        tabs={[
          ["available", t("coupons.available")],
          ["unavailable", t("coupons.unavailable")],
        ]}
        selected={tab}
        onSelect={setTab}
      />
      <div role="tabpanel" id="laurel-coupons-panel" aria-labelledby={`laurel-coupons-${tab}`}>
        {error ? (
          <p class="lw-err" role="alert" data-testid="laurel-error">
            {error}
          </p>
        ) : !coupons ? (
          <p class="lw-muted">{t("panel.loading")}</p>
        ) : shown.length === 0 ? (
          <p class="lw-muted">{t("coupons.empty")}</p>
        ) : (
          <ul class="lw-list" data-testid="laurel-coupons">
            {shown.map((x) => (
              <CouponItem key={x.id} c={c} coupon={x} onRevoked={revoked} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CouponItem({
  c,
  coupon,
  onRevoked,
}: {
  c: Ctx;
  coupon: ProxyCoupon;
  onRevoked(coupon: ProxyCoupon, availablePoints: number): void;
}) {
  const { t } = c;
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const available = coupon.status === "available";
  const value = rewardText(c, coupon.reward.kind, coupon.reward.value);

  const revoke = () => {
    setBusy(true);
    setError("");
    c.post<{ coupon: ProxyCoupon; availablePoints: number }>(
      `/coupons/${encodeURIComponent(coupon.id)}/revoke`,
    )
      .then((r) => onRevoked(r.coupon, r.availablePoints))
      .catch((e: Error) => {
        setError(e.message);
        setBusy(false);
        setConfirm(false);
      });
  };

  return (
    <li class="lw-coupon" data-testid="laurel-coupon" data-coupon-id={coupon.id}>
      <span>
        {coupon.title}
        {value && value !== coupon.title && <small> · {value}</small>}
      </span>
      {available ? (
        <>
          <CodeBox c={c} code={coupon.code} />
          {coupon.expiresAt && (
            <small class="lw-muted">{t("coupons.expires", { date: c.date(coupon.expiresAt) })}</small>
          )}
          {c.settings.couponRevoke.enabled &&
            (confirm ? (
              <fieldset class="lw-confirm">
                <legend>{t("coupons.revokeConfirm")}</legend>
                <div class="lw-row">
                  <button
                    type="button"
                    class="lw-btn lw-sm"
                    data-testid="laurel-revoke-confirm"
                    disabled={busy}
                    onClick={revoke}
                  >
                    {t("coupons.revokeYes")}
                  </button>
                  <button type="button" class="lw-btn lw-sec lw-sm" onClick={() => setConfirm(false)}>
                    {t("coupons.revokeNo")}
                  </button>
                </div>
              </fieldset>
            ) : (
              <button
                type="button"
                class="lw-link"
                data-testid="laurel-revoke"
                onClick={() => setConfirm(true)}
              >
                {t("coupons.revoke")}
              </button>
            ))}
        </>
      ) : (
        <small class="lw-muted">
          <s>{coupon.code}</s> · {t(`coupons.status.${coupon.status}`)}
        </small>
      )}
      {error && (
        <p class="lw-err" role="alert" data-testid="laurel-error">
          {error}
        </p>
      )}
    </li>
  );
}
