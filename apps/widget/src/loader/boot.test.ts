import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PanelApi, PanelContext, PanelModule } from "../shared/types";
import { fail, fakeProxy, ok, settings, settle } from "../test-support";
import { boot, readEmbed, TIMEOUT_MS } from "./boot";

const SRC = "http://localhost:3000/widget/loader.js";

function embed(attrs: Record<string, string> = {}): HTMLScriptElement {
  const script = document.createElement("script");
  const all: Record<string, string> = {
    laurelProxy: "/apps/laurel",
    laurelShop: "laurel-demo.myshopify.com",
    laurelLocale: "en",
    laurelPage: "product",
    laurelCustomer: "123456",
    laurelLoginUrl: "/demo-store/account/login",
    laurelRegisterUrl: "/demo-store/account/register",
    ...attrs,
  };
  for (const [k, v] of Object.entries(all)) script.dataset[k] = v;
  script.setAttribute("src", SRC);
  document.head.append(script);
  return script;
}

const host = () => document.querySelector("laurel-widget");
const shadow = () => host()?.shadowRoot ?? null;
const launcher = () => shadow()?.querySelector<HTMLButtonElement>('[data-testid="laurel-launcher"]') ?? null;
const badge = () => shadow()?.querySelector('[data-testid="laurel-launcher-balance"]')?.textContent;

/** A panel module that records what the loader did with it. */
function fakePanel() {
  const api = { open: vi.fn(), close: vi.fn(), toggle: vi.fn() } satisfies PanelApi;
  const mounted: PanelContext[] = [];
  const module: PanelModule = {
    mount(ctx) {
      mounted.push(ctx);
      return api;
    },
  };
  const importPanel = vi.fn(async (_url: string) => module);
  return { api, mounted, importPanel };
}

/** The panel's CSS link in the shadow root, loaded (jsdom fetches no stylesheets). */
function loadCss() {
  const link = shadow()?.querySelector("link");
  link?.dispatchEvent(new Event("load"));
  return link;
}

