import type { ProxyActivity, ProxyCoupon, ProxyCustomerResponse, WidgetSettings } from "@laurel/contracts";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAUNCHER_HTML } from "../loader/launcher-markup";
import type { Embed, PanelApi } from "../shared/types";
import {
  type Call,
  customerView,
  fail,
  fakeProxy,
  guestView,
  ok,
  settings,
  settle,
  texts,
} from "../test-support";
import { mount } from "./panel";

interface Opened {
  root: ShadowRoot;
  api: PanelApi;
  launcher: HTMLButtonElement;
  setBalance: ReturnType<typeof vi.fn>;
  calls: Call[];
}

let current: Opened;

/** The panel as the loader mounts it: in the launcher's shadow root, then opened by a click. */
async function openPanel(
  routes: Record<string, unknown>,
  opts: { settings?: Partial<WidgetSettings>; embed?: Partial<Embed>; open?: boolean } = {},
): Promise<Opened> {
  const proxy = fakeProxy(routes);
  const host = document.createElement("laurel-widget");
  document.body.append(host);
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = LAUNCHER_HTML;
  const wrap = root.querySelector(".lw") as HTMLElement;
  const launcher = root.querySelector("button") as HTMLButtonElement;
  const setBalance = vi.fn();
  const api = mount({
    mount: wrap,
    launcher,
    setBalance,
    settings: settings(opts.settings),
    embed: {
      proxy: "/apps/laurel",
      shop: "laurel-demo.myshopify.com",
      locale: "en",
      page: "product",
      customer: "123456",
      loginUrl: "/demo-store/account/login",
      registerUrl: "/demo-store/account/register",
      ...opts.embed,
    },
  });
  launcher.focus();
  current = { root, api, launcher, setBalance, calls: proxy.calls };
  if (opts.open !== false) {
    api.toggle();
    await vi.waitFor(() => expect(q("laurel-panel")).not.toBeNull());
  }
  return current;
}

/** Mounted, not opened, its effects run (act flushes them): what a page load does before a click. */
async function mounted(routes: Record<string, unknown>, embed: Partial<Embed> = {}): Promise<Opened> {
  let opened: Opened | undefined;
  await act(async () => {
    opened = await openPanel(routes, { embed, open: false });
  });
  await settle();
  return opened as Opened;
}

const q = <T extends HTMLElement = HTMLElement>(testid: string) =>
  current.root.querySelector<T>(`[data-testid="${testid}"]`);
const all = (testid: string) =>
  Array.from(current.root.querySelectorAll<HTMLElement>(`[data-testid="${testid}"]`));
const text = (testid: string) => q(testid)?.textContent ?? null;
const active = () => current.root.activeElement as HTMLElement | null;
const live = () => text("laurel-live");
const key = (target: Element | null, k: string, shiftKey = false) =>
  target?.dispatchEvent(new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true }));
const until = (assertion: () => void) => vi.waitFor(assertion, { timeout: 2000 });
/** The member's view with another balance. */
const withBalance = (availablePoints: number) => {
  const view = customerView();
  view.customer = { ...(view.customer as NonNullable<ProxyCustomerResponse["customer"]>), availablePoints };
  return view;
};

