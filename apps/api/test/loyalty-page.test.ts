import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOYALTY_PAGE_SLUG, seedDemoLoyaltyPage } from "../src/seed/demo-onsite";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import { seedDemoB2bTiers, seedDemoTiers } from "../src/seed/demo-tiers";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signedProxyUrl,
  type TestApp,
  updateShopRow,
} from "./helpers";

/** The loyalty page's settings (N-10) and the point calculator's (N-20, M-22), decision 0168. */
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

const ALL = [
  "hero",
  "ways_to_earn",
  "ways_to_redeem",
  "vip_benefits",
  "referral",
  "faqs",
  "calculator",
] as const;
const page = (over: Record<string, unknown> = {}) => ({
  slug: "rewards-club",
  hero: { title: "Our <Club>", subtitle: "Points for {{ everything }}", buttonText: "Start earning" },
  sections: ALL.map((section) => ({ section, visible: true })),
  ...over,
});

describe("GET|PUT /apiSa/storefront/loyalty-page (N-10)", () => {
  it("answers the defaults: slug joy-loyalty-page, every section, and where the page is", async () => {
    const res = await get("/apiSa/storefront/loyalty-page");
    expect(res.statusCode, res.body).toBe(200);
    const { page: saved, url } = res.json().data;
    expect(saved.slug).toBe("joy-loyalty-page");
    expect(saved.sections.map((s: { section: string }) => s.section)).toEqual([...ALL]);
    // The demo platform: the demo store's own path, served by this app.
    expect(url).toBe("/apps/laurel/pages/joy-loyalty-page");
    expect((await proxy("/proxy/pages/joy-loyalty-page")).statusCode).toBe(200);
  });

  it("saves a renamed page: the proxy answers at the new slug (and /loyalty-page)", async () => {
    const res = await put("/apiSa/storefront/loyalty-page", page());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Saved successfully",
      data: { page: { slug: "rewards-club" }, url: "/apps/laurel/pages/rewards-club" },
    });
    const renamed = await proxy("/proxy/pages/rewards-club");
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers["content-type"]).toMatch(/^application\/liquid/);
    // The hero's texts, escaped for HTML and Liquid.
    expect(renamed.body).toContain("<h1>Our &#60;Club&#62;</h1>");
    expect(renamed.body).toContain("Points for &#123;&#123; everything &#125;&#125;");
    expect(renamed.body).toContain(">Start earning</a>");
    expect(renamed.body).not.toMatch(/\{\{|\{%/);
    // The old address redirects (below); the page itself is served at the new one only.
    expect((await proxy("/proxy/pages/joy-loyalty-page")).statusCode).toBe(301);
    expect((await proxy("/proxy/loyalty-page")).body).toContain("Our &#60;Club&#62;");
  });

  it("an earlier slug redirects permanently to the current one, keeping the shopper's query, not the proxy's", async () => {
    // joy-loyalty-page → rewards-club above; now → club-rewards.
    expect((await put("/apiSa/storefront/loyalty-page", page({ slug: "club-rewards" }))).statusCode).toBe(
      200,
    );
    for (const old of ["joy-loyalty-page", "rewards-club"]) {
      const res = await proxy(`/proxy/pages/${old}`, { amount: "120" });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe("/apps/laurel/pages/club-rewards?amount=120");
    }
    expect((await proxy("/proxy/pages/club-rewards")).statusCode).toBe(200);
    expect((await proxy("/proxy/pages/never-used")).statusCode).toBe(404);
    // Back to an earlier name: it answers again, and the name it leaves redirects.
    expect((await put("/apiSa/storefront/loyalty-page", page())).statusCode).toBe(200);
    expect((await proxy("/proxy/pages/rewards-club")).statusCode).toBe(200);
    const left = await proxy("/proxy/pages/club-rewards");
    expect([left.statusCode, left.headers.location]).toEqual([301, "/apps/laurel/pages/rewards-club"]);
    expect((await proxy("/proxy/pages/joy-loyalty-page")).headers.location).toBe(
      "/apps/laurel/pages/rewards-club",
    );
  });

  it("keeps the last ten earlier slugs", async () => {
    for (let i = 1; i <= 11; i++) {
      expect((await put("/apiSa/storefront/loyalty-page", page({ slug: `club-${i}` }))).statusCode).toBe(200);
    }
    expect((await put("/apiSa/storefront/loyalty-page", page())).statusCode).toBe(200);
    // rewards-club, club-1 … club-11 were left: the ten newest redirect, the older ones are gone.
    expect((await proxy("/proxy/pages/club-11")).statusCode).toBe(301);
    expect((await proxy("/proxy/pages/club-2")).statusCode).toBe(301);
    expect((await proxy("/proxy/pages/club-1")).statusCode).toBe(404);
    expect((await proxy("/proxy/pages/joy-loyalty-page")).statusCode).toBe(404);
  });

  it("shows only the visible sections, in the merchant's order", async () => {
    const order = [
      "faqs",
      "hero",
      "ways_to_redeem",
      "calculator",
      "ways_to_earn",
      "referral",
      "vip_benefits",
    ];
    const sections = order.map((section) => ({ section, visible: section !== "referral" }));
    expect((await put("/apiSa/storefront/loyalty-page", page({ sections }))).statusCode).toBe(200);
    const body = (await proxy("/proxy/pages/rewards-club")).body;
    const at = (id: string) => body.indexOf(`data-testid="${id}"`);
    expect(at("laurel-page-referral")).toBe(-1);
    expect(at("laurel-page-faqs")).toBeGreaterThan(-1);
    expect(at("laurel-page-faqs")).toBeLessThan(at("laurel-page-hero"));
    expect(at("laurel-page-hero")).toBeLessThan(at("laurel-page-redeem"));
    expect(at("laurel-page-redeem")).toBeLessThan(at("laurel-page-calculator"));
    expect(at("laurel-page-calculator")).toBeLessThan(at("laurel-page-earn"));
  });

  it.each([
    [
      "slug",
      { slug: "Rewards Club" },
      "Page URL must be 3 to 80 characters: lowercase letters, digits and hyphens.",
    ],
    ["slug", { slug: "ab" }, "Page URL must be 3 to 80 characters"],
    ["slug", { slug: "-rewards" }, "Page URL must not start or end with a hyphen"],
    ["hero.title", { hero: { title: " ", subtitle: "", buttonText: null } }, "Title is required."],
    ["sections", { sections: [{ section: "hero", visible: true }] }, "Sections must list each of"],
    ["sections.0.section", { sections: [{ section: "banner", visible: true }] }, "section must be one of"],
  ])("refuses a bad %s, naming the field, and writes nothing", async (field, over, message) => {
    const before = (await get("/apiSa/storefront/loyalty-page")).json().data;
    const res = await put("/apiSa/storefront/loyalty-page", page(over));
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.find((e) => e.field === field)?.message ?? "", JSON.stringify(errors)).toContain(message);
    expect((await get("/apiSa/storefront/loyalty-page")).json().data).toEqual(before);
  });

  it("lists the VIP tiers in force with their perks", async () => {
    await seedDemoTiers(t.deps);
    const body = (await proxy("/proxy/pages/rewards-club")).body;
    expect(body).toContain('data-testid="laurel-page-vip"');
    expect(body).toContain("Members-only offers");
  });
});

