import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customerView, fakeProxy, guestView, ok } from "../test-support";
import { type Popup, popupAllowed, readBlocksEmbed, startBlocks } from "./blocks";

const colors = { primary: "#111111", primaryText: "#ffffff", background: "#ffffff", text: "#111111" };
const popup = (overrides: Partial<Popup> = {}): Popup => ({
  kind: "sign_up",
  title: "Join our rewards program",
  description: "Earn points on every order.",
  buttonText: "Join now",
  buttonLink: null,
  iconUrl: null,
  delaySeconds: 5,
  frequency: 1,
  autoCloseSeconds: 0,
  hiddenPaths: [],
  ...overrides,
});

function script(customer = "") {
  const el = document.createElement("script");
  el.dataset.laurelProxy = "/apps/laurel";
  el.dataset.laurelCustomer = customer;
  el.dataset.laurelRegisterUrl = "/demo-store/account/register";
  document.head.append(el);
  return el;
}
const shown = () =>
  document.querySelector("laurel-popup")?.shadowRoot?.querySelector<HTMLElement>("[role=dialog]");
const NOW = new Date("2026-11-24T10:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("the sign-up and customer login blocks' settings (N-02, N-21)", () => {
  const page = `
    <p data-laurel-signup data-template="Join and get {{points}}" hidden id="signup"></p>
    <p data-laurel-login hidden id="login"></p>`;

  it("a guest sees the merchant's sign-up text and login block, as text", async () => {
    document.body.innerHTML = page;
    fakeProxy({
      "GET /customer": ok(guestView()),
      "GET /onsite": ok({
        colors,
        checkout: null,
        signupBlock: { text: "Sign up for {{points}} <b>now</b>" },
        customerLogin: { title: "Welcome back", description: "Or join and get {{points}}." },
        popups: [],
      }),
    });
    await startBlocks(script(), NOW);
    expect(document.getElementById("signup")?.textContent).toBe("Sign up for 100 points <b>now</b>");
    expect(document.getElementById("signup")?.querySelector("b")).toBeNull();
    const login = document.getElementById("login");
    expect(login?.hidden).toBe(false);
    expect(login?.querySelector("strong")?.textContent).toBe("Welcome back");
    expect(login?.textContent).toBe("Welcome back Or join and get 100 points.");
  });

  it("turned off, neither shows; a merchant who never saved the sign-up text keeps the theme's", async () => {
    document.body.innerHTML = page;
    fakeProxy({
      "GET /customer": ok(guestView()),
      "GET /onsite": ok({ colors, checkout: null, signupBlock: null, customerLogin: null, popups: [] }),
    });
    await startBlocks(script(), NOW);
    expect(document.getElementById("signup")?.hidden).toBe(true);
    expect(document.getElementById("login")?.hidden).toBe(true);

    document.body.innerHTML = page;
    fakeProxy({
      "GET /customer": ok(guestView()),
      "GET /onsite": ok({
        colors,
        checkout: null,
        signupBlock: { text: null },
        customerLogin: null,
        popups: [],
      }),
    });
    await startBlocks(script(), NOW);
    expect(document.getElementById("signup")?.textContent).toBe("Join and get 100 points");
  });

  it("a signed-in shopper sees no login block", async () => {
    document.body.innerHTML = page;
    fakeProxy({
      "GET /customer": ok(customerView()),
      "GET /onsite": ok({
        colors,
        checkout: null,
        signupBlock: null,
        customerLogin: { title: "Welcome back", description: "" },
        popups: [],
      }),
    });
    await startBlocks(script("42"), NOW);
    expect(document.getElementById("login")?.hidden).toBe(true);
  });
});

