import { cleanup, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../../lib/storage";
import { shopsResponse } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import { AppNavigation } from "./app-navigation";

const baseShop = shopsResponse().shop;

async function renderNav(props: Partial<Parameters<typeof AppNavigation>[0]> = {}) {
  await renderWithProviders(
    <AppNavigation
      shop={baseShop}
      isStaff={false}
      platform="shopify"
      prefix=""
      path="/customers"
      {...props}
    />,
    { path: props.prefix ? `${props.prefix}/customers` : "/customers" },
  );
  return screen.getByTestId("nav");
}

function itemLabels(nav: HTMLElement): string[] {
  return [...nav.querySelectorAll(".Polaris-Navigation__Text")].map((el) => el.textContent?.trim() ?? "");
}

describe("<AppNavigation>", () => {
  it("renders the items in order, with their labels and links", async () => {
    const nav = await renderNav({
      shop: {
        ...baseShop,
        shouldLimitTransactions: true,
        transactionLimit: 500,
        countTransactions: 120,
        speedAppInstalled: false,
      },
      isStaff: true,
    });
    expect(itemLabels(nav)).toEqual([
      "Back to store admin",
      "Dashboard",
      "Customers",
      "Reward programs",
      "Membership",
      "Onsite",
      "Analytics",
      "Integrations",
      "Feature Request",
      "Transactions",
      "Speed checker",
      "Deals",
      "Settings",
      "Internal zone",
    ]);
    const link = (name: string | RegExp) => within(nav).getByRole("link", { name });
    expect(link(/Back to store admin/).getAttribute("href")).toBe("https://maple-moss.myshopify.com/admin");
    expect(link(/Back to store admin/).getAttribute("target")).toBe("_top");
    expect(link("View online store").getAttribute("href")).toBe("https://maple-moss.test");
    expect(link("View online store").getAttribute("target")).toBe("_blank");
    expect(link(/^Dashboard/).getAttribute("href")).toBe("/");
    expect(link(/^Deals/).getAttribute("href")).toBe("/gift");
    expect(link("120 of 500 transactions used").getAttribute("href")).toBe("/billing-dashboard");
    expect(within(link("120 of 500 transactions used")).getByText("120 / 500")).toBeTruthy();
    expect(link(/Speed checker/).getAttribute("target")).toBe("_blank");
  });

  it("marks the current section's item", async () => {
    const nav = await renderNav();
    const selected = nav.querySelectorAll(".Polaris-Navigation__Item--selected");
    expect([...selected].map((el) => el.textContent)).toEqual(["Customers"]);
  });

  it("uses /embed links in embedded mode", async () => {
    const nav = await renderNav({ prefix: "/embed" });
    expect(
      within(nav)
        .getByRole("link", { name: /^Customers/ })
        .getAttribute("href"),
    ).toBe("/embed/customers");
    expect(
      within(nav)
        .getByRole("link", { name: /^Dashboard/ })
        .getAttribute("href"),
    ).toBe("/embed");
  });

  it("in embedded demo mode, links to the demo store (new tab) and this admin", async () => {
    const nav = await renderNav({ prefix: "/embed", platform: "demo" });
    const online = within(nav).getByRole("link", { name: "View online store" });
    expect(online.getAttribute("href")).toBe("/demo-store");
    expect(online.getAttribute("target")).toBe("_blank");
    expect(
      within(nav)
        .getByRole("link", { name: /Back to store admin/ })
        .getAttribute("href"),
    ).toBe("/embed");
    expect(nav.innerHTML).not.toContain("myshopify.com");
  });

  it("reveals the internal zone link with the local dev flag (A-23)", async () => {
    window.localStorage.setItem(STORAGE_KEYS.devMode, "1");
    const nav = await renderNav();
    expect(
      within(nav)
        .getByRole("link", { name: /Internal zone/ })
        .getAttribute("href"),
    ).toBe("/dev_zone");
  });

  it("nudges Feature Request with 'New' on the first 3 loads only (X-68)", async () => {
    for (const expected of [1, 2, 3]) {
      const nav = await renderNav();
      expect(
        within(within(nav).getByRole("link", { name: /Feature Request/ })).getAllByText("New").length,
      ).toBeGreaterThan(0);
      expect(window.localStorage.getItem(STORAGE_KEYS.featureRequestCounter)).toBe(String(expected));
      cleanup();
    }
    const nav = await renderNav();
    expect(within(within(nav).getByRole("link", { name: /Feature Request/ })).queryByText("New")).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.featureRequestCounter)).toBe("3");
  });

  it("does not count the nudge for development shops (no Feature Request item)", async () => {
    const nav = await renderNav({ shop: { ...baseShop, isNonDevShop: false } });
    expect(within(nav).queryByRole("link", { name: /Feature Request/ })).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.featureRequestCounter)).toBeNull();
  });
});
