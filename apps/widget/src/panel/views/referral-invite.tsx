import type { ProxyReferralInviteResult } from "@laurel/contracts";
import { useState } from "preact/hooks";
import type { Ctx } from "../context";

/**
 * Invite a friend by e-mail (decision 0131), in its own chunk: loaded with the referral view. The
 * server sends the e-mail with the shopper's link and code, each friend once, 10 a day.
 */
export function ReferralInvite({ c }: { c: Ctx }) {
  const { t } = c;
  const [email, setEmail] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const send = (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    c.post<ProxyReferralInviteResult>("/referral/invite", { email }).then(
      (r) => {
        const m = t("referral.invited", { email: r.invited });
        setNote(m);
        c.announce(m);
        setEmail("");
        setBusy(false);
      },
      (err: Error) => {
        setError(err.message);
        setBusy(false);
      },
    );
  };
  return (
    <form onSubmit={send} class="lw-bday" data-testid="laurel-ref-invite">
      <label>
        {t("referral.invite")}
        <input
          type="email"
          value={email}
          placeholder={t("referral.inviteEmail")}
          aria-label={t("referral.inviteEmail")}
          onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? "lw-inv-err" : undefined}
          data-testid="laurel-ref-invite-email"
          required
        />
      </label>
      <button type="submit" class="lw-btn lw-sm" disabled={busy} data-testid="laurel-ref-invite-send">
        {t("referral.inviteSend")}
      </button>
      {error ? (
        <small id="lw-inv-err" role="alert" class="lw-err">
          {error}
        </small>
      ) : (
        note && <small class="lw-muted">{note}</small>
      )}
    </form>
  );
}