beforeEach(() => {
  localStorage.clear();
  // Idle never comes unless a test says so (the real panel is never imported here).
  vi.stubGlobal("requestIdleCallback", () => 1);
});
afterEach(() => {
  document.body.innerHTML = "";
  document.head.innerHTML = "";
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("loader: settings → launcher", () => {
  it("draws a launcher button in an open shadow root, positioned fixed, with the shop's label and colours", async () => {
    const proxy = fakeProxy({
      "GET /widget": ok(
        settings({
          launcher: { position: "bottom_left", style: "icon", label: "Perks" },
          colors: {
            primary: "#ff0000",
            primaryText: "#000000",
            background: "#fff",
            text: "#111",
            accent: "#0a0",
          },
        }),
      ),
    });
    await boot(embed({ laurelLocale: "fr" }));
    expect(proxy.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /widget?locale=fr"]);
    expect(host()?.parentElement).toBe(document.body);
    const button = launcher();
    expect(button?.tagName).toBe("BUTTON");
    expect(button?.getAttribute("aria-expanded")).toBe("false");
    expect(button?.getAttribute("aria-controls")).toBe("laurel-panel");
    expect(shadow()?.querySelector(".lw-t")?.textContent).toBe("Perks");
    const wrap = shadow()?.querySelector<HTMLElement>(".lw");
    expect(wrap?.dataset.pos).toBe("bottom_left");
    expect(wrap?.dataset.style).toBe("icon");
    expect(wrap?.style.getPropertyValue("--lw-primary")).toBe("#ff0000");
    expect(wrap?.style.getPropertyValue("--lw-accent")).toBe("#0a0");
    // Out of the page's flow: fixed positioning, so nothing on the page moves.
    expect(shadow()?.querySelector("style")?.textContent).toMatch(/\.lw-l\{position:fixed/);
  });

  it("renders merchant text as text and scopes advanced CSS to the shadow root", async () => {
    fakeProxy({
      "GET /widget": ok(
        settings({
          launcher: {
            position: "bottom_right",
            style: "icon_label",
            label: '<img src=x onerror="alert(1)">',
          },
          customCss: ".lw-l{border-radius:0}",
        }),
      ),
    });
    await boot(embed());
    expect(shadow()?.querySelector("img")).toBeNull();
    expect(shadow()?.querySelector(".lw-t")?.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(shadow()?.querySelector("style")?.textContent).toMatch(/\.lw-l\{border-radius:0\}$/);
    expect(document.head.querySelector("style")).toBeNull();
  });

  it("falls back to safe defaults for bad embed attributes", () => {
    const e = readEmbed(
      embed({
        laurelProxy: "//evil.test/x",
        laurelLocale: "en-12",
        laurelCustomer: "abc",
        laurelPage: "",
      }),
    );
    expect(e).toMatchObject({ proxy: "/apps/laurel", locale: "en", customer: "", page: "other" });
    expect(readEmbed(embed({ laurelProxy: "/tools/loyalty/", laurelLocale: "pt-BR" }))).toMatchObject({
      proxy: "/tools/loyalty",
      locale: "pt-BR",
    });
  });

  it("is drawn once even when the theme embeds the script twice", async () => {
    fakeProxy({ "GET /widget": ok(settings()) });
    await boot(embed());
    await boot(embed());
    expect(document.querySelectorAll("laurel-widget")).toHaveLength(1);
  });
});

describe("loader: where it does not show", () => {
  it.each([
    ["a hidden page", { hiddenPages: ["cart" as const] }, { laurelPage: "cart" }],
    ["the widget turned off", { enabled: false }, {}],
    ["a guest when it shows only after login", { hideForGuests: true }, { laurelCustomer: "" }],
  ])("on %s", async (_label, overrides, attrs) => {
    fakeProxy({ "GET /widget": ok(settings(overrides)) });
    await boot(embed(attrs));
    expect(host()).toBeNull();
  });

  it("shows on the other pages and for signed-in shoppers", async () => {
    fakeProxy({ "GET /widget": ok(settings({ hiddenPages: ["cart"], hideForGuests: true })) });
    await boot(embed({ laurelPage: "product", laurelCustomer: "42" }));
    expect(launcher()).not.toBeNull();
  });
});

describe("loader: degraded mode (API down, 5xx, garbage)", () => {
  const cached = (customer: string, balance: number) =>
    localStorage.setItem(
      "laurel:laurel-demo.myshopify.com",
      JSON.stringify({
        s: settings({ launcher: { position: "bottom_right", style: "icon_label", label: "Cached" } }),
        c: customer,
        b: balance,
      }),
    );

  it.each([
    ["unreachable", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a 502 with an HTML page", () => new Response("<html>Bad gateway</html>", { status: 502 })],
    [
      "a 500 envelope",
      () => new Response(JSON.stringify(fail(500, "internal_error", "x").body), { status: 500 }),
    ],
    ["JSON that is not settings", () => new Response(JSON.stringify({ success: true, data: { hello: 1 } }))],
  ])("hides the launcher when the API is %s and nothing is cached", async (_label, answer) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    await boot(embed());
    await settle();
    expect(host()).toBeNull();
  });

  it("shows the last known balance of this shopper from localStorage when the API is down", async () => {
    cached("123456", 1250);
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await boot(embed());
    expect(shadow()?.querySelector(".lw-t")?.textContent).toBe("Cached");
    expect(badge()).toBe("1,250 points");
  });

  it("never shows another shopper's cached balance, nor any to a guest", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    cached("999", 1250);
    await boot(embed());
    expect(host()).toBeNull();
    await boot(embed({ laurelCustomer: "" }));
    expect(host()).toBeNull();
  });

  it("gives up waiting for a hanging API after the timeout and uses the cache", async () => {
    vi.useFakeTimers();
    cached("123456", 7);
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const done = boot(embed());
    expect(host()).toBeNull();
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    await done;
    expect(badge()).toBe("7 points");
  });

  it("works without localStorage (private mode, sandboxed frames)", async () => {
    const get = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    const set = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "QuotaExceededError");
    });
    fakeProxy({ "GET /widget": ok(settings()) });
    await boot(embed());
    expect(launcher()).not.toBeNull();
    expect(set).toHaveBeenCalled();
    get.mockRestore();
    set.mockRestore();
  });
});

describe("loader: the cached balance", () => {
  it("shows the shopper's last known balance at once, and keeps the panel's updates", async () => {
    localStorage.setItem("laurel:laurel-demo.myshopify.com", JSON.stringify({ c: "123456", b: 1 }));
    fakeProxy({
      "GET /widget": ok(settings({ pointLabel: { singular: "star", plural: "stars", position: "before" } })),
    });
    const panel = fakePanel();
    await boot(embed(), { importPanel: panel.importPanel });
    expect(badge()).toBe("star 1");
    launcher()?.dispatchEvent(new Event("focus")); // (jsdom has no pointer events)
    loadCss();
    await settle();
    panel.mounted[0]?.setBalance(2500);
    expect(badge()).toBe("stars 2,500");
    const stored = JSON.parse(localStorage.getItem("laurel:laurel-demo.myshopify.com") ?? "{}");
    expect(stored).toMatchObject({ c: "123456", b: 2500 });
    expect(stored.s.launcher.label).toBe("Rewards");
  });
});

describe("loader: loading the panel", () => {
  it("imports the panel and its CSS next to the loader on idle, once, then the click toggles it", async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (cb: () => void, opts: { timeout: number }) => {
      expect(opts.timeout).toBeGreaterThan(0);
      idle = cb;
      return 1;
    });
    fakeProxy({ "GET /widget": ok(settings()) });
    const panel = fakePanel();
    await boot(embed(), { importPanel: panel.importPanel });
    expect(panel.importPanel).not.toHaveBeenCalled();
    idle?.();
    expect(panel.importPanel).toHaveBeenCalledWith("http://localhost:3000/widget/panel.js");
    expect(loadCss()?.getAttribute("href")).toBe("http://localhost:3000/widget/panel.css");
    await settle();
    expect(panel.mounted).toHaveLength(1);
    expect(panel.mounted[0]?.launcher).toBe(launcher());
    expect(panel.mounted[0]?.embed.customer).toBe("123456");
    launcher()?.click();
    await settle();
    expect(panel.api.toggle).toHaveBeenCalledTimes(1);
    launcher()?.dispatchEvent(new Event("focus"));
    launcher()?.click();
    await settle();
    expect(panel.importPanel).toHaveBeenCalledTimes(1);
    expect(panel.api.toggle).toHaveBeenCalledTimes(2);
  });

  it("loads on the first interaction when that comes before idle", async () => {
    fakeProxy({ "GET /widget": ok(settings()) });
    const panel = fakePanel();
    await boot(embed(), { importPanel: panel.importPanel });
    launcher()?.click();
    loadCss();
    await settle();
    expect(panel.importPanel).toHaveBeenCalledTimes(1);
    expect(panel.api.toggle).toHaveBeenCalledTimes(1);
  });

  it("a failed panel download changes nothing on the page, and the next click tries again", async () => {
    fakeProxy({ "GET /widget": ok(settings()) });
    const panel = fakePanel();
    panel.importPanel.mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
    await boot(embed(), { importPanel: panel.importPanel });
    launcher()?.click();
    loadCss();
    await settle();
    expect(panel.api.toggle).not.toHaveBeenCalled();
    expect(launcher()?.getAttribute("aria-expanded")).toBe("false");
    launcher()?.click();
    loadCss();
    await settle();
    expect(panel.importPanel).toHaveBeenCalledTimes(2);
    expect(panel.api.toggle).toHaveBeenCalledTimes(1);
  });
});

