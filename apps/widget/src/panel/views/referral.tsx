import type { ProxyReferralView } from "@laurel/contracts";
import { useEffect, useState } from "preact/hooks";
import { type Ctx, deviceId } from "../context";
import { copyText } from "./redeem";

/** Refer a friend (E-09, E-13): the member's link and code, copy and share, and their counts. */
export function ReferralView({ c }: { c: Ctx }) {
  const { t } = c;
  const [r, setR] = useState<ProxyReferralView | null>(null);
  const [error, setError] = useState("");
  const [copied, setCopied] = useState("");
  useEffect(() => {
    c.get<ProxyReferralView>(`/referral?deviceId=${deviceId()}`).then(setR, (e: Error) =>
      setError(e.message),
    );
  }, []);
  if (error)
    return (
      <p class="lw-err" role="alert">
        {error}
      </p>
    );
  if (!r) return <p class="lw-muted">{t("panel.loading")}</p>;
  if (!r.link) return <p data-testid="laurel-ref-none">{t("referral.unavailable")}</p>;
  const link = r.link;
  const copy = () =>
    void copyText(link).then((ok) => {
      const m = t(ok ? "referral.copied" : "redeem.copyFailed");
      setCopied(m);
      c.announce(m);
    });
  const share = () =>
    void navigator.share?.({ title: r.title, text: r.description, url: link }).catch(() => {});
  return (
    <section class="lw-card" aria-labelledby="lw-ref" data-testid="laurel-referral">
      <h3 id="lw-ref">{r.title}</h3>
      <p>{r.description}</p>
      <div class="lw-code">
        <output data-testid="laurel-ref-link">{link}</output>
        <button type="button" class="lw-btn lw-sec lw-sm" data-testid="laurel-ref-copy" onClick={copy}>
          {copied || t("referral.copy")}
        </button>
        {"share" in navigator ? (
          <button type="button" class="lw-btn lw-sm" onClick={share}>
            {t("referral.share")}
          </button>
        ) : (
          <a
            class="lw-btn lw-sm"
            href={`mailto:?subject=${encodeURIComponent(r.title)}&body=${encodeURIComponent(link)}`}
          >
            {t("referral.share")}
          </a>
        )}
      </div>
      <p class="lw-muted" data-testid="laurel-ref-stats">
        {t("referral.stats", { code: r.code ?? "", completed: r.completed, pending: r.pending })}
      </p>
    </section>
  );
}
