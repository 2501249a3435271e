import type { ProxyReferralView } from "@laurel/contracts";
import { useEffect, useState } from "preact/hooks";
import { type Ctx, deviceId } from "../context";
import { copyText } from "./redeem";
import { ReferralInvite } from "./referral-invite";

/**
 * Refer a friend (E-09, E-13): the member's link and code, copy and the share buttons the merchant
 * chose (`/storefront/branding/customer-invite`), and their counts.
 */
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
  const { invite } = r;
  const shares = shareLinks(link, invite.heading);
  return (
    <section class="lw-card" aria-labelledby="lw-ref" data-testid="laurel-referral">
      <h3 id="lw-ref">{invite.heading}</h3>
      <p>{invite.body}</p>
      <div class="lw-code">
        <output data-testid="laurel-ref-link">{link}</output>
        {invite.shareChannels.includes("copy") && (
          <button type="button" class="lw-btn lw-sec lw-sm" data-testid="laurel-ref-copy" onClick={copy}>
            {copied || t("referral.copy")}
          </button>
        )}
      </div>
      <div class="lw-share" data-testid="laurel-ref-share">
        {invite.shareChannels.map((channel) =>
          channel in shares ? (
            <a
              key={channel}
              class="lw-btn lw-sec lw-sm"
              href={shares[channel]}
              target="_blank"
              rel="noopener noreferrer"
              data-channel={channel}
            >
              {t(`referral.share.${channel}`)}
            </a>
          ) : null,
        )}
      </div>
      <ReferralInvite c={c} />
      {invite.showStats && (
        <p class="lw-muted" data-testid="laurel-ref-stats">
          {t("referral.stats", { code: r.code ?? "", completed: r.completed, pending: r.pending })}
        </p>
      )}
    </section>
  );
}

/** E-13: where each share button of the invite card leads (the merchant picks which show). */
function shareLinks(link: string, text: string): Record<string, string> {
  const u = encodeURIComponent(link);
  const m = encodeURIComponent(text);
  return {
    email: `mailto:?subject=${m}&body=${u}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?text=${m}&url=${u}`,
    whatsapp: `https://wa.me/?text=${m}%20${u}`,
  };
}