describe("loader: the designer's settings (issue 12)", () => {
  it("hides on a hidden path and the pages under it, not on a path that only starts alike (N-09)", async () => {
    const at = async (path: string) => {
      document.body.innerHTML = "";
      history.replaceState(null, "", path);
      fakeProxy({ "GET /widget": ok(settings({ hiddenPaths: ["/pages/contact/", "//"] })) });
      await boot(embed());
      return host() !== null;
    };
    expect(await at("/pages/contact")).toBe(false);
    expect(await at("/pages/contact/form")).toBe(false);
    expect(await at("/")).toBe(false); // "/" is the home page alone
    expect(await at("/pages/contactus")).toBe(true);
    expect(await at("/products/x")).toBe(true);
    history.replaceState(null, "", "/");
  });

  it("a hidden launcher is drawn but not shown; the icon is an image in a custom property", async () => {
    fakeProxy({
      "GET /widget": ok(
        settings({
          launcher: { position: "bottom_right", style: "hidden", label: "Rewards" },
          launcherIcon: "https://cdn.example/icon.png",
        }),
      ),
    });
    await boot(embed());
    const wrap = shadow()?.querySelector<HTMLElement>(".lw");
    expect(wrap?.dataset.style).toBe("hidden");
    expect(shadow()?.querySelector("style")?.textContent).toContain(
      "[data-style=hidden] .lw-l{display:none}",
    );
    expect(wrap?.style.getPropertyValue("--lw-i")).toBe('url("https://cdn.example/icon.png")');
  });
});
