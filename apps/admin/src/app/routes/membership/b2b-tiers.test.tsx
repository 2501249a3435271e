import type { MembershipOverview, TierProgramView, TierView } from "@laurel/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

vi.setConfig({ testTimeout: 20_000 });

const tier = (over: Partial<TierView>): TierView => ({
  id: "tier_partner",
  name: "Partner",
  milestone: 0,
  exclusive: false,
  entryPoints: 0,
  icon: null,
  cardColor: null,
  backgroundColor: null,
  perks: [],
  entryCoupon: null,
  preTier: null,
  members: 0,
  ...over,
});

const programOf = (tiers: TierView[]): TierProgramView => ({
  status: "inactive",
  settings: {
    basis: "amount_spent",
    period: { kind: "lifetime" },
    demotion: null,
    tagPrefix: "Joy",
    discountPrefix: "B2B",
    hideDefaultTier: false,
  },
  tiers,
  needsRelaunch: false,
  launchedAt: null,
  run: null,
  members: 2,
});

const overviewOf = (available: boolean): MembershipOverview => ({
  exclusiveDeal: { enabled: false, running: false, planAllowed: true },
  vip: { status: "inactive", tiers: 0 },
  b2b: {
    available,
    status: "inactive",
    tiers: 0,
    requirements: [
      { key: "app_plan", met: available, needs: "Advanced plan or higher" },
      { key: "store_plan", met: true, needs: "Shopify Plus" },
      { key: "scopes", met: true, needs: "read_companies, write_publications, read_customers" },
    ],
  },
  subscription: { planAllowed: true, requiredPlan: "Advanced" },
});

/**
 * Decision 0174: `/wholesale/vip` and `/wholesale/privileges/:id` are the VIP tier screens over the
 * B2B program (`/apiSa/b2b/tiers/*`), behind the requirements banner (I-21, X-22).
 */
function setup(
  options: { available?: boolean; tiers?: TierView[]; failProgram?: boolean; launched?: boolean } = {},
) {
  const fake = createFakeApi();
  const base = fake.fetch;
  const calls: { method: string; path: string; body: unknown }[] = [];
  let program = programOf(
    options.tiers ?? [tier({}), tier({ id: "tier_gold", name: "Gold", milestone: 100_000 })],
  );
  let failProgram = options.failProgram ?? false;
  if (options.launched) program = { ...program, status: "launched", launchedAt: "2026-06-15T14:00:00.000Z" };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : null;
    if (url.pathname.startsWith("/apiSa/b2b/") || url.pathname === "/apiSa/membership")
      calls.push({ method, path: url.pathname, body });
    if (url.pathname === "/apiSa/membership")
      return json(200, { success: true, data: overviewOf(options.available ?? true) });
    if (url.pathname === "/apiSa/b2b/tiers" && method === "GET") {
      if (failProgram) {
        failProgram = false;
        return json(500, {
          success: false,
          error: "Something went wrong on our side.",
          code: "internal_error",
        });
      }
      return json(200, { success: true, data: program });
    }
    if (url.pathname === "/apiSa/b2b/tiers/runs") return json(200, { success: true, data: [] });
    if (url.pathname === "/apiSa/b2b/tiers/sync-tags" && method === "POST")
      return json(200, { success: true, data: { members: 1 }, message: "Synced tags processed" });
    if (url.pathname === "/apiSa/b2b/tiers/settings" && method === "PUT") {
      program = { ...program, settings: body };
      return json(200, { success: true, data: program, message: "Updated B2B tier" });
    }
    if (url.pathname === "/apiSa/b2b/tiers/tier_gold/rewards" && method === "PUT") {
      const saved = { ...(program.tiers[1] as TierView), ...body };
      program = { ...program, tiers: [program.tiers[0] as TierView, saved] };
      return json(200, { success: true, data: saved, message: "Saved tier successfully" });
    }
    return base(input, init);
  }) as unknown as typeof fake.fetch;
  return { fake, calls };
}

