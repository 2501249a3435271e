import type { StuckTierCoupon } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

vi.setConfig({ testTimeout: 20_000 });

const coupon = (over: Partial<StuckTierCoupon>): StuckTierCoupon => ({
  id: "VIPAAAA00001",
  customerId: "cus_1",
  customerName: "Ada Lovelace",
  customerEmail: "ada@example.com",
  tierId: "tier_gold",
  tierName: "Gold",
  kind: "entry",
  grantedAt: "2026-06-15T10:00:00-04:00",
  attempts: 6,
  lastError: "Discount could not be created: the store's plan does not allow more discounts",
  lastFailedAt: "2026-06-15T10:01:00-04:00",
  ageSeconds: 7_200,
  ...over,
});

/**
 * Decision 0173: the VIP tier screen warns of tier coupons the platform could not make, lists them
 * and retries the chosen ones or all; a fake API answers the two routes and forgets retried coupons.
 */
function setup(options: { failList?: () => boolean } = {}) {
  const fake = createFakeApi();
  const base = fake.fetch;
  let stuck: StuckTierCoupon[] = [
    coupon({}),
    coupon({
      id: "VIPBBBB00002",
      customerId: "cus_2",
      customerName: null,
      customerEmail: "bo@example.com",
      tierName: null,
      kind: "pre_tier",
      attempts: 0,
      lastError: null,
      lastFailedAt: null,
      ageSeconds: 1_000,
    }),
  ];
  const retries: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    if (url.pathname === "/apiSa/tiers/stuck-coupons" && method === "GET") {
      if (options.failList?.())
        return json(500, {
          success: false,
          error: "Something went wrong on our side.",
          code: "internal_error",
        });
      return json(200, {
        success: true,
        data: {
          coupons: stuck,
          pageInfo: { page: 1, pageSize: 20, total: stuck.length, hasNextPage: false },
        },
      });
    }
    if (url.pathname === "/apiSa/tiers/stuck-coupons/retry" && method === "POST") {
      const body = JSON.parse(String(init.body)) as { ids?: string[]; all?: true };
      retries.push(body);
      const chosen = body.all ? stuck.map((c) => c.id) : (body.ids ?? []);
      stuck = stuck.filter((c) => !chosen.includes(c.id));
      return json(200, { success: true, data: { queued: chosen.length }, message: "Tier coupons queued" });
    }
    return base(input, init);
  }) as unknown as typeof fake.fetch;
  return { fake, retries };
}

describe("/membership/vip: tier coupons that could not be created (decision 0173)", () => {
  it("warns, lists them, retries the chosen one then all, and ends on the empty state", async () => {
    const { fake, retries } = setup();
    const { user, router } = await renderApp("/membership/vip", { fake });

    expect(
      await screen.findByText("2 tier coupons could not be created", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Review coupons" }));
    expect(router.state.location.search).toContain("coupons=stuck");

    const table = await screen.findByRole("table", {}, { timeout: 5_000 });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("ada@example.com")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Gold")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Tier-up coupon")).toBeTruthy();
    // The store's clock, not the browser's: 10:00 in the store.
    expect(within(rows[1] as HTMLElement).getByText(/10:00/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("2 hours ago")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("6")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/plan does not allow more discounts/)).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("bo@example.com")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("Tier removed")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("Pre-tier coupon")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("Not tried yet")).toBeTruthy();
    // While the list is open the banner steps aside.
    expect(screen.queryByText("2 tier coupons could not be created")).toBeNull();

    // Retry the first row only.
    await user.click(within(rows[1] as HTMLElement).getByRole("checkbox"));
    // Polaris renders the bulk actions twice (one copy measures); the first answers clicks.
    await user.click(screen.getAllByRole("button", { name: "Retry" })[0] as HTMLElement);
    expect(await screen.findByText("1 coupon queued to be created again")).toBeTruthy();
    expect(retries).toEqual([{ ids: ["VIPAAAA00001"] }]);
    await waitFor(() => expect(screen.queryByText("Ada Lovelace")).toBeNull());
    expect(screen.getByText("bo@example.com")).toBeTruthy();

    // Then all the rest.
    await user.click(screen.getByRole("button", { name: "Retry all" }));
    await waitFor(() => expect(retries).toEqual([{ ids: ["VIPAAAA00001"] }, { all: true }]));
    expect(await screen.findByText("Every tier coupon has been created.")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Retry all" }).getAttribute("aria-disabled")).toBe("true"),
    );

    // Back to the tiers: nothing stuck, no banner.
    await user.click(screen.getByRole("button", { name: "Back to VIP tiers" }));
    expect(router.state.location.search).not.toContain("coupons=stuck");
    expect(screen.queryByText(/could not be created/)).toBeNull();
  });

  it("shows the loading state, then the error with a way to try again", async () => {
    let fail = true;
    const { fake } = setup({ failList: () => fail });
    await renderApp("/membership/vip?coupons=stuck", { fake });
    expect(await screen.findByTestId("stuck-coupons-skeleton", {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText("Tier coupons could not be loaded", {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    const tryAgain = within(screen.getByTestId("stuck-coupons")).getByRole("button", { name: "Try again" });
    tryAgain.click();
    expect(await screen.findByText("Ada Lovelace", {}, { timeout: 5_000 })).toBeTruthy();
  });
});