describe("points and sign-up blocks (N-11, N-21)", () => {
  it("fills the product, cart and sign-up blocks from the shop's programs, members see their balance", async () => {
    document.body.innerHTML = `
      <p data-laurel-points data-amount="25000" data-template="Earn {{points}} with this purchase" hidden></p>
      <p data-laurel-points data-amount="5000" data-member-template="You have {{points}}." hidden id="cart"></p>
      <p data-laurel-points data-amount="1000" hidden id="nothing"></p>
      <p data-laurel-points data-amount="1000" data-currency="USD" data-rate-template="Earn {{points}} for every {{amount}} spent" hidden id="rate"></p>
      <p data-laurel-signup data-template="Join and get {{points}}" hidden id="signup"></p>`;
    const proxy = fakeProxy({
      "GET /customer": ok(customerView()),
      "GET /onsite": ok({ colors, checkout: null, popups: [] }),
      // The engine's figures (a program that does not keep its step earns in proportion).
      "GET /points-estimate": ok({
        estimates: [
          { amount: 25000, points: 25 },
          { amount: 5000, points: 0 },
          { amount: 1000, points: 0 },
        ],
      }),
    });
    await startBlocks(script("42"), NOW);
    const product = document.querySelector<HTMLElement>("[data-laurel-points]");
    // What the engine says $250.00 earns, not the block's own arithmetic.
    expect(product?.textContent).toBe("Earn 25 points with this purchase");
    expect(product?.hidden).toBe(false);
    // $50.00 earns nothing; a member still sees the balance.
    expect(document.getElementById("cart")?.textContent).toBe("You have 1,250 points.");
    expect(document.getElementById("nothing")?.hidden).toBe(true);
    // Below the program's step, the block with a rate template offers the step.
    expect(document.getElementById("rate")?.textContent).toBe("Earn 10 points for every $100.00 spent");
    // A member has joined: no sign-up block.
    expect(document.getElementById("signup")?.hidden).toBe(true);
    expect(proxy.calls.filter((c) => c.path === "/customer")).toHaveLength(1);
    // One estimate for every block's amount.
    expect(proxy.calls.filter((c) => c.path.startsWith("/points-estimate")).map((c) => c.path)).toEqual([
      "/points-estimate?amounts=25000,5000,1000",
    ]);
  });

  it("without the engine's estimate a block claims no points, and the member's balance still shows", async () => {
    document.body.innerHTML = `
      <p data-laurel-points data-amount="25000" hidden id="product"></p>
      <p data-laurel-points data-amount="5000" data-member-template="You have {{points}}." hidden id="cart"></p>`;
    fakeProxy({
      "GET /customer": ok(customerView()),
      "GET /onsite": ok({ colors, checkout: null, popups: [] }),
      "GET /points-estimate": { status: 503, body: { success: false, code: "unavailable" } },
    });
    await startBlocks(script("42"), NOW);
    expect(document.getElementById("product")?.hidden).toBe(true);
    expect(document.getElementById("cart")?.textContent).toBe("You have 1,250 points.");
  });

  it("a guest sees the sign-up block; a page without blocks asks nothing but the popups", async () => {
    document.body.innerHTML = `<p data-laurel-signup data-template="Join and get {{points}}" hidden id="signup"></p>`;
    fakeProxy({
      "GET /customer": ok(guestView()),
      "GET /onsite": ok({ colors, checkout: null, popups: [] }),
    });
    await startBlocks(script(), NOW);
    expect(document.getElementById("signup")?.textContent).toBe("Join and get 100 points");

    document.body.innerHTML = "";
    const proxy = fakeProxy({ "GET /onsite": ok({ colors, checkout: null, popups: [] }) });
    await startBlocks(script(), NOW);
    expect(proxy.calls.map((c) => c.path)).toEqual(["/onsite"]);
  });

  it("leaves the page alone when the API is down", async () => {
    document.body.innerHTML = `<p data-laurel-points data-amount="25000" hidden></p>`;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await expect(startBlocks(script(), NOW)).resolves.toBeUndefined();
    expect(document.querySelector<HTMLElement>("[data-laurel-points]")?.hidden).toBe(true);
  });
});