describe("/wholesale/vip: B2B partner tiers (I-19 … I-21)", () => {
  it("keeps the requirements banner when a requirement is not met, and offers nothing to set up", async () => {
    const { fake, calls } = setup({ available: false });
    await renderApp("/wholesale/vip", { fake });
    expect(
      await screen.findByText("B2B partner tiers are not available for this store", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId("b2b-app_plan").textContent).toContain("Not met");
    expect(screen.getByTestId("b2b-store_plan").textContent).toContain("Met");
    expect(screen.queryByRole("link", { name: "Add B2B tier" })).toBeNull();
    expect(calls.some((c) => c.path === "/apiSa/b2b/tiers")).toBe(false);
  });

  it("when met: settings by points or spend only, saved to the B2B program with 'hide default tier'", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/wholesale/vip", { fake });
    const basis = (await screen.findByLabelText(
      "Calculate tier by",
      {},
      { timeout: 5_000 },
    )) as HTMLSelectElement;
    expect([...basis.options].map((o) => o.value)).toEqual(["points_earned", "amount_spent"]);
    expect(screen.getByRole("link", { name: "Add B2B tier" }).getAttribute("href")).toBe(
      "/wholesale/privileges/create",
    );
    await user.click(screen.getByLabelText("Hide default tier"));
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")).toMatchObject({
        path: "/apiSa/b2b/tiers/settings",
        body: { basis: "amount_spent", hideDefaultTier: true, discountPrefix: "B2B" },
      }),
    );
    expect(await screen.findByText("Updated B2B tier")).toBeTruthy();
  });

  it("the Tiers tab lists the B2B ladder, each tier leading to its privileges", async () => {
    const { fake } = setup();
    await renderApp("/wholesale/vip?tab=tiers", { fake });
    const gold = await screen.findByRole("link", { name: "Gold" }, { timeout: 5_000 });
    expect(gold.getAttribute("href")).toBe("/wholesale/privileges/tier_gold?tab=tier");
    expect(screen.getAllByRole("link", { name: "Set rewards" })[1]?.getAttribute("href")).toBe(
      "/wholesale/privileges/tier_gold",
    );
  });

  it("shows the empty state without tiers", async () => {
    const { fake } = setup({ tiers: [] });
    await renderApp("/wholesale/vip?tab=tiers", { fake });
    expect(await screen.findByTestId("tiers-empty", {}, { timeout: 5_000 })).toBeTruthy();
  });

  it("launched: 'Sync tags' re-tags through the B2B program", async () => {
    const { fake, calls } = setup({ launched: true });
    const { user } = await renderApp("/wholesale/vip?tab=launch", { fake });
    await user.click(await screen.findByRole("button", { name: "Sync tags" }, { timeout: 5_000 }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
        "/apiSa/b2b/tiers/sync-tags",
      ]),
    );
    expect(await screen.findByText("Synced tags processed")).toBeTruthy();
  });

  it("the Launch tab is the B2B program's, counting company members", async () => {
    const { fake } = setup();
    await renderApp("/wholesale/vip?tab=launch", { fake });
    expect(await screen.findByText("Company members in the program: 2", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText("B2B program")).toBeTruthy();
  });

  it("shows an error with a retry when the B2B program cannot be loaded", async () => {
    const { fake } = setup({ failProgram: true });
    const { user } = await renderApp("/wholesale/vip", { fake });
    expect(
      await screen.findByText("B2B partner tiers could not be loaded", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Calculate tier by", {}, { timeout: 5_000 })).toBeTruthy();
  });
});

describe("/wholesale/privileges/:id: a B2B tier's privileges (I-19)", () => {
  it("saves the entry reward through the B2B program", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/wholesale/privileges/tier_gold", { fake });
    expect(
      await screen.findByRole("heading", { name: "Privileges of Gold" }, { timeout: 5_000 }),
    ).toBeTruthy();
    const points = screen.getByLabelText("Entry reward (points)");
    await user.clear(points);
    await user.type(points, "250");
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")).toMatchObject({
        path: "/apiSa/b2b/tiers/tier_gold/rewards",
        body: { entryPoints: 250 },
      }),
    );
  });

  it("keeps the requirements banner when not met", async () => {
    const { fake } = setup({ available: false });
    await renderApp("/wholesale/privileges/tier_gold", { fake });
    expect(
      await screen.findByText("B2B partner tiers are not available for this store", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Privileges of Gold" })).toBeNull();
  });
});