describe("GET /proxy/points-estimate: bad input (N-11)", () => {
  it.each([
    [{}, "amounts is required."],
    [{ amounts: "" }, "amounts must be amounts in minor units separated by commas, such as 2500,4999."],
    [{ amounts: "12,abc" }, "amounts must be amounts in minor units separated by commas, such as 2500,4999."],
    [{ amounts: "-5" }, "amounts must be amounts in minor units separated by commas, such as 2500,4999."],
    [
      { amounts: Array.from({ length: 21 }, (_, i) => String(i)).join(",") },
      "amounts must be at most 20 amounts.",
    ],
  ])("refuses %j naming amounts", async (query, message) => {
    const res = await proxy("/proxy/points-estimate", query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: "amounts", message });
  });
});

describe("GET|PUT /apiSa/storefront/point-calculator (N-20, M-22)", () => {
  it("answers the settings with the order programs, and the page's calculator follows them", async () => {
    const res = await get("/apiSa/storefront/point-calculator");
    expect(res.statusCode, res.body).toBe(200);
    const { calculator, programs } = res.json().data;
    expect(calculator).toMatchObject({ enabled: true, programIds: null, defaultAmount: 0 });
    const placeOrder = programs.find((p: { title: string }) => p.title === "Place an order");
    expect(placeOrder).toMatchObject({ active: true, earnBy: "price", earnPoint: 10, rateMoney: 10_000 });

    // C-15's default program: 10 points per 100.00, proportional, rounded down: 250.00 → 25.
    const byDefault = (await proxy("/proxy/loyalty-page", { amount: "250" })).body;
    expect(byDefault).toContain("An order of $250.00 earns <strong>25 points</strong>.");
    // N-11: the storefront blocks ask the engine the same figure (a step count would say 20).
    const estimate = await proxy("/proxy/points-estimate", { amounts: "25000,999,0" });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json().data).toEqual({
      estimates: [
        { amount: 25000, points: 25 },
        { amount: 999, points: 0 },
        { amount: 0, points: 0 },
      ],
    });

    const saved = await put("/apiSa/storefront/point-calculator", {
      enabled: true,
      title: "What will <my> order earn?",
      description: "Before taxes.",
      defaultAmount: 12_000,
      programIds: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = (await proxy("/proxy/loyalty-page")).body;
    expect(body).toContain("What will &#60;my&#62; order earn?");
    // The default amount is filled in and answered; no program counted, nothing earned.
    expect(body).toContain('value="120.00"');
    expect(body).toContain("An order of $120.00 earns <strong>0 points</strong>.");

    expect(
      (await put("/apiSa/storefront/point-calculator", { ...calculator, enabled: false })).statusCode,
    ).toBe(200);
    expect((await proxy("/proxy/loyalty-page")).body).not.toContain('data-testid="laurel-page-calculator"');
  });

  it("uses the shop's point-calculator texts (translation type point-calculator, M-13)", async () => {
    await put("/apiSa/storefront/point-calculator", {
      enabled: true,
      title: "Calculator",
      description: "",
      defaultAmount: 1_000,
      programIds: null,
    });
    const translation = (await get("/apiSa/translation")).json().data;
    const res = await adminSend(t.app, "POST", "/apiSa/translation", await token(), {
      ...translation,
      translations: {
        en: { "calculator.button": "Work it out", "calculator.result": "{{amount}} gives you {{points}}!" },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = (await proxy("/proxy/loyalty-page")).body;
    expect(body).toContain(">Work it out</button>");
    expect(body).toContain("$10.00 gives you <strong>1 point</strong>!");
  });

  it("uses the shop's loyalty-page texts (translation type loyalty-page, M-13) in its primary language", async () => {
    const translation = (await get("/apiSa/translation")).json().data;
    const save = async (translations: Record<string, Record<string, string>>, primaryLanguage = "en") =>
      adminSend(t.app, "POST", "/apiSa/translation", await token(), {
        ...translation,
        primaryLanguage,
        additionalLanguages: [],
        translations,
      });
    // Laurel's words until the shop writes its own.
    const shipped = (await proxy("/proxy/loyalty-page")).body;
    expect(shipped).toContain('<h2 id="laurel-earn">Ways to earn</h2>');
    expect(shipped).toContain("for every $100.00 spent");
    const res = await save(
      {
        de: {
          "page.earnTitle": "So sammeln Sie <Punkte>",
          "page.perAmount": "{{points}} pro {{amount}} Umsatz",
          "page.signIn": "Anmelden",
        },
      },
      "de",
    );
    expect(res.statusCode, res.body).toBe(200);
    const german = (await proxy("/proxy/loyalty-page")).body;
    expect(german).toContain('<h2 id="laurel-earn">So sammeln Sie &#60;Punkte&#62;</h2>');
    expect(german).toContain("10 points pro $100.00 Umsatz");
    expect(german).toContain(">Anmelden</a>");
    // A text the shop left alone is Laurel's, in German (decision 0179).
    expect(german).toContain('<h2 id="laurel-redeem">So lösen Sie ein</h2>');
    expect((await save({}, "en")).statusCode).toBe(200);
  });

  it("a shop selling in Italian with no texts of its own gets Laurel's Italian page and FAQs (decision 0179)", async () => {
    const translation = (await get("/apiSa/translation")).json().data;
    const save = async (primaryLanguage: string, translations: Record<string, Record<string, string>> = {}) =>
      adminSend(t.app, "POST", "/apiSa/translation", await token(), {
        ...translation,
        primaryLanguage,
        additionalLanguages: [],
        translations,
      });
    expect((await save("it")).statusCode).toBe(200);
    const italian = (await proxy("/proxy/loyalty-page")).body;
    expect(italian).toContain('<h2 id="laurel-earn">Come guadagnare</h2>');
    expect(italian).toContain('<h2 id="laurel-redeem">Come riscattare</h2>');
    expect(italian).toContain('<h2 id="laurel-faqs">Domande frequenti</h2>');
    expect(italian).toContain("<summary>Come mi iscrivo?</summary>");
    expect(italian).toContain("10 points ogni $100.00 di spesa");
    expect(italian).not.toContain("Ways to earn");
    expect(italian).not.toContain("How do I join?");
    // The admin's FAQ editor starts from the same Italian defaults.
    const faqs = (await get("/apiSa/storefront/faqs")).json().data;
    expect(faqs.isDefault).toBe(true);
    expect(faqs.faqs.map((f: { question: string }) => f.question)).toEqual([
      "Come mi iscrivo?",
      "Come guadagno punti?",
      "Come uso i miei punti?",
    ]);

    // The merchant's own Italian wins over Laurel's, key by key.
    expect((await save("it", { it: { "page.earnTitle": "Guadagna con noi" } })).statusCode).toBe(200);
    const own = (await proxy("/proxy/loyalty-page")).body;
    expect(own).toContain('<h2 id="laurel-earn">Guadagna con noi</h2>');
    expect(own).toContain('<h2 id="laurel-redeem">Come riscattare</h2>');

    // A language Laurel ships no page words in: English, never an empty heading.
    expect((await save("ko")).statusCode).toBe(200);
    const korean = (await proxy("/proxy/loyalty-page")).body;
    expect(korean).toContain('<h2 id="laurel-earn">Ways to earn</h2>');
    expect(korean).toContain("<summary>How do I join?</summary>");
    expect((await save("en")).statusCode).toBe(200);
  });

  it.each([
    ["defaultAmount", { defaultAmount: -1 }, "Default amount must be 0 or more."],
    ["defaultAmount", { defaultAmount: 1.5 }, "Default amount must be a whole number"],
    ["title", { title: "" }, "Title is required."],
    ["programIds", { programIds: ["prg_nope"] }, "Programs must be order programs of this shop"],
    ["enabled", { enabled: "yes" }, "enabled must be true or false."],
  ])("refuses a bad %s, naming the field, and writes nothing", async (field, over, message) => {
    const before = (await get("/apiSa/storefront/point-calculator")).json().data;
    const res = await put("/apiSa/storefront/point-calculator", { ...before.calculator, ...over });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors.find((e) => e.field === field)?.message ?? "", JSON.stringify(errors)).toContain(message);
    expect((await get("/apiSa/storefront/point-calculator")).json().data).toEqual(before);
  });
});

describe("a company member's B2B partner tier on the loyalty page (decision 0177)", () => {
  const as = (path: string, customer: string) =>
    t.app.inject({ method: "GET", url: signedProxyUrl(t, path, { customer }) });
  const card = (html: string) =>
    /<section class="laurel-page__partner"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

  beforeAll(async () => {
    // 8100 buys for a company, 8300 for themselves; the demo's partner ladder by amount spent.
    await addMembers(t, ["8100", "8300"]);
    await t.deps.db
      .updateTable("customers")
      .set({ is_b2b: true })
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", "8100")
      .execute();
    await updateShopRow(t, "shop_demo", { plan: "advanced", shopify_plan: "shopify_plus" });
    expect(await seedDemoB2bTiers(t.deps)).toEqual({ seeded: true });
  });

  it("shows the partner their tier, its privileges and colours, and progress to the next partner tier", async () => {
    const html = (await as("/proxy/loyalty-page", "8100")).body;
    const partner = card(html);
    expect(partner).toContain('<h2 id="laurel-partner">Your partner tier</h2>');
    expect(partner).toContain("Partner tier: <strong>Partner</strong>");
    expect(partner).toContain("<strong>$2,000.00</strong> to go to reach <strong>Preferred partner</strong>");
    expect(partner).toContain('aria-valuenow="0"');
    expect(partner).toContain("<li>Net-30 invoices</li>");
    expect(partner).toContain("color:#1F4B3F");
    // After the hero, before the ways to earn.
    expect(html.indexOf("laurel-page-hero")).toBeLessThan(html.indexOf("laurel-page-partner"));
    expect(html.indexOf("laurel-page-partner")).toBeLessThan(html.indexOf("laurel-page-earn"));

    const json = (await as("/proxy/partner-tier", "8100")).json();
    expect(json.data).toEqual({
      tier: {
        name: "Partner",
        perks: ["Net-30 invoices"],
        cardColor: "#1F4B3F",
        backgroundColor: null,
        next: { name: "Preferred partner", remaining: 200_000, progress: 0, unit: "money" },
      },
      // The account-page block's words: the loyalty page's, placeholders unfilled.
      texts: {
        title: "Your partner tier",
        tier: "Partner tier: {{tier}}",
        next: "{{remaining}} to go to reach {{tier}}",
        top: "Your business is in our highest partner tier.",
        privileges: "Partner privileges",
      },
      pointLabel: { singular: "point", plural: "points", position: "after" },
    });
  });

  it("shows nothing to a DTC member, a guest, or while the shop does not meet the B2B requirements", async () => {
    expect(card((await as("/proxy/loyalty-page", "8300")).body)).toBe("");
    expect((await as("/proxy/partner-tier", "8300")).json().data.tier).toBeNull();
    expect(card((await proxy("/proxy/loyalty-page")).body)).toBe("");
    expect((await proxy("/proxy/partner-tier")).json().data.tier).toBeNull();
    await updateShopRow(t, "shop_demo", { shopify_plan: "basic" });
    try {
      expect(card((await as("/proxy/loyalty-page", "8100")).body)).toBe("");
      expect((await as("/proxy/partner-tier", "8100")).json().data.tier).toBeNull();
    } finally {
      await updateShopRow(t, "shop_demo", { shopify_plan: "shopify_plus" });
    }
  });

  it("hides a partner in the base tier when the B2B settings hide the default tier (I-19)", async () => {
    await t.deps.db
      .updateTable("tier_programs")
      .set((eb) => ({
        live: eb.fn("jsonb_set", [eb.ref("live"), eb.val("{settings,hideDefaultTier}"), eb.val("true")]),
      }))
      .where("shop_id", "=", "shop_demo")
      .where("program", "=", "b2b")
      .execute();
    try {
      expect((await as("/proxy/partner-tier", "8100")).json().data.tier).toBeNull();
    } finally {
      await t.deps.db
        .updateTable("tier_programs")
        .set((eb) => ({
          live: eb.fn("jsonb_set", [eb.ref("live"), eb.val("{settings,hideDefaultTier}"), eb.val("false")]),
        }))
        .where("shop_id", "=", "shop_demo")
        .where("program", "=", "b2b")
        .execute();
    }
  });

  it("speaks the shop's own loyalty-page words (translation type loyalty-page)", async () => {
    const translation = (await get("/apiSa/translation")).json().data;
    const save = async (translations: Record<string, Record<string, string>>, primaryLanguage = "en") =>
      adminSend(t.app, "POST", "/apiSa/translation", await token(), {
        ...translation,
        primaryLanguage,
        additionalLanguages: [],
        translations,
      });
    expect(
      (
        await save(
          {
            fr: {
              "page.partnerTitle": "Votre niveau partenaire",
              "page.partnerTier": "Niveau : {{tier}}",
              "page.partnerNext": "Encore {{remaining}} pour {{tier}}",
            },
          },
          "fr",
        )
      ).statusCode,
    ).toBe(200);
    try {
      const partner = card((await as("/proxy/loyalty-page", "8100")).body);
      expect(partner).toContain('<h2 id="laurel-partner">Votre niveau partenaire</h2>');
      expect(partner).toContain("Niveau : <strong>Partner</strong>");
      expect(partner).toContain("Encore <strong>$2,000.00</strong> pour <strong>Preferred partner</strong>");
      // The account-page block reads the same words.
      expect((await as("/proxy/partner-tier", "8100")).json().data.texts).toMatchObject({
        title: "Votre niveau partenaire",
        next: "Encore {{remaining}} pour {{tier}}",
      });
    } finally {
      expect((await save({}, "en")).statusCode).toBe(200);
    }
  });
});

describe("the demo seed (seedDemoLoyaltyPage)", () => {
  it("customises the demo shop's page once, and never over the merchant's", async () => {
    // This file's merchant saved a page already: kept.
    expect(await seedDemoLoyaltyPage(t.deps)).toEqual({ seeded: false });
    const fresh = await createTestApp();
    try {
      expect(await seedDemoLoyaltyPage(fresh.deps)).toEqual({ seeded: true });
      const res = await fresh.app.inject({
        method: "GET",
        url: signedProxyUrl(fresh, `/proxy/pages/${DEMO_LOYALTY_PAGE_SLUG}`),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Laurel Rewards Club");
      expect(res.body.indexOf("laurel-page-calculator")).toBeLessThan(res.body.indexOf("laurel-page-redeem"));
      expect(res.body).toContain("An order of $50.00 earns <strong>5 points</strong>.");
      expect(await seedDemoLoyaltyPage(fresh.deps)).toEqual({ seeded: false });
    } finally {
      await fresh.close();
    }
  });
});
