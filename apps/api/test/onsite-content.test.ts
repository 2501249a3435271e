import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoOnsite } from "../src/seed/demo-onsite";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signedProxyUrl,
  type TestApp,
  updateShopRow,
} from "./helpers";

/** The loyalty page's FAQs and the storefront popups (issue 12, decision 0145). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const token = () => shopifyToken(t.config, DEMO_SHOP_DOMAIN);
const get = async (path: string) => adminGet(t.app, path, await token());
const put = async (path: string, body: unknown) => adminSend(t.app, "PUT", path, await token(), body);
const proxy = (path: string, extra?: Record<string, string>) =>
  t.app.inject({ method: "GET", url: signedProxyUrl(t, path, extra ? { extra } : {}) });

describe("the demo seed (demo-onsite)", () => {
  it("writes the demo shop's FAQs and popups once, switched off, and never over the merchant's", async () => {
    expect(await seedDemoOnsite(t.deps)).toEqual({ seeded: true });
    const { faqs, isDefault } = (await get("/apiSa/storefront/faqs")).json().data;
    expect(isDefault).toBe(false);
    expect(faqs[0].question).toBe("How do I join Laurel Rewards?");
    expect((await get("/apiSa/storefront/popups/sign_up")).json().data.popup).toMatchObject({
      enabled: false,
      title: "Join Laurel Rewards",
    });
    expect(await seedDemoOnsite(t.deps)).toEqual({ seeded: false });
  });
});

describe("GET|PUT /apiSa/storefront/faqs (N-10)", () => {
  it("answers the defaults, then the merchant's FAQs, which the loyalty page shows in order", async () => {
    const before = await get("/apiSa/storefront/faqs");
    expect(before.statusCode).toBe(200);
    expect(before.json().data.faqs.length).toBeGreaterThan(0);

    const faqs = [
      { question: "Do points expire?", answer: "After a year <b>without</b> an order." },
      { question: "Can I use {{ points }} in store?", answer: "Not yet." },
    ];
    const saved = await put("/apiSa/storefront/faqs", { faqs });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: "Saved successfully", data: { faqs, isDefault: false } });

    const page = await proxy("/proxy/loyalty-page");
    expect(page.body.indexOf("Do points expire?")).toBeGreaterThan(-1);
    expect(page.body.indexOf("Do points expire?")).toBeLessThan(page.body.indexOf("in store?"));
    // Merchant text is escaped for HTML and Liquid.
    expect(page.body).toContain("&#60;b&#62;without&#60;/b&#62;");
    expect(page.body).not.toMatch(/\{\{|\{%/);
    expect(page.body).not.toContain("How do I join Laurel Rewards?");

    // No FAQs at all: the section goes.
    expect((await put("/apiSa/storefront/faqs", { faqs: [] })).statusCode).toBe(200);
    expect((await proxy("/proxy/loyalty-page")).body).not.toContain('data-testid="laurel-page-faqs"');
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const before = (await get("/apiSa/storefront/faqs")).json().data;
    const empty = await put("/apiSa/storefront/faqs", { faqs: [{ question: " ", answer: "x" }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({
      field: "faqs.0.question",
      message: "Question is required.",
    });
    const many = Array.from({ length: 21 }, () => ({ question: "q", answer: "a" }));
    const tooMany = await put("/apiSa/storefront/faqs", { faqs: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ field: "faqs", message: "At most 20 FAQs." });
    expect((await put("/apiSa/storefront/faqs", { faqs: [], extra: 1 })).statusCode).toBe(400);
    expect((await get("/apiSa/storefront/faqs")).json().data).toEqual(before);
  });
});

describe("GET|PUT /apiSa/storefront/popups/:kind (N-08, N-09, G-23, L-13)", () => {
  it("each kind starts off with its defaults; an enabled popup reaches /proxy/onsite", async () => {
    for (const kind of ["sign_up", "visit_website", "reward_reminder"]) {
      const res = await get(`/apiSa/storefront/popups/${kind}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ kind, popup: { enabled: false } });
    }
    expect((await proxy("/proxy/onsite")).json().data).toMatchObject({
      popups: [],
      colors: { primary: "#1f4b3f" },
    });

    const { popup } = (await get("/apiSa/storefront/popups/sign_up")).json().data;
    const signUp = {
      ...popup,
      enabled: true,
      frequency: 5,
      hiddenPaths: ["/pages/contact", "/cart", "/cart"],
    };
    const saved = await put("/apiSa/storefront/popups/sign_up", signUp);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.popup.hiddenPaths).toEqual(["/pages/contact", "/cart"]);

    const onsite = await proxy("/proxy/onsite");
    expect(onsite.headers["cache-control"]).toMatch(/public/);
    expect(onsite.json().data.popups).toEqual([
      expect.objectContaining({
        kind: "sign_up",
        title: popup.title,
        // N-09: the sign-up popup shows once a day whatever the frequency says.
        frequency: 1,
        hiddenPaths: ["/pages/contact/", "/cart/"],
      }),
    ]);

    const reminder = (await get("/apiSa/storefront/popups/reward_reminder")).json().data.popup;
    await put("/apiSa/storefront/popups/reward_reminder", { ...reminder, enabled: true, frequency: 3 });
    const kinds = (await proxy("/proxy/onsite"))
      .json()
      .data.popups.map((p: { kind: string; frequency: number }) => [p.kind, p.frequency]);
    expect(kinds).toEqual([
      ["sign_up", 1],
      ["reward_reminder", 3],
    ]);
  });

  it("refuses a frequency over 10, a javascript: link, an unknown kind, naming the field", async () => {
    const { popup } = (await get("/apiSa/storefront/popups/visit_website")).json().data;
    const often = await put("/apiSa/storefront/popups/visit_website", { ...popup, frequency: 11 });
    expect(often.statusCode).toBe(400);
    expect(often.json().errors[0]).toMatchObject({
      field: "frequency",
      message: "Display frequency must be at most 10.",
    });
    const script = await put("/apiSa/storefront/popups/visit_website", {
      ...popup,
      buttonLink: "javascript:alert(1)",
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors[0].field).toBe("buttonLink");
    const late = await put("/apiSa/storefront/popups/visit_website", { ...popup, delaySeconds: 121 });
    expect(late.json().errors[0].field).toBe("delaySeconds");
    const unknown = await put("/apiSa/storefront/popups/exit_intent", popup);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe("kind");
    expect((await get("/apiSa/storefront/popups/visit_website")).json().data.popup).toEqual(popup);
  });

  it("refuses an unsigned storefront call", async () => {
    expect((await t.app.inject({ method: "GET", url: "/proxy/onsite" })).statusCode).toBe(401);
  });
});

describe("GET|PUT /apiSa/storefront/checkout-discount (N-12, A-20)", () => {
  const PATH = "/apiSa/storefront/checkout-discount";
  it("is gated: texts may be kept ready, turning it on needs the custom feature or Plus", async () => {
    const start = (await get(PATH)).json().data;
    expect(start).toMatchObject({ allowed: false, block: { enabled: false } });
    const texts = { enabled: false, title: "Your Laurel rewards", description: "Apply one to this order." };
    expect((await put(PATH, texts)).statusCode).toBe(200);
    const refused = await put(PATH, { ...texts, enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe("enabled");
    expect((await proxy("/proxy/onsite")).json().data.checkout).toBeNull();

    await updateShopRow(t, "shop_demo", { custom_features: JSON.stringify(["checkout_discount"]) as never });
    expect((await get(PATH)).json().data.allowed).toBe(true);
    const on = await put(PATH, { ...texts, enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await proxy("/proxy/onsite")).json().data.checkout).toEqual({
      title: "Your Laurel rewards",
      description: "Apply one to this order.",
    });
    expect((await put(PATH, { ...texts, title: "" })).json().errors[0].field).toBe("title");
  });
});

describe("the sign-up block and the customer login block (N-02, N-21)", () => {
  const onsite = async () => (await proxy("/proxy/onsite")).json().data;

  it("answers the defaults: both on, the sign-up block in the theme's words until saved", async () => {
    expect((await get("/apiSa/storefront/signup-block")).json().data.block).toMatchObject({ enabled: true });
    expect((await get("/apiSa/storefront/customer-login")).json().data.block).toMatchObject({
      enabled: true,
      title: "Sign in to see your rewards",
    });
    const data = await onsite();
    expect(data.signupBlock).toEqual({ text: null });
    expect(data.customerLogin).toMatchObject({ title: "Sign in to see your rewards" });
  });

  it("saves each; the storefront gets the merchant's texts, or nothing when turned off", async () => {
    const signup = { enabled: true, text: "Join and get {{points}} today" };
    const saved = await put("/apiSa/storefront/signup-block", signup);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: "Saved successfully", data: { block: signup } });
    const login = { enabled: true, title: "Welcome back", description: "New? Join for {{points}}." };
    expect((await put("/apiSa/storefront/customer-login", login)).statusCode).toBe(200);
    expect(await onsite()).toMatchObject({
      signupBlock: { text: "Join and get {{points}} today" },
      customerLogin: { title: "Welcome back", description: "New? Join for {{points}}." },
    });
    expect((await put("/apiSa/storefront/signup-block", { ...signup, enabled: false })).statusCode).toBe(200);
    expect((await put("/apiSa/storefront/customer-login", { ...login, enabled: false })).statusCode).toBe(
      200,
    );
    expect(await onsite()).toMatchObject({ signupBlock: null, customerLogin: null });
  });

  it.each([
    ["/apiSa/storefront/signup-block", { enabled: true, text: " " }, "text", "Text is required."],
    [
      "/apiSa/storefront/signup-block",
      { enabled: "on", text: "Hi" },
      "enabled",
      "enabled must be true or false.",
    ],
    [
      "/apiSa/storefront/customer-login",
      { enabled: true, title: "", description: "" },
      "title",
      "Title is required.",
    ],
    [
      "/apiSa/storefront/customer-login",
      { enabled: true, title: "Hi", description: "x".repeat(301) },
      "description",
      "Description must be 300 characters or fewer.",
    ],
  ])("%s refuses bad input naming the field (%s) and writes nothing", async (path, body, field, message) => {
    const before = (await get(path)).json().data;
    const res = await put(path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await get(path)).json().data).toEqual(before);
  });
});

describe("the instant popup (N-05, N-06)", () => {
  it("is off until the designer turns it on per device; /proxy/onsite tells the storefront", async () => {
    expect((await proxy("/proxy/onsite")).json().data.instantPopup).toEqual({
      desktop: false,
      mobile: false,
    });
    const { design } = (await get("/apiSa/storefront/widget-design")).json().data;
    expect(design.instantPopup).toEqual({ desktop: false, mobile: false });
    const saved = await put("/apiSa/storefront/widget-design", {
      ...design,
      instantPopup: { desktop: true, mobile: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await proxy("/proxy/onsite")).json().data.instantPopup).toEqual({ desktop: true, mobile: false });
    // A design sent without it (an older admin) turns it off; a bad value is refused by name.
    const { instantPopup: _, ...older } = design;
    expect((await put("/apiSa/storefront/widget-design", older)).statusCode).toBe(200);
    expect((await proxy("/proxy/onsite")).json().data.instantPopup).toEqual({
      desktop: false,
      mobile: false,
    });
    const bad = await put("/apiSa/storefront/widget-design", { ...design, instantPopup: { desktop: "yes" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain("instantPopup.desktop");
    expect((await put("/apiSa/storefront/widget-design", design)).statusCode).toBe(200);
  });
});