function coupon(id: string, overrides: Partial<ProxyCoupon> = {}): ProxyCoupon {
  return {
    id,
    code: `LAUREL-${id.toUpperCase()}`,
    programId: "prg_5off",
    title: "$5 off coupon",
    points: 500,
    reward: { kind: "amount", value: 500, currency: "USD", minimumRequirement: { kind: "none" } },
    status: "available",
    tab: "available",
    issuedAt: "2026-11-01T10:00:00.000Z",
    expiresAt: "2026-12-01T10:00:00.000Z",
    usedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

beforeEach(() => {
  history.replaceState(null, "", "/products/tea?variant=1");
});
afterEach(async () => {
  current?.api.close();
  await settle();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("panel: guest (not signed in)", () => {
  it("offers to create an account or sign in, and lists the ways to earn and redeem without redeem buttons", async () => {
    await openPanel({ "GET /customer": ok(guestView()) }, { embed: { customer: "" } });
    await until(() => expect(q("laurel-guest")).not.toBeNull());
    expect(q<HTMLAnchorElement>("laurel-register")?.getAttribute("href")).toBe(
      "/demo-store/account/register",
    );
    expect(q<HTMLAnchorElement>("laurel-login")?.getAttribute("href")).toBe("/demo-store/account/login");
    expect(text("laurel-guest")).toContain("Earn points on every order");
    const earn = all("laurel-earn-item").map((li) => li.textContent);
    expect(earn).toEqual(["Place an order10 points for every $100.00 spent", "Sign up✓ Completed"]);
    expect(text("laurel-redeem-list")).toContain("$5 off coupon · $5.00 off500 points");
    expect(text("laurel-redeem-list")).toContain("Free shipping2,000 points");
    expect(text("laurel-redeem-list")).not.toContain("Account not found");
    expect(all("laurel-redeem-button")).toHaveLength(0);
    expect(q("laurel-balance")).toBeNull();
  });

  it("never links to a javascript: URL a theme put in the embed", async () => {
    await openPanel(
      { "GET /customer": ok(guestView()) },
      {
        embed: {
          customer: "",
          loginUrl: "javascript:alert(1)",
          registerUrl: "https://shopify.com/1/account",
        },
      },
    );
    await until(() => expect(q("laurel-login")).not.toBeNull());
    expect(q("laurel-login")?.getAttribute("href")).toBe("/account/login");
    expect(q("laurel-register")?.getAttribute("href")).toBe("https://shopify.com/1/account");
  });

  it("M-02: the shop's sign-in and sign-up pages from the settings come before the theme's", async () => {
    await openPanel(
      { "GET /customer": ok(guestView()) },
      {
        embed: { customer: "", loginUrl: "/account/login", registerUrl: "/account/register" },
        settings: { loginUrl: "/pages/sign-in", registerUrl: "https://shop.example/pages/join" },
      },
    );
    await until(() => expect(q("laurel-login")).not.toBeNull());
    expect(q("laurel-login")?.getAttribute("href")).toBe("/pages/sign-in");
    expect(q("laurel-register")?.getAttribute("href")).toBe("https://shop.example/pages/join");
  });
});

describe("panel: signed in, not a member", () => {
  it("joins with one button (POST /proxy/join), then shows the member view and says so", async () => {
    let joined = false;
    const { setBalance, calls } = await openPanel({
      "GET /customer": () => ok(joined ? customerView() : customerView({ customer: null })),
      "POST /join": () => {
        joined = true;
        return ok({
          type: "member",
          joinedAt: "2026-11-22T00:00:00Z",
          availablePoints: 100,
          pendingPoints: 0,
        });
      },
    });
    await until(() => expect(q("laurel-join")).not.toBeNull());
    expect(all("laurel-redeem-button")).toHaveLength(0);
    q("laurel-join")?.click();
    await until(() => expect(text("laurel-balance")).toBe("1,250 points"));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: "/join",
      body: undefined,
    });
    expect(live()).toBe("Welcome! You're now a member.");
    expect(setBalance).toHaveBeenLastCalledWith(1250);
  });

  it("a guest who creates an account from the join card is a member when back: no second 'Join'", async () => {
    sessionStorage.clear();
    await openPanel({ "GET /customer": ok(guestView()) }, { embed: { customer: "" } });
    await until(() => expect(q("laurel-register")).not.toBeNull());
    // The link's own navigation is the browser's business, not this test's.
    current.root.addEventListener("click", (e) => e.preventDefault());
    q("laurel-register")?.click();
    current.api.close();
    document.body.innerHTML = "";

    // Back from the sign-up form, signed in: the panel joins before anyone opens it.
    let joined = false;
    const { calls, setBalance } = await openPanel(
      {
        "GET /customer": () => ok(joined ? customerView() : customerView({ customer: null })),
        "POST /join": () => {
          joined = true;
          return ok({
            type: "member",
            joinedAt: "2026-11-22T00:00:00Z",
            availablePoints: 100,
            pendingPoints: 0,
          });
        },
      },
      { open: false },
    );
    await until(() => expect(setBalance).toHaveBeenLastCalledWith(1250));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/join"]);
    expect(live()).toBe("Welcome! You're now a member.");

    // Used up: the next page joins nobody.
    document.body.innerHTML = "";
    const again = await mounted({ "GET /customer": ok(customerView()) });
    expect(again.calls).toEqual([]);

    // A member who signs in from the card is not joined again, nor welcomed as new.
    document.body.innerHTML = "";
    sessionStorage.setItem("laurel:join", String(Date.now()));
    const member = await mounted({ "GET /customer": ok(customerView()) });
    await until(() => expect(member.setBalance).toHaveBeenLastCalledWith(1250));
    // The storefront's language goes along, so program names come translated (S-14).
    expect(member.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /customer?locale=en",
      "GET /customer?locale=en",
    ]);
    expect(live()).toBe("");
  });

  it("a join intent waits while signed out and is forgotten after half an hour", async () => {
    sessionStorage.clear();
    sessionStorage.setItem("laurel:join", String(Date.now()));
    const guest = await openPanel(
      { "GET /customer": ok(guestView()) },
      { embed: { customer: "" }, open: false },
    );
    await settle();
    expect(guest.calls).toEqual([]);
    expect(sessionStorage.getItem("laurel:join")).not.toBeNull();
    document.body.innerHTML = "";
    sessionStorage.setItem("laurel:join", String(Date.now() - 31 * 60_000));
    const late = await mounted({ "GET /customer": ok(customerView()) });
    expect(late.calls).toEqual([]);
    expect(sessionStorage.getItem("laurel:join")).toBeNull();
  });

  it("shows the server's message when joining fails", async () => {
    await openPanel({
      "GET /customer": ok(customerView({ customer: null })),
      "POST /join": fail(
        403,
        "customer_left",
        "You have left the loyalty program. Please contact the store to rejoin.",
      ),
    });
    await until(() => expect(q("laurel-join")).not.toBeNull());
    q("laurel-join")?.click();
    await until(() => expect(text("laurel-error")).toBe(texts["left.body"]));
    expect(q("laurel-error")?.getAttribute("role")).toBe("alert");
  });
});

describe("panel: member", () => {
  it("shows balance, pending points, completed ways, and each way to redeem with its cost and availability", async () => {
    const { setBalance, launcher } = await openPanel({ "GET /customer": ok(customerView()) });
    await until(() => expect(text("laurel-balance")).toBe("1,250 points"));
    expect(launcher.getAttribute("aria-expanded")).toBe("true");
    expect(text("laurel-pending")).toBe("40 points pending");
    expect(setBalance).toHaveBeenCalledWith(1250);
    expect(all("laurel-earn-item")[1]?.className).toBe("lw-done");
    const [fixed, shipping, dynamic] = all("laurel-redeem-button") as HTMLButtonElement[];
    expect(fixed?.dataset.programId).toBe("prg_5off");
    expect(fixed?.disabled).toBe(false);
    expect(shipping?.disabled).toBe(true);
    const reason = current.root.getElementById(shipping?.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("Current balance is insufficient");
    expect(dynamic?.closest("li")?.textContent).toContain("200 points to 1,000 points");
    expect(text("laurel-redeem-list")).toContain("$5 off coupon · $5.00 off");
    expect(q("laurel-tier")).toBeNull();
  });

  it("a balance below zero shows as 0 points, with what is owed, and nothing to redeem", async () => {
    const view = withBalance(-900);
    view.waysToRedeem = view.waysToRedeem.map((w) => ({ ...w, available: false }));
    const { setBalance } = await openPanel({ "GET /customer": ok(view) });
    await until(() => expect(text("laurel-balance")).toBe("0 points"));
    expect(text("laurel-owed")).toBe("900 points owed: new points pay this back first");
    expect(setBalance).toHaveBeenLastCalledWith(0);
    expect((all("laurel-redeem-button") as HTMLButtonElement[]).every((b) => b.disabled)).toBe(true);
    expect(current.root.textContent).not.toContain("−900");
    expect(current.root.textContent).not.toContain("-900");
  });

  it("a member whose tier may use the exclusive deal sees it as designed, gets their own code, and sees their tier coupons", async () => {
    const deal = {
      name: "Gold week",
      description: "For our Gold members",
      actionText: "Get my code",
      discountType: "percentage",
      discountValue: 20,
      condition: "minimum_subtotal",
      conditionValue: 5000,
      endsAt: null,
      design: {
        textColor: "#111111",
        buttonColor: "#008060",
        backgroundColor: "#fafafa",
        font: "serif",
        fontSize: 15,
      },
      image: null,
      code: null,
    };
    const coupons = [
      {
        code: "VIPABC",
        tierName: "Gold",
        kind: "entry",
        discountType: "amount",
        value: 500,
        minimumSubtotal: null,
        expiresAt: null,
      },
    ];
    await openPanel({
      "GET /customer": ok(customerView()),
      "GET /membership": ok({ deal, coupons }),
      "POST /membership/deal": ok({ ...deal, code: "DEALXYZ" }),
    });
    await until(() => expect(q("laurel-deal")).not.toBeNull());
    expect(text("laurel-deal")).toContain("Gold week20% off · on orders of $50.00 or more");
    expect(q("laurel-deal")?.style.fontFamily).toBe("serif");
    expect(text("laurel-vip-coupon")).toContain("Gold tier-up coupon: $5.00 off");
    expect(q("laurel-vip-coupon")?.querySelector("a")?.getAttribute("href")).toMatch(
      /^\/discount\/VIPABC\?redirect=/,
    );
    q("laurel-deal-claim")?.click();
    await until(() => expect(text("laurel-deal-code")).toBe("Your code: DEALXYZ"));
    expect(current.calls.filter((c) => c.path === "/membership/deal")).toHaveLength(1);
  });

  it("shows no deal and no coupons when the member has neither", async () => {
    await openPanel({
      "GET /customer": ok(customerView()),
      "GET /membership": ok({ deal: null, coupons: [] }),
    });
    await until(() => expect(text("laurel-balance")).toBe("1,250 points"));
    await settle();
    expect(q("laurel-deal")).toBeNull();
    expect(q("laurel-vip-coupons")).toBeNull();
  });

  it("shows VIP tier progress only when the API gives a tier", async () => {
    const tier = { name: "Gold", next: { name: "Platinum", remaining: 300, progress: 70 } };
    await openPanel({ "GET /customer": ok(customerView({ tier: tier as never })) });
    await until(() => expect(q("laurel-tier")).not.toBeNull());
    expect(text("laurel-tier")).toBe("VIP tier: Gold300 points to Platinum");
    expect(q("laurel-tier")?.querySelector("progress")?.getAttribute("value")).toBe("70");
  });

  it("uses the shop's point label (singular and plural, before the number)", async () => {
    await openPanel(
      { "GET /customer": ok(customerView()) },
      { settings: { pointLabel: { singular: "star", plural: "stars", position: "before" } } },
    );
    await until(() => expect(text("laurel-balance")).toBe("stars 1,250"));
    expect(text("laurel-pending")).toBe("stars 40 pending");
  });
});

describe("panel: redeem", () => {
  const redeemed = coupon("c1", { code: "LAUREL-5OFF" });

  async function startRedeem(programId: string, routes: Record<string, unknown>) {
    await openPanel({ "GET /customer": ok(customerView()), ...routes });
    await until(() => expect(all("laurel-redeem-button")).toHaveLength(3));
    (all("laurel-redeem-button").find((b) => b.dataset.programId === programId) as HTMLButtonElement).click();
    await until(() => expect(q("laurel-redeem-confirm")).not.toBeNull());
  }

  it("redeems a fixed reward: the code, copy (clipboard) and apply to cart", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    let balance = 1250;
    await startRedeem("prg_5off", {
      "GET /customer": () => ok(withBalance(balance)),
      "POST /redeem": () => {
        balance = 750;
        return ok({ coupon: redeemed, availablePoints: 750, replayed: false });
      },
    });
    expect(text("laurel-redeem-confirm")).toBe("Redeem 500 points");
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(text("laurel-code")).toBe("LAUREL-5OFF"));
    const post = current.calls.find((c) => c.path === "/redeem");
    expect(post?.body).toEqual({ programId: "prg_5off", requestId: expect.stringMatching(/^.{8,}$/) });
    expect(current.setBalance).toHaveBeenLastCalledWith(750);
    expect(live()).toBe("Your reward is ready");
    expect(q("laurel-apply")?.getAttribute("href")).toBe(
      "/discount/LAUREL-5OFF?redirect=%2Fproducts%2Ftea%3Fvariant%3D1",
    );
    q("laurel-copy")?.click();
    await until(() => expect(live()).toBe("Code copied"));
    expect(writeText).toHaveBeenCalledWith("LAUREL-5OFF");
    expect(text("laurel-copy")).toBe("Code copied");
    Reflect.deleteProperty(navigator, "clipboard");
    // Back on the home view, the balance is the new one.
    q("laurel-back")?.click();
    await until(() => expect(text("laurel-balance")).toBe("750 points"));
  });

  it("without a clipboard API, falls back to a selected textarea and execCommand", async () => {
    const exec = vi.fn(() => true);
    Object.defineProperty(document, "execCommand", { value: exec, configurable: true });
    await startRedeem("prg_5off", {
      "POST /redeem": ok({ coupon: redeemed, availablePoints: 750, replayed: false }),
    });
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(q("laurel-copy")).not.toBeNull());
    q("laurel-copy")?.click();
    await until(() => expect(live()).toBe("Code copied"));
    expect(exec).toHaveBeenCalledWith("copy");
    expect(document.querySelector("textarea")).toBeNull();
    expect(active()?.dataset.testid).toBe("laurel-copy");
    Reflect.deleteProperty(document, "execCommand");
  });

  it("shows the API's message on a refusal, and a new attempt gets a new request id", async () => {
    let n = 0;
    await startRedeem("prg_5off", {
      "POST /redeem": () =>
        ++n === 1
          ? fail(422, "customer_redemption_limit", "You have run out of redemption")
          : ok({ coupon: redeemed, availablePoints: 750, replayed: false }),
    });
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(text("laurel-error")).toBe("You have run out of redemption"));
    // Said once, by the alert where it happened (not again by the status region).
    expect(q("laurel-error")?.getAttribute("role")).toBe("alert");
    expect(live()).toBe("");
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(text("laurel-code")).toBe("LAUREL-5OFF"));
    const [first, second] = current.calls.filter((c) => c.path === "/redeem") as [Call, Call];
    expect((first.body as { requestId: string }).requestId).not.toBe(
      (second.body as { requestId: string }).requestId,
    );
  });

  it("keeps the request id when the answer was lost, so a retry cannot spend twice", async () => {
    let n = 0;
    await startRedeem("prg_5off", {
      "POST /redeem": () => {
        if (++n === 1) throw new TypeError("Failed to fetch");
        return ok({ coupon: redeemed, availablePoints: 750, replayed: true });
      },
    });
    // The fake proxy turns a throwing route into a rejected fetch.
    current.calls.length = 0;
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(text("laurel-error")).toBe("Something went wrong. Please try again."));
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(text("laurel-code")).toBe("LAUREL-5OFF"));
    const [first, second] = current.calls.filter((c) => c.path === "/redeem") as [Call, Call];
    expect((first.body as { requestId: string }).requestId).toBe(
      (second.body as { requestId: string }).requestId,
    );
  });

  it("dynamic: chooses the points within the bounds and the balance, in steps", async () => {
    await startRedeem("prg_dyn", {
      "POST /redeem": ok({ coupon: redeemed, availablePoints: 650, replayed: false }),
    });
    const input = q<HTMLInputElement>("laurel-redeem-points") as HTMLInputElement;
    expect([input.min, input.max, input.step, input.value]).toEqual(["200", "1000", "100", "200"]);
    expect(current.root.querySelector("label[for=lw-amount]")?.textContent).toBe("points to spend");
    input.value = "600";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await until(() => expect(text("laurel-redeem-confirm")).toBe("Redeem 600 points"));
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(q("laurel-code")).not.toBeNull());
    expect(current.calls.find((c) => c.path === "/redeem")?.body).toMatchObject({
      programId: "prg_dyn",
      points: 600,
    });
  });

  it("cancel goes back to the list", async () => {
    await startRedeem("prg_5off", {});
    q("laurel-redeem-cancel")?.click();
    await until(() => expect(all("laurel-redeem-button")).toHaveLength(3));
  });
});

