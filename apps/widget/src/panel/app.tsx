import type { ProxyCustomerResponse } from "@laurel/contracts";
import { Component, type ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { PanelApi, PanelContext } from "../shared/types";
import {
  type Ctx,
  client,
  focusables,
  formatters,
  keepReferralCode,
  lazyChunk,
  takeJoinIntent,
  translator,
  type View,
} from "./context";
import { loadEarnDates } from "./views/earn-dates-slot";
import { HomeView } from "./views/home";

type AccountViews = typeof import("./views/account");
/** The referral link's chunk (E-13): the popup and the claim. */
const loadReferralPopup = lazyChunk(() => import("./views/referral-popup"));
/** The account chunk (a member's views). */
const loadAccount = lazyChunk(() => import("./views/account"));

/** A render error shows a message instead of an empty panel (and never reaches the page). */
class Boundary extends Component<{ fallback: string; children: ComponentChildren }, { failed?: boolean }> {
  override componentDidCatch() {
    this.setState({ failed: true });
  }
  override render() {
    return this.state.failed ? <p class="lw-err">{this.props.fallback}</p> : this.props.children;
  }
}

/**
 * The panel: a dialog beside the launcher (display "widget") or a modal side sheet ("drawer").
 * Focus moves into it on open and back to the launcher on close; Escape closes it; the drawer
 * keeps Tab inside. `api` is filled in here so the loader can open and close it.
 */
export function App({ ctx, api }: { ctx: PanelContext; api: PanelApi }) {
  // Program names come in the storefront's language where the merchant translated them (S-14).
  const customerPath = `/customer?locale=${encodeURIComponent(ctx.embed.locale)}`;
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>({ name: "home" });
  const [data, setData] = useState<ProxyCustomerResponse | null>(null);
  const [error, setError] = useState("");
  const [live, setLive] = useState<[string, number]>(["", 0]);
  const [views, setViews] = useState<AccountViews | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  const drawer = ctx.settings.display === "drawer";

  const c = useMemo<Ctx>(() => {
    const t = translator(ctx);
    const c: Ctx = {
      ...ctx,
      ...formatters(ctx),
      ...client(ctx, t),
      t,
      // Results go to the status region; errors are role="alert" where they occur (said once).
      announce: (message) => setLive(([, n]) => [message, n + 1]),
      go: setView,
      reload() {
        setError("");
        c.get<ProxyCustomerResponse>(customerPath)
          .then((d) => {
            if (!Array.isArray(d?.waysToEarn) || !Array.isArray(d.waysToRedeem)) throw new Error();
            setData(d);
            // A balance below zero shows as 0 on the launcher too (the panel says what is owed).
            ctx.setBalance(d.customer?.type === "member" ? Math.max(0, d.customer.availablePoints) : null);
          })
          .catch((e: Error) => setError(e.message || t("panel.error")));
      },
    };
    return c;
  }, [ctx]);

  // Back signed in after "Create account" or "Sign in" on the join card: a guest joins now. A
  // member (who only signed in) or a shopper who left is left as they are.
  useEffect(() => {
    if (ctx.embed.customer && takeJoinIntent()) {
      c.get<ProxyCustomerResponse>(customerPath)
        .then((d) => (d.customer?.type === "member" || d.customer?.type === "left" ? null : c.post("/join")))
        .then(
          (joined) => {
            if (joined) c.announce(c.t("join.done"));
            c.reload();
          },
          () => {},
        );
    }
  }, [ctx]);

  // A referral link's code, kept until the shopper is signed in: its chunk shows the merchant's
  // popup to a visitor, and claims it once for a signed-in shopper (E-03, E-09, E-13).
  useEffect(() => {
    const code = keepReferralCode();
    if (code)
      loadReferralPopup().then(
        (m) => m.landReferral(c, code),
        () => {},
      );
  }, [ctx]);

  // G-21 … G-23: a signed-in shopper's page view is a visit; the popup says what it earned.
  const [popup, setPopup] = useState("");
  useEffect(() => {
    if (!ctx.embed.customer || !ctx.settings.earnOnVisit) return;
    loadEarnDates().then(
      (m) => m.visitWithPopup(c, setPopup),
      () => {},
    );
  }, [ctx]);

  api.open = () => setOpen(true);
  api.close = () => setOpen(false);
  api.toggle = () => setOpen((o) => !o);

  // N-05: links to #laurel-rewards open the panel (the only way in when the launcher is hidden).
  useEffect(() => {
    const onLink = (e: Event) => {
      if ((e.target as Element).closest?.('a[href$="#laurel-rewards"]')) setOpen(true);
    };
    if (location.hash === "#laurel-rewards") setOpen(true);
    document.addEventListener("click", onLink);
    return () => document.removeEventListener("click", onLink);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    ctx.mount.addEventListener("keydown", onKey);
    return () => ctx.mount.removeEventListener("keydown", onKey);
  }, [ctx]);

  // Every open refreshes the balance and the ways; what was shown stays until the answer comes.
  useEffect(() => {
    ctx.launcher.setAttribute("aria-expanded", String(open));
    if (open) {
      opened.current = true;
      c.reload();
    } else if (opened.current) {
      ctx.launcher.focus();
    }
  }, [open]);

  // A member will likely redeem or open their coupons or history: fetch that code now. A shopper
  // who gets there before it arrives sees "Loading…" (or the error, with "Try again") meanwhile.
  const member = data?.customer?.type === "member";
  useEffect(() => {
    if (member || view.name !== "home") {
      loadAccount().then(setViews, () => view.name !== "home" && setError(c.t("message.generic")));
    }
  }, [member, view]);

  // Focus goes into the dialog on open (its first control) and on every change of view (the
  // view's first control, else the dialog's): never left behind on a control that went away.
  // A view whose code was still loading gets the focus again once it is there.
  const ready = !!views || view.name === "home";
  useEffect(() => {
    if (!open) return;
    const content = view.name === "home" ? null : (dialog.current?.querySelector(".lw-c") ?? null);
    (focusables(content)[0] ?? focusables(dialog.current)[0])?.focus();
  }, [open, view, ready]);

  const trap = (e: KeyboardEvent) => {
    if (!drawer || e.key !== "Tab") return;
    const all = focusables(dialog.current);
    const active = (dialog.current?.getRootNode() as ShadowRoot | undefined)?.activeElement;
    const edge = e.shiftKey ? all[0] : all[all.length - 1];
    if (active === edge || !all.includes(active as HTMLElement)) {
      e.preventDefault();
      (e.shiftKey ? all[all.length - 1] : all[0])?.focus();
    }
  };

  const { t } = c;
  let body: ComponentChildren;
  if (view.name !== "home") {
    body = !views ? (
      !error && <p class="lw-muted">{t("panel.loading")}</p>
    ) : view.name === "redeem" ? (
      <views.RedeemView c={c} way={view.way} balance={view.balance} />
    ) : view.name === "reward" ? (
      <views.RewardView c={c} coupon={view.coupon} />
    ) : view.name === "coupons" ? (
      <views.CouponsView c={c} />
    ) : view.name === "referral" ? (
      <views.ReferralView c={c} />
    ) : view.name === "earn" ? (
      <views.EarnEventsView c={c} />
    ) : (
      <views.HistoryView c={c} />
    );
  } else if (data) body = <HomeView c={c} data={data} />;
  else if (!error) body = <p class="lw-muted">{t("panel.loading")}</p>;

  return (
    <>
      <div role="status" aria-live="polite" class="lw-sr" data-testid="laurel-live">
        <span key={live[1]}>{live[0]}</span>
      </div>
      {popup && !open && (
        <div class="lw-pop" data-testid="laurel-visit-popup">
          {popup}
        </div>
      )}
      {open && drawer && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a mouse convenience; Escape and the close button do it from the keyboard.
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
        <div class="lw-bd" onClick={() => setOpen(false)} />
      )}
      {open && (
        <div
          ref={dialog}
          id="laurel-panel"
          class="lw-p"
          role="dialog"
          aria-modal={drawer ? "true" : undefined}
          aria-labelledby="laurel-title"
          data-testid="laurel-panel"
          onKeyDown={trap}
        >
          <header class="lw-h">
            {view.name !== "home" && (
              <button
                type="button"
                class="lw-x"
                data-testid="laurel-back"
                aria-label={t("panel.back")}
                onClick={() => setView({ name: "home" })}
              >
                ‹
              </button>
            )}
            <h2 id="laurel-title">{t("panel.title")}</h2>
            <button
              type="button"
              class="lw-x"
              data-testid="laurel-close"
              aria-label={t("panel.close")}
              onClick={() => setOpen(false)}
            >
              ×
            </button>
          </header>
          <div class="lw-c">
            {error && (view.name === "home" || !views) && (
              <div class="lw-err" role="alert" data-testid="laurel-error">
                <p>{error}</p>
                <button
                  type="button"
                  class="lw-btn"
                  data-testid="laurel-retry"
                  onClick={() => {
                    c.reload();
                    setView({ ...view }); // and the account views' code, if that is what failed
                  }}
                >
                  {t("panel.retry")}
                </button>
              </div>
            )}
            <Boundary key={view.name} fallback={t("panel.error")}>
              {body}
            </Boundary>
          </div>
          {ctx.settings.showPoweredBy && (
            <a class="lw-pb" href="https://laurel.app" target="_blank" rel="noopener">
              {t("panel.poweredBy")}
            </a>
          )}
        </div>
      )}
    </>
  );
}
