import { describe, expect, it } from "vitest";
import { shopsResponse } from "../../../test/fixtures";
import { isCurrentItem, type NavInput, navItemSpecs, usageTone } from "./nav-items";

function input(
  overrides: Partial<Omit<NavInput, "shop">> & { shop?: Partial<NavInput["shop"]> } = {},
): NavInput {
  return {
    isStaff: false,
    devMode: false,
    prefix: "",
    speedCheckerUrl: "https://apps.example/speed",
    platform: "shopify",
    ...overrides,
    shop: { ...shopsResponse().shop, ...overrides.shop },
  };
}

const keys = (i: NavInput) => navItemSpecs(i).map((s) => s.key);

describe("side navigation items (A-07)", () => {
  it("lists every item in the spec's order when every condition holds", () => {
    expect(
      keys(
        input({
          isStaff: true,
          shop: {
            isNonDevShop: true,
            shouldLimitTransactions: true,
            transactionLimit: 500,
            speedAppInstalled: false,
          },
        }),
      ),
    ).toEqual([
      "backToAdmin",
      "dashboard",
      "customers",
      "programs",
      "membership",
      "onsite",
      "analytics",
      "integrations",
      "featureRequest",
      "transactions",
      "speedChecker",
      "deals",
      "settings",
      "devZone",
    ]);
  });

  it("drops the conditional items when their conditions do not hold", () => {
    expect(
      keys(input({ shop: { isNonDevShop: false, shouldLimitTransactions: false, speedAppInstalled: true } })),
    ).toEqual([
      "backToAdmin",
      "dashboard",
      "customers",
      "programs",
      "membership",
      "onsite",
      "analytics",
      "integrations",
      "deals",
      "settings",
    ]);
  });

  it.each([
    { speedAppInstalled: false, shown: true },
    { speedAppInstalled: true, shown: false },
    { speedAppInstalled: null, shown: false }, // unknown → hidden
  ])(
    "Speed checker with speedAppInstalled=$speedAppInstalled: shown=$shown",
    ({ speedAppInstalled, shown }) => {
      expect(keys(input({ shop: { speedAppInstalled } })).includes("speedChecker")).toBe(shown);
    },
  );

  it.each([
    { isNonDevShop: true, shown: true },
    { isNonDevShop: false, shown: false },
  ])("Feature Request with isNonDevShop=$isNonDevShop: shown=$shown", ({ isNonDevShop, shown }) => {
    expect(keys(input({ shop: { isNonDevShop } })).includes("featureRequest")).toBe(shown);
  });

  it.each([
    { isStaff: true, devMode: false, shown: true },
    { isStaff: false, devMode: true, shown: true },
    { isStaff: false, devMode: false, shown: false },
  ])("internal zone with isStaff=$isStaff devMode=$devMode: shown=$shown", ({ isStaff, devMode, shown }) => {
    expect(keys(input({ isStaff, devMode })).includes("devZone")).toBe(shown);
  });

  it("carries the transactions usage (countTransactions / transactionLimit)", () => {
    const specs = navItemSpecs(
      input({ shop: { shouldLimitTransactions: true, countTransactions: 430, transactionLimit: 500 } }),
    );
    expect(specs.find((s) => s.key === "transactions")?.usage).toEqual({ used: 430, limit: 500 });
  });

  it("links back to the store admin and offers the online store (custom domain, else myshopify)", () => {
    const withDomain = navItemSpecs(input())[0];
    expect(withDomain).toMatchObject({
      key: "backToAdmin",
      url: "https://maple-moss.myshopify.com/admin",
      onlineStoreUrl: "https://maple-moss.test",
    });
    expect(navItemSpecs(input({ shop: { domain: null } }))[0]?.onlineStoreUrl).toBe(
      "https://maple-moss.myshopify.com",
    );
  });

  it("in demo mode links to this admin and the demo store, not to a store that does not exist", () => {
    expect(navItemSpecs(input({ platform: "demo" }))[0]).toMatchObject({
      key: "backToAdmin",
      url: "/",
      onlineStoreUrl: "/demo-store",
    });
    expect(navItemSpecs(input({ platform: "demo", prefix: "/embed" }))[0]).toMatchObject({
      url: "/embed",
      onlineStoreUrl: "/demo-store",
    });
  });

  it("uses the embedded links under /embed (A-08)", () => {
    const urls = navItemSpecs(input({ prefix: "/embed" }))
      .filter((s) => s.key !== "backToAdmin")
      .map((s) => s.url);
    expect(urls).toEqual([
      "/embed",
      "/embed/customers",
      "/embed/programs",
      "/embed/membership",
      "/embed/storefront",
      "/embed/analytics",
      "/embed/integration",
      "/embed/feature-request",
      "/embed/gift",
      "/embed/settings",
    ]);
  });

  it("marks the item of the current section, with or without the prefix", () => {
    const specs = navItemSpecs(input());
    const current = (path: string) => specs.filter((s) => isCurrentItem(s, path)).map((s) => s.key);
    expect(current("/")).toEqual(["dashboard"]);
    expect(current("/home")).toEqual(["dashboard"]);
    expect(current("/embed")).toEqual(["dashboard"]);
    expect(current("/programs/point/3")).toEqual(["programs"]);
    expect(current("/embed/wholesale/vip")).toEqual(["membership"]);
    expect(current("/translations")).toEqual(["settings"]);
    expect(current("/unknown")).toEqual([]);
  });

  it.each([
    { used: 100, limit: 500, tone: undefined },
    { used: 400, limit: 500, tone: "warning" },
    { used: 500, limit: 500, tone: "critical" },
    { used: 10, limit: null, tone: undefined },
  ])("usage tone for $used / $limit is $tone", ({ used, limit, tone }) => {
    expect(usageTone({ used, limit })).toBe(tone);
  });
});