describe("panel: texts", () => {
  it("uses the storefront language's texts, the shop's translation of an error, and the server's when it has placeholders", async () => {
    await openPanel(
      {
        "GET /customer": ok(customerView()),
        "POST /redeem": fail(422, "insufficient_points", "Current balance is insufficient"),
        "GET /coupons": ok({ coupons: [coupon("c1")] }),
        "POST /coupons/c1/revoke": fail(422, "revoke_limit", "You can only revoke 1 times per month"),
      },
      {
        embed: { locale: "fr" },
        settings: {
          locale: "fr",
          currency: "EUR",
          translations: {
            ...texts,
            "panel.title": "Récompenses",
            "redeem.button": "Échanger",
            "message.insufficient_points": "Solde insuffisant",
            "message.revoke_limit": "Vous ne pouvez révoquer que {{limit}} fois par {{timeframe}}",
          },
        },
      },
    );
    await until(() => expect(text("laurel-balance")).toBe("1\u202f250 points"));
    expect(current.root.querySelector("#laurel-title")?.textContent).toBe("Récompenses");
    expect(text("laurel-redeem-button")).toBe("Échanger");
    expect(all("laurel-earn-item")[0]?.textContent).toMatch(/10 points for every 100,00\s€ spent/);
    q("laurel-redeem-button")?.click();
    await until(() => expect(q("laurel-redeem-confirm")).not.toBeNull());
    q("laurel-redeem-confirm")?.click();
    await until(() => expect(text("laurel-error")).toBe("Solde insuffisant"));
    q("laurel-back")?.click();
    await until(() => expect(q("laurel-coupons-open")).not.toBeNull());
    q("laurel-coupons-open")?.click();
    await until(() => expect(q("laurel-revoke")).not.toBeNull());
    q("laurel-revoke")?.click();
    await until(() => expect(q("laurel-revoke-confirm")).not.toBeNull());
    q("laurel-revoke-confirm")?.click();
    await until(() => expect(text("laurel-error")).toBe("You can only revoke 1 times per month"));
  });
});