describe("checkout discount block (N-12)", () => {
  const coupon = (code: string, tab: "available" | "unavailable") => ({
    id: code,
    code,
    programId: "prg_5off",
    title: "$5 off coupon",
    points: 500,
    reward: { kind: "amount", value: 500, currency: "USD", minimumRequirement: null },
    status: tab === "available" ? "unused" : "used",
    tab,
    issuedAt: "2026-11-01T00:00:00.000Z",
  });
  const checkout = { title: "Your rewards", description: "Apply one <b>now</b>." };

  it("lists a member's available codes with links that apply them; merchant text stays text", async () => {
    document.body.innerHTML = `<div data-laurel-checkout data-apply-url="/demo-store/discount/{{code}}?redirect=/demo-store/checkout" hidden></div>`;
    fakeProxy({
      "GET /onsite": ok({ colors, checkout, popups: [] }),
      "GET /coupons": ok({
        coupons: [coupon("LAUREL-AB12", "available"), coupon("LAUREL-OLD1", "unavailable")],
      }),
    });
    await startBlocks(script("42"), NOW);
    const el = document.querySelector<HTMLElement>("[data-laurel-checkout]");
    expect(el?.hidden).toBe(false);
    expect(el?.querySelector("h2")?.textContent).toBe("Your rewards");
    expect(el?.querySelector("p")?.textContent).toBe("Apply one <b>now</b>.");
    expect(el?.querySelector("b")).toBeNull();
    const links = Array.from(el?.querySelectorAll("a") ?? []).map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/demo-store/discount/LAUREL-AB12?redirect=/demo-store/checkout"]);
  });

  it("stays hidden for a guest, when the block is off, or without codes", async () => {
    document.body.innerHTML = `<div data-laurel-checkout hidden></div>`;
    const proxy = fakeProxy({ "GET /onsite": ok({ colors, checkout, popups: [] }) });
    await startBlocks(script(), NOW);
    expect(proxy.calls.map((c) => c.path)).toEqual(["/onsite"]);
    fakeProxy({ "GET /onsite": ok({ colors, checkout: null, popups: [] }) });
    await startBlocks(script("42"), NOW);
    fakeProxy({ "GET /onsite": ok({ colors, checkout, popups: [] }), "GET /coupons": ok({ coupons: [] }) });
    await startBlocks(script("42"), NOW);
    expect(document.querySelector<HTMLElement>("[data-laurel-checkout]")?.hidden).toBe(true);
  });
});

