import type { ProxyReferralPopup } from "@laurel/contracts";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type Ctx, deviceId, forgetReferralCode, link } from "../context";

/** A popup closed for this code is not shown again in this tab. */
const CLOSED = "laurel:ref-popup";

function closedFor(code: string): boolean {
  try {
    return sessionStorage.getItem(CLOSED) === code;
  } catch {
    return false;
  }
}

/**
 * E-13, in its own chunk (loaded only when a referral link's code is there): a signed-in shopper
 * claims the code once (E-03) and the popup says what they got; a visitor sees the merchant's
 * popup inviting them to create an account. The popup's look comes from
 * `/storefront/branding/referral` (centred, "modal") or `/referral-v1` (a corner card).
 */
export function landReferral(c: Ctx, code: string): void {
  const el = document.createElement("div");
  c.mount.append(el);
  render(<ReferralPopup c={c} code={code} />, el);
}

function ReferralPopup({ c, code }: { c: Ctx; code: string }) {
  const { t } = c;
  const [popup, setPopup] = useState<ProxyReferralPopup | null>(null);
  const [open, setOpen] = useState(false);
  /** After a claim: the reward in words (a discount code or points). */
  const [reward, setReward] = useState("");
  const signedIn = !!c.embed.customer;
  const close = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(CLOSED, code);
    } catch {
      // No storage: it may show again on the next page.
    }
  };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      c.get<ProxyReferralPopup>(`/referral/popup?code=${code}`).then(
        (p) => (p.show ? p : null),
        () => null,
      );
    if (signedIn) {
      c.post<{ reward: { kind: string; code?: string; points?: number } }>("/referral/claim", {
        code,
        deviceId: deviceId(),
      })
        .then(
          async (r) => {
            const got = r.reward.code ?? (r.reward.points ? c.points(r.reward.points) : "");
            c.announce(t("referral.claimed", { code: got }));
            const p = await load();
            if (p && got) {
              setReward(got);
              setPopup(p);
              setOpen(true);
            }
          },
          (e: Error) => c.announce(e.message),
        )
        .finally(forgetReferralCode);
    } else if (!closedFor(code) && new URLSearchParams(location.search).get("ref") === code) {
      // A visitor sees it where the link landed, not on every page the kept code follows them to.
      load().then((p) => {
        if (!p) return;
        setPopup(p);
        timer = setTimeout(() => setOpen(true), p.delaySeconds * 1000);
      });
    }
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close();
    c.mount.addEventListener("keydown", onKey);
    (c.mount.querySelector(".lw-rp button") as HTMLElement | null)?.focus();
    return () => c.mount.removeEventListener("keydown", onKey);
  }, [open]);

  if (!popup || !open) return null;
  const modal = popup.layout === "modal";
  const style = {
    background: popup.colors.background,
    color: popup.colors.text,
  };
  const button = {
    background: popup.colors.button,
    borderColor: popup.colors.button,
    color: popup.colors.buttonText,
  };
  return (
    <>
      {modal && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a mouse convenience; Escape and the close button do it from the keyboard.
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
        <div class="lw-bd" onClick={close} />
      )}
      <div
        class={`lw-rp lw-rp-${popup.layout}`}
        role="dialog"
        aria-modal={modal ? "true" : undefined}
        aria-labelledby="lw-rp-t"
        data-testid="laurel-referral-popup"
        data-layout={popup.layout}
        style={style}
      >
        <button type="button" class="lw-x" aria-label={t("panel.close")} onClick={close}>
          ×
        </button>
        {popup.imageUrl && <img src={popup.imageUrl} alt="" width={64} height={64} />}
        <h2 id="lw-rp-t">{popup.title}</h2>
        {reward ? (
          <p data-testid="laurel-referral-popup-reward">
            {popup.claimedText.replace(/\{\{code\}\}/g, reward)}
          </p>
        ) : (
          <>
            <p>{popup.description}</p>
            <a
              class="lw-btn"
              style={button}
              href={link(c.settings.registerUrl || c.embed.registerUrl, "/account/register")}
            >
              {popup.buttonText}
            </a>
          </>
        )}
      </div>
    </>
  );
}