describe("panel: my coupons", () => {
  const coupons = [
    coupon("c1"),
    coupon("c2", { status: "redeemed", tab: "unavailable", usedAt: "2026-11-10T00:00:00Z" }),
    coupon("c3", { status: "expired", tab: "unavailable" }),
  ];

  async function openCoupons(routes: Record<string, unknown> = {}, s: Partial<WidgetSettings> = {}) {
    await openPanel(
      { "GET /customer": ok(customerView()), "GET /coupons": ok({ coupons }), ...routes },
      { settings: s },
    );
    await until(() => expect(q("laurel-coupons-open")).not.toBeNull());
    q("laurel-coupons-open")?.click();
    await until(() => expect(all("laurel-coupon")).toHaveLength(1));
  }

  it("has available and unavailable tabs, operable with the arrow keys", async () => {
    await openCoupons();
    const available = q("laurel-coupons-tab-available") as HTMLElement;
    const unavailable = q("laurel-coupons-tab-unavailable") as HTMLElement;
    expect(available.getAttribute("role")).toBe("tab");
    expect(available.parentElement?.getAttribute("role")).toBe("tablist");
    expect(available.getAttribute("aria-selected")).toBe("true");
    expect([available.tabIndex, unavailable.tabIndex]).toEqual([0, -1]);
    expect(text("laurel-coupon")).toContain("LAUREL-C1");
    available.focus();
    key(available, "ArrowRight");
    await until(() => expect(unavailable.getAttribute("aria-selected")).toBe("true"));
    expect(active()).toBe(unavailable);
    expect(all("laurel-coupon").map((li) => li.textContent)).toEqual([
      "$5 off coupon · $5.00 offLAUREL-C2 · Used",
      "$5 off coupon · $5.00 offLAUREL-C3 · Expired",
    ]);
    const tabpanel = current.root.querySelector("[role=tabpanel]");
    expect(tabpanel?.getAttribute("aria-labelledby")).toBe("laurel-coupons-unavailable");
    key(unavailable, "ArrowRight");
    await until(() => expect(available.getAttribute("aria-selected")).toBe("true"));
    key(available, "End");
    await until(() => expect(unavailable.getAttribute("aria-selected")).toBe("true"));
    key(unavailable, "Home");
    await until(() => expect(active()).toBe(available));
  });

  it("revokes an available coupon after a confirmation: it moves to unavailable and the points come back", async () => {
    let revoked = false;
    await openCoupons({
      "GET /customer": () => ok(withBalance(revoked ? 1750 : 1250)),
      "POST /coupons/c1/revoke": () => {
        revoked = true;
        return ok({
          coupon: coupon("c1", { status: "revoked", tab: "unavailable", revokedAt: "2026-11-22T12:00:00Z" }),
          availablePoints: 1750,
        });
      },
    });
    q("laurel-revoke")?.click();
    await until(() => expect(q("laurel-revoke-confirm")).not.toBeNull());
    expect(current.calls.some((c) => c.path.endsWith("/revoke"))).toBe(false);
    q("laurel-revoke-confirm")?.click();
    await until(() => expect(live()).toBe("Coupon revoked. Your points are back."));
    expect(current.calls.find((c) => c.path.endsWith("/revoke"))).toMatchObject({
      method: "POST",
      body: undefined,
    });
    expect(current.setBalance).toHaveBeenLastCalledWith(1750);
    expect(all("laurel-coupon")).toHaveLength(0);
    q("laurel-coupons-tab-unavailable")?.click();
    await until(() => expect(all("laurel-coupon")).toHaveLength(3));
    expect(all("laurel-coupon")[0]?.textContent).toContain("Revoked");
  });

  it("offers no revoke when the shop does not allow it", async () => {
    await openCoupons({}, { couponRevoke: { enabled: false } });
    expect(q("laurel-revoke")).toBeNull();
    expect(q("laurel-apply")?.getAttribute("href")).toMatch(/^\/discount\/LAUREL-C1\?redirect=/);
  });
});