describe("popups (N-08, N-09, G-23, L-13)", () => {
  it("the sign-up popup shows a guest once a day, after its delay, and closes", async () => {
    fakeProxy({ "GET /onsite": ok({ colors, checkout: null, popups: [popup()] }) });
    await startBlocks(script(), NOW);
    expect(shown()).toBeFalsy();
    vi.advanceTimersByTime(5000);
    expect(shown()?.querySelector("h2")?.textContent).toBe("Join our rewards program");
    const button = shown()?.querySelector<HTMLAnchorElement>("a");
    expect(button?.getAttribute("href")).toBe("/demo-store/account/register");
    shown()?.querySelector<HTMLButtonElement>("button")?.click();
    expect(shown()).toBeFalsy();

    // Same day: not again. Next day: again.
    await startBlocks(script(), NOW);
    vi.advanceTimersByTime(5000);
    expect(shown()).toBeFalsy();
    await startBlocks(script(), new Date("2026-11-25T10:00:00Z"));
    vi.advanceTimersByTime(5000);
    expect(shown()).toBeTruthy();
  });

  it("a signed-in shopper gets no sign-up popup; a member who can redeem gets the reminder with the balance", async () => {
    const reminder = popup({
      kind: "reward_reminder",
      title: "You have points to spend",
      description: "You have {{points}}.",
      delaySeconds: 0,
      autoCloseSeconds: 10,
      frequency: 2,
    });
    fakeProxy({
      "GET /onsite": ok({ colors, checkout: null, popups: [popup(), reminder] }),
      "GET /customer": ok(customerView()),
    });
    await startBlocks(script("42"), NOW);
    vi.advanceTimersByTime(0);
    expect(shown()?.dataset.kind).toBe("reward_reminder");
    expect(shown()?.querySelector("p")?.textContent).toBe("You have 1,250 points.");
    expect(shown()?.querySelector("a")?.getAttribute("href")).toBe("#laurel-rewards");
    // Auto-close.
    vi.advanceTimersByTime(10_000);
    expect(shown()).toBeFalsy();
  });

  it("respects hidden paths and the daily frequency", () => {
    const p = popup({ kind: "visit_website", frequency: 2, hiddenPaths: ["/pages/contact/", "//"] });
    expect(popupAllowed(p, "/pages/contact", "2026-11-24", localStorage)).toBe(false);
    expect(popupAllowed(p, "/pages/contact/form", "2026-11-24", localStorage)).toBe(false);
    expect(popupAllowed(p, "/pages/contactus", "2026-11-24", localStorage)).toBe(true);
    expect(popupAllowed(p, "/", "2026-11-24", localStorage)).toBe(false);
    localStorage.setItem("laurel:popup:visit_website", "2026-11-24 1");
    expect(popupAllowed(p, "/cart", "2026-11-24", localStorage)).toBe(true);
    localStorage.setItem("laurel:popup:visit_website", "2026-11-24 2");
    expect(popupAllowed(p, "/cart", "2026-11-24", localStorage)).toBe(false);
    expect(popupAllowed(p, "/cart", "2026-11-25", localStorage)).toBe(true);
  });

  it("reads the embed's attributes, with safe defaults", () => {
    const el = script("abc");
    el.dataset.laurelProxy = "//evil.example";
    expect(readBlocksEmbed(el)).toEqual({
      proxy: "/apps/laurel",
      customer: "",
      locale: "en",
      registerUrl: "/demo-store/account/register",
    });
  });
});

describe("instant popup (N-05, N-06)", () => {
  /** A launcher as the loader draws it: a button in the widget's shadow root. */
  function launcher() {
    const host = document.createElement("laurel-widget");
    const button = document.createElement("button");
    const clicks = { n: 0 };
    button.addEventListener("click", () => clicks.n++);
    host.attachShadow({ mode: "open" }).append(button);
    document.body.append(host);
    return clicks;
  }
  const viewport = (mobile: boolean) =>
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: mobile && q.includes("max-width") }));
  const onsite = (instantPopup: { desktop: boolean; mobile: boolean }) =>
    fakeProxy({ "GET /onsite": ok({ colors, checkout: null, popups: [], instantPopup }) });

  beforeEach(() => sessionStorage.clear());

  it("opens the panel once per visit on the chosen device, waiting for the launcher", async () => {
    viewport(false);
    onsite({ desktop: true, mobile: false });
    await startBlocks(script(), NOW);
    // The loader draws the launcher a moment later.
    const clicks = launcher();
    expect(clicks.n).toBe(0);
    await vi.advanceTimersByTimeAsync(250);
    expect(clicks.n).toBe(1);
    // The next page of the same visit: not again.
    await startBlocks(script(), NOW);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clicks.n).toBe(1);
  });

  it("stays shut on a device the merchant did not choose, or when off", async () => {
    const clicks = launcher();
    viewport(true);
    onsite({ desktop: true, mobile: false });
    await startBlocks(script(), NOW);
    viewport(false);
    onsite({ desktop: false, mobile: false });
    await startBlocks(script(), NOW);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clicks.n).toBe(0);
    expect(sessionStorage.getItem("laurel-instant")).toBeNull();
  });
});