describe("panel: points history", () => {
  const activity = (
    id: number,
    activityType: string,
    points: number,
    pendingPoints = 0,
    orderName: string | null = null,
  ): ProxyActivity => ({
    id: String(id),
    activityType,
    points,
    pendingPoints,
    createdAt: "2026-11-20T10:00:00.000Z",
    orderName,
  });

  it("pages through the history with Load more; an entry from an order names it", async () => {
    const page1 = [
      activity(1, "earn_place_order", 50, 0, "#1004"),
      activity(2, "redeem_point", -500),
      activity(3, "earn_pending_point", 0, 30, "#1005"),
    ];
    const page2 = [activity(4, "adjust_point", 25), activity(5, "something_new", 3)];
    await openPanel({
      "GET /customer": ok(customerView()),
      "GET /activities?page=1&pageSize=10": ok({
        activities: page1,
        pageInfo: { page: 1, pageSize: 10, total: 5, hasNextPage: true },
      }),
      "GET /activities?page=2&pageSize=10": ok({
        activities: page2,
        pageInfo: { page: 2, pageSize: 10, total: 5, hasNextPage: false },
      }),
    });
    await until(() => expect(q("laurel-history-open")).not.toBeNull());
    q("laurel-history-open")?.click();
    await until(() => expect(all("laurel-history-item")).toHaveLength(3));
    expect(all("laurel-history-item").map((li) => li.textContent)).toEqual([
      "Placed an order · #1004 · Nov 20, 2026+50 points",
      "Redeemed a reward · Nov 20, 2026-500 points",
      "Points earned · #1005 · Nov 20, 2026+30 points (pending)",
    ]);
    q("laurel-history-more")?.click();
    await until(() => expect(all("laurel-history-item")).toHaveLength(5));
    expect(all("laurel-history-item")[3]?.textContent).toBe("Points adjusted · Nov 20, 2026+25 points");
    expect(all("laurel-history-item")[4]?.textContent).toBe("Points updated · Nov 20, 2026+3 points");
    expect(q("laurel-history-more")).toBeNull();
    // The focus went to the first new line, not lost with the button.
    await until(() => expect(active()).toBe(all("laurel-history-item")[3]));
  });

  it.each([
    ["DD/MM/YYYY", "20/11/2026"],
    ["MM/DD/YYYY", "11/20/2026"],
    ["YYYY-MM-DD", "2026-11-20"],
    ["month_day", "Nov 20, 2026"],
  ])("writes dates in the shop's format (K-11, M-02): %s", async (dateFormat, shown) => {
    await openPanel(
      {
        "GET /customer": ok(customerView()),
        "GET /activities?page=1&pageSize=10": ok({
          activities: [activity(1, "adjust_point", 25)],
          pageInfo: { page: 1, pageSize: 10, total: 1, hasNextPage: false },
        }),
      },
      { settings: { dateFormat } },
    );
    await until(() => expect(q("laurel-history-open")).not.toBeNull());
    q("laurel-history-open")?.click();
    await until(() => expect(all("laurel-history-item")).toHaveLength(1));
    expect(all("laurel-history-item")[0]?.textContent).toBe(`Points adjusted · ${shown}+25 points`);
  });
});

describe("panel: keyboard and dialog", () => {
  it("moves focus into the dialog on open, closes on Escape and gives focus back to the launcher", async () => {
    const { launcher } = await openPanel({ "GET /customer": ok(customerView()) });
    const dialog = q("laurel-panel");
    expect(dialog?.getAttribute("role")).toBe("dialog");
    expect(dialog?.getAttribute("aria-labelledby")).toBe("laurel-title");
    expect(dialog?.hasAttribute("aria-modal")).toBe(false);
    await until(() => expect(active()?.dataset.testid).toBe("laurel-close"));
    key(active(), "Escape");
    await until(() => expect(q("laurel-panel")).toBeNull());
    expect(launcher.getAttribute("aria-expanded")).toBe("false");
    expect(active()).toBe(launcher);
  });

  it("the close button closes; the view's first control takes the focus on navigation", async () => {
    await openPanel({ "GET /customer": ok(customerView()), "GET /coupons": ok({ coupons: [] }) });
    await until(() => expect(q("laurel-coupons-open")).not.toBeNull());
    q("laurel-coupons-open")?.click();
    await until(() => expect(active()?.dataset.testid).toBe("laurel-coupons-tab-available"));
    await until(() => expect(current.root.textContent).toContain("No coupons here yet"));
    q("laurel-close")?.click();
    await until(() => expect(q("laurel-panel")).toBeNull());
    expect(active()).toBe(current.launcher);
  });

  it("drawer: a modal dialog with a backdrop that keeps Tab inside", async () => {
    await openPanel(
      { "GET /customer": ok(customerView()) },
      { settings: { display: "drawer", mobileHeight: "full" } },
    );
    await until(() => expect(text("laurel-balance")).toBe("1,250 points"));
    const dialog = q("laurel-panel") as HTMLElement;
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(current.root.querySelector(".lw-bd")).not.toBeNull();
    expect((current.root.querySelector(".lw") as HTMLElement).dataset).toMatchObject({
      display: "drawer",
      mh: "full",
    });
    const controls = Array.from(dialog.querySelectorAll<HTMLElement>("a[href],button:not([disabled]),input"));
    const first = controls[0] as HTMLElement;
    const last = controls[controls.length - 1] as HTMLElement;
    last.focus();
    const tab = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    last.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(true);
    expect(active()).toBe(first);
    key(first, "Tab", true);
    expect(active()).toBe(last);
    (current.root.querySelector(".lw-bd") as HTMLElement).click();
    await until(() => expect(q("laurel-panel")).toBeNull());
  });
});

describe("panel: degraded", () => {
  it("shows an error with a retry when the API is down, and recovers", async () => {
    let up = false;
    await openPanel({
      "GET /customer": () => (up ? ok(customerView()) : { status: 502, body: "<html>Bad gateway</html>" }),
    });
    await until(() => expect(text("laurel-error")).toContain("Something went wrong. Please try again."));
    expect(q("laurel-error")?.getAttribute("role")).toBe("alert");
    up = true;
    q("laurel-retry")?.click();
    await until(() => expect(text("laurel-balance")).toBe("1,250 points"));
    expect(q("laurel-error")).toBeNull();
  });

  it("answers that are not what the API promises show the error, not a broken panel", async () => {
    await openPanel({ "GET /customer": ok({ signedIn: true, waysToEarn: "nope" }) });
    await until(() => expect(text("laurel-error")).toContain("We couldn't load your rewards."));
  });

  it("a render failure inside a view is contained to the panel", async () => {
    const broken = customerView();
    (broken.waysToEarn as unknown[]).push(null);
    await openPanel({ "GET /customer": ok(broken) });
    await until(() => expect(current.root.querySelector(".lw-err")?.textContent).toBe(texts["panel.error"]));
    expect(q("laurel-close")).not.toBeNull();
  });
});