describe("the account page's B2B partner tier block (decision 0177)", () => {
  const texts = {
    title: "Your partner tier",
    tier: "Partner tier: {{tier}}",
    next: "{{remaining}} to go to reach {{tier}}",
    top: "Your business is in our highest partner tier.",
    privileges: "Partner privileges",
  };
  const pointLabel = { singular: "point", plural: "points", position: "after" as const };
  const partner = {
    name: "Partner",
    perks: ["Net-30 invoices", "<b>Priority</b> fulfilment"],
    cardColor: "#1F4B3F",
    backgroundColor: "url(evil)",
    next: { name: "Preferred partner", remaining: 150_000, progress: 25, unit: "money" as const },
  };
  const page = `<div data-laurel-partner data-currency="USD" hidden id="partner"></div>`;

  it("shows a signed-in company member their partner tier, progress and privileges, as text", async () => {
    document.body.innerHTML = page;
    const { calls } = fakeProxy({
      "GET /onsite": ok({ colors, checkout: null, signupBlock: null, customerLogin: null, popups: [] }),
      "GET /partner-tier": ok({ tier: partner, texts, pointLabel }),
    });
    await startBlocks(script("8100"), NOW);
    const el = document.getElementById("partner") as HTMLElement;
    expect(el.hidden).toBe(false);
    expect(el.querySelector("h2")?.textContent).toBe("Your partner tier");
    expect(el.querySelector("p")?.textContent).toBe("Partner tier: Partner");
    expect(el.querySelectorAll("p")[1]?.textContent).toBe("$1,500.00 to go to reach Preferred partner");
    expect(el.querySelector("progress")?.getAttribute("value")).toBe("25");
    expect(Array.from(el.querySelectorAll("li"), (li) => li.textContent)).toEqual([
      "Net-30 invoices",
      "<b>Priority</b> fulfilment",
    ]);
    expect(el.querySelector("b")).toBeNull();
    // Hex colours only: the card colour applies, a background that is not a colour does not.
    expect(el.style.color).toBe("rgb(31, 75, 63)");
    expect(el.style.background).toBe("");
    expect(calls.filter((c) => c.path === "/partner-tier")).toHaveLength(1);
  });

  it("says 'the highest' in the top partner tier, counts points in the shop's label", async () => {
    document.body.innerHTML = page;
    fakeProxy({
      "GET /onsite": ok({ colors, checkout: null, signupBlock: null, customerLogin: null, popups: [] }),
      "GET /partner-tier": ok({ tier: { ...partner, perks: [], next: null }, texts, pointLabel }),
    });
    await startBlocks(script("8100"), NOW);
    const el = document.getElementById("partner") as HTMLElement;
    expect(el.querySelectorAll("p")[1]?.textContent).toBe("Your business is in our highest partner tier.");
    expect(el.querySelector("progress")).toBeNull();
    expect(el.querySelector("h3")).toBeNull();

    document.body.innerHTML = page;
    fakeProxy({
      "GET /partner-tier": ok({
        tier: { ...partner, next: { ...partner.next, unit: "points", remaining: 1200 } },
        texts,
        pointLabel,
      }),
    });
    await startBlocks(script("8100"), NOW);
    expect(document.querySelectorAll("#partner p")[1]?.textContent).toBe(
      "1,200 points to go to reach Preferred partner",
    );
  });

  it("stays hidden for anyone else, and asks nothing for a guest", async () => {
    document.body.innerHTML = page;
    fakeProxy({ "GET /partner-tier": ok({ tier: null, texts, pointLabel }) });
    await startBlocks(script("8300"), NOW);
    expect((document.getElementById("partner") as HTMLElement).hidden).toBe(true);

    document.body.innerHTML = page;
    const { calls } = fakeProxy({});
    await startBlocks(script(), NOW);
    expect((document.getElementById("partner") as HTMLElement).hidden).toBe(true);
    expect(calls.some((c) => c.path === "/partner-tier")).toBe(false);
  });
});