describe("referrals (E-03, E-09, E-13)", () => {
  afterEach(() => {
    history.replaceState(null, "", "/");
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's first-party cookies.
    document.cookie = "laurel_ref=;path=/;max-age=0";
  });

  it("keeps the link's code until the shopper is signed in, then claims it once with the device id", async () => {
    history.replaceState(null, "", "/?ref=REFAB12CD");
    await mounted({ "GET /customer": ok(guestView()) }, { customer: "" });
    expect(current.calls.some((c) => c.path === "/referral/claim")).toBe(false);
    expect(document.cookie).toContain("laurel_ref=REFAB12CD");
    history.replaceState(null, "", "/account");
    await mounted({
      "GET /customer": ok(customerView()),
      "POST /referral/claim": ok({
        referralId: "ref_1",
        status: "pending",
        reward: { kind: "discount", code: "REFF1" },
      }),
    });
    await until(() => expect(current.calls.filter((c) => c.path === "/referral/claim")).toHaveLength(1));
    const claim = current.calls.find((c) => c.path === "/referral/claim");
    expect(claim?.body).toMatchObject({
      code: "REFAB12CD",
      deviceId: expect.stringMatching(/^[a-z0-9]{16}$/),
    });
    await until(() => expect(document.cookie).not.toContain("laurel_ref="));
  });

  it("a page without cookies (a sandboxed frame) still claims the link's code, and nothing throws", async () => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
    const denied = () => {
      throw new DOMException("The document is sandboxed", "SecurityError");
    };
    Object.defineProperty(document, "cookie", { configurable: true, get: denied, set: denied });
    try {
      history.replaceState(null, "", "/?ref=REFAB12CD");
      await mounted({
        "GET /customer": ok(customerView()),
        "POST /referral/claim": ok({
          referralId: "ref_2",
          status: "pending",
          reward: { kind: "discount", code: "REFF2" },
        }),
      });
      await until(() => expect(current.calls.filter((c) => c.path === "/referral/claim")).toHaveLength(1));
      expect(current.calls.find((c) => c.path === "/referral/claim")?.body).toMatchObject({
        code: "REFAB12CD",
      });
    } finally {
      // The prototype's accessor again (the own property hid it).
      Reflect.deleteProperty(document, "cookie");
      expect(Object.getOwnPropertyDescriptor(Document.prototype, "cookie")).toEqual(cookie);
    }
  });

  it("shows the member's link with copy and share", async () => {
    await openPanel({
      "GET /customer": ok(customerView()),
      "GET /referral": ok({
        enabled: true,
        title: "Give 10%, get 500 points",
        description: "Share your link.",
        code: "REFAB12CD",
        link: "https://shop.example/?ref=REFAB12CD",
        friendReward: { kind: "percentage", percentage: 10 },
        referrerReward: { kind: "points", points: 500 },
        completed: 1,
        pending: 1,
        invite: {
          heading: "Give 10% off, get rewarded",
          body: "Friends get 10% off.",
          shareChannels: ["copy", "whatsapp", "email"],
          showStats: true,
        },
      }),
    });
    await until(() => expect(q("laurel-referral-open")).not.toBeNull());
    q("laurel-referral-open")?.click();
    await until(() => expect(text("laurel-ref-link")).toBe("https://shop.example/?ref=REFAB12CD"));
    expect(current.root.querySelector("#lw-ref")?.textContent).toBe("Give 10% off, get rewarded");
    expect(text("laurel-ref-stats")).toBe("Your code REFAB12CD: 1 completed, 1 pending");
    expect(q("laurel-ref-copy")).not.toBeNull();
    // E-13: the share buttons the merchant chose, in their order, each to its network.
    const shares = Array.from(
      current.root.querySelectorAll<HTMLAnchorElement>("[data-testid=laurel-ref-share] a"),
    );
    expect(shares.map((a) => a.dataset.channel)).toEqual(["whatsapp", "email"]);
    expect(shares[0]?.href).toBe(
      `https://wa.me/?text=${encodeURIComponent("Give 10% off, get rewarded")}%20${encodeURIComponent("https://shop.example/?ref=REFAB12CD")}`,
    );
  });

  it("an invite card without copy and stats shows neither", async () => {
    await openPanel({
      "GET /customer": ok(customerView()),
      "GET /referral": ok({
        enabled: true,
        title: "t",
        description: "d",
        code: "REFAB12CD",
        link: "https://shop.example/?ref=REFAB12CD",
        friendReward: null,
        referrerReward: null,
        completed: 0,
        pending: 0,
        invite: { heading: "Invite", body: "", shareChannels: ["x"], showStats: false },
      }),
    });
    await until(() => expect(q("laurel-referral-open")).not.toBeNull());
    q("laurel-referral-open")?.click();
    await until(() => expect(text("laurel-ref-link")).toBe("https://shop.example/?ref=REFAB12CD"));
    expect(q("laurel-ref-copy")).toBeNull();
    expect(q("laurel-ref-stats")).toBeNull();
    expect(current.root.querySelector("[data-channel=x]")).not.toBeNull();
  });

  const POPUP = {
    show: true,
    layout: "corner",
    title: "Ava gave you 10% off",
    description: "Welcome to the shop.",
    buttonText: "Get 10% off",
    claimedText: "Here it is: {{code}}",
    imageUrl: null,
    delaySeconds: 0,
    colors: { background: "#fff8f0", text: "#222222", button: "#c2410c", buttonText: "#ffffff" },
  };

  it("E-13: a visitor who opened a link sees the merchant's popup, which leads to sign-up; closed, it stays closed", async () => {
    sessionStorage.clear();
    history.replaceState(null, "", "/?ref=REFAB12CD");
    await mounted({ "GET /customer": ok(guestView()), "GET /referral/popup": ok(POPUP) }, { customer: "" });
    await until(() => expect(q("laurel-referral-popup")).not.toBeNull());
    const popup = q("laurel-referral-popup") as HTMLElement;
    expect(popup.dataset.layout).toBe("corner");
    expect(popup.querySelector("h2")?.textContent).toBe("Ava gave you 10% off");
    expect(popup.style.background).toBe("rgb(255, 248, 240)");
    const cta = popup.querySelector("a.lw-btn") as HTMLAnchorElement;
    expect(cta.textContent).toBe("Get 10% off");
    expect(new URL(cta.href).pathname).toBe("/demo-store/account/register");
    expect(current.calls.some((c) => c.path === "/referral/claim")).toBe(false);
    (popup.querySelector("button.lw-x") as HTMLButtonElement).click();
    await until(() => expect(q("laurel-referral-popup")).toBeNull());
    await mounted({ "GET /customer": ok(guestView()), "GET /referral/popup": ok(POPUP) }, { customer: "" });
    expect(current.calls.some((c) => c.path.startsWith("/referral/popup"))).toBe(false);
    expect(q("laurel-referral-popup")).toBeNull();
    // Another page of the store: the kept code follows the visitor, the popup does not.
    sessionStorage.clear();
    history.replaceState(null, "", "/collections/all");
    await mounted({ "GET /customer": ok(guestView()), "GET /referral/popup": ok(POPUP) }, { customer: "" });
    expect(document.cookie).toContain("laurel_ref=REFAB12CD");
    expect(current.calls.some((c) => c.path.startsWith("/referral/popup"))).toBe(false);
  });

  it("E-13: signed in, the claim's reward shows in the popup; a popup turned off shows nothing", async () => {
    history.replaceState(null, "", "/?ref=REFAB12CD");
    const claimed = ok({
      referralId: "ref_3",
      status: "pending",
      reward: { kind: "discount", code: "REFF3" },
    });
    await mounted({
      "GET /customer": ok(customerView()),
      "GET /referral/popup": ok({ ...POPUP, layout: "modal" }),
      "POST /referral/claim": claimed,
    });
    await until(() => expect(text("laurel-referral-popup-reward")).toBe("Here it is: REFF3"));
    expect(q("laurel-referral-popup")?.getAttribute("aria-modal")).toBe("true");

    history.replaceState(null, "", "/?ref=REFAB12CD");
    await mounted({
      "GET /customer": ok(customerView()),
      "GET /referral/popup": ok({ ...POPUP, show: false }),
      "POST /referral/claim": claimed,
    });
    await until(() => expect(current.calls.filter((c) => c.path === "/referral/claim")).toHaveLength(1));
    await until(() => expect(text("laurel-live")).toContain("REFF3"));
    expect(q("laurel-referral-popup")).toBeNull();
  });

  it("decision 0131: invites a friend by e-mail, and shows the server's refusal", async () => {
    let answered = 0;
    await openPanel({
      "GET /customer": ok(customerView()),
      "GET /referral": ok({
        enabled: true,
        title: "Give 10%, get 500 points",
        description: "Share your link.",
        code: "REFAB12CD",
        link: "https://shop.example/?ref=REFAB12CD",
        friendReward: { kind: "percentage", percentage: 10 },
        referrerReward: { kind: "points", points: 500 },
        completed: 0,
        pending: 0,
        invite: { heading: "Invite a friend", body: "", shareChannels: ["copy"], showStats: false },
      }),
      "POST /referral/invite": () =>
        answered++ === 0
          ? ok({ invited: "friend@example.com", remainingToday: 9 })
          : fail(409, "referral_invite_repeat", "You have already invited this friend"),
    });
    await until(() => expect(q("laurel-referral-open")).not.toBeNull());
    q("laurel-referral-open")?.click();
    await until(() => expect(q("laurel-ref-invite-email")).not.toBeNull());
    const input = q("laurel-ref-invite-email") as HTMLInputElement;
    const send = async (email: string) => {
      await act(async () => {
        input.value = email;
        input.dispatchEvent(new Event("input"));
      });
      await act(async () => {
        (q("laurel-ref-invite-send") as HTMLButtonElement).form?.requestSubmit();
      });
    };
    await send("Friend@example.com");
    await until(() =>
      expect(q("laurel-ref-invite")?.textContent).toContain("Invitation sent to friend@example.com"),
    );
    expect(current.calls.find((c) => c.path === "/referral/invite")?.body).toEqual({
      email: "Friend@example.com",
    });
    expect(input.value).toBe("");
    await send("friend@example.com");
    await until(() =>
      expect(q("laurel-ref-invite")?.querySelector("[role=alert]")?.textContent).toBe(
        "You have already invited this friend",
      ),
    );
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("issue 15: more ways to earn, with each way's state, and a Google Maps link submitted", async () => {
    const ways = [
      {
        programId: "p1",
        event: "write_review",
        title: "Write a review",
        points: 50,
        state: "available",
        link: "/collections/all",
        detail: null,
      },
      {
        programId: "p2",
        event: "google_maps_review",
        title: "Google review",
        points: 100,
        state: "available",
        link: "https://maps.app.goo.gl/x",
        detail: "20",
      },
      {
        programId: "p3",
        event: "fill_survey",
        title: "Survey",
        points: 40,
        state: "done",
        link: "https://forms.example/s",
        detail: null,
      },
    ];
    await openPanel({
      "GET /customer": ok(customerView()),
      "GET /earn-events/ways": ok({ ways }),
      "POST /earn-events/google-review": (call: { body?: { url?: string } }) =>
        call.body?.url === "https://maps.app.goo.gl/mine"
          ? ok({ id: "g1", status: "pending", instantPoints: 20 })
          : fail(400, "google_maps_link", "You must enter a link from Google Maps"),
    });
    await until(() => expect(q("laurel-earnmore-open")).not.toBeNull());
    q("laurel-earnmore-open")?.click();
    await until(() =>
      expect(current.root.querySelectorAll("[data-testid=laurel-earnmore-item]")).toHaveLength(3),
    );
    const done = current.root.querySelector("[data-event=fill_survey]");
    expect(done?.textContent).toContain("Completed");
    const input = q("laurel-google-url") as HTMLInputElement;
    const submit = async (url: string) => {
      await act(async () => {
        input.value = url;
        input.dispatchEvent(new Event("input"));
      });
      await act(async () => {
        (q("laurel-google-submit") as HTMLButtonElement).form?.requestSubmit();
      });
    };
    await submit("https://example.com/not-maps");
    await until(() => expect(text("laurel-error")).toBe("You must enter a link from Google Maps"));
    await submit("https://maps.app.goo.gl/mine");
    await until(() =>
      expect(current.calls.filter((c) => c.path === "/earn-events/google-review")).toHaveLength(2),
    );
  });
});

describe("panel: the designer's settings (issue 12)", () => {
  const headings = () => Array.from(current.root.querySelectorAll(".lw-c h3")).map((h) => h.textContent);

  it("shows the home blocks in the merchant's order, without the hidden ones (N-04)", async () => {
    await openPanel(
      { "GET /customer": ok(guestView()) },
      {
        settings: { blocks: { guest: ["redeem", "welcome"], member: ["welcome"] } },
        embed: { customer: "" },
      },
    );
    await until(() => expect(headings()).toEqual(["Ways to redeem", "Join our rewards program"]));
  });

  it("a member's card follows the membership card tab: filled, tier hidden (N-23)", async () => {
    const view = customerView();
    view.customer = {
      ...(view.customer as NonNullable<ProxyCustomerResponse["customer"]>),
      pendingPoints: 20,
    };
    view.tier = { name: "Gold", next: null } as never;
    await openPanel(
      { "GET /customer": ok(view) },
      { settings: { card: { showTier: false, showPending: true, filled: true } } },
    );
    await until(() => expect(q("laurel-member-card")?.className).toBe("lw-card lw-fill"));
    expect(q("laurel-tier")).toBeNull();
    expect(q("laurel-pending")).not.toBeNull();
  });

  it("a link to #laurel-rewards opens the panel (the way in when the launcher is hidden)", async () => {
    await mounted({ "GET /customer": ok(guestView()) }, { customer: "" });
    const a = document.createElement("a");
    a.href = "#laurel-rewards";
    document.body.append(a);
    await act(async () => {
      a.click();
    });
    await until(() => expect(q("laurel-panel")).not.toBeNull());
  });
});
