import type { CustomerListItem, CustomerProfile } from "@laurel/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../../../../scripts/vitest.setup";
import { GRID_FILTERS_KEY } from "../../../features/customers/utils/grid-filters";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

function customer(over: Partial<CustomerListItem>): CustomerListItem {
  return {
    id: "cus_1",
    platformCustomerId: "1001",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "+44 20 7946 0958",
    birthday: "12/10",
    type: "member",
    leftReason: null,
    isB2b: false,
    joinedAt: "2026-06-01T10:00:00.000Z",
    availablePoints: 1250,
    pendingPoints: 0,
    tierPoints: 0,
    createdAt: "2026-06-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    updatedSource: "admin",
    ordersCount: 3,
    amountSpentMinor: 45_000,
    ...over,
  };
}

const ada = customer({});
const alan = customer({
  id: "cus_2",
  email: "alan@example.com",
  firstName: "Alan",
  lastName: "Turing",
  type: "guest",
});

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** The fake API plus the customers endpoints; every customers call is recorded. */
function setup(
  options: {
    list?: (s: URLSearchParams) => { status: number; body: unknown };
    putStatus?: number;
    /** J-21: the single sync's and the bulk re-sync's answers (200 unless told). */
    syncStatus?: number;
    resyncStatus?: number;
    /** J-04: the tier changes' answer (200 unless told). */
    tierChangesStatus?: number;
    /** K-05: the activity export's start (200 unless told). */
    activityExportStatus?: number;
    /** I-17, I-18 (decision 0177): the customer's tiers, and the answer to a change (200 unless told). */
    memberTiers?: { status: number; body: unknown };
    memberTierPutStatus?: number;
  } = {},
) {
  const fake = createFakeApi();
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const base = fake.fetch;
  const profile: CustomerProfile = {
    customer: ada,
    children: [{ name: "Mia", gender: "girl", birthDate: "2019-04-12" }],
    stats: {
      lifetimeEarned: 1500,
      lifetimeSpent: 250,
      ordersCount: 3,
      amountSpentMinor: 45_000,
      averageOrderMinor: 15_000,
      lastOrderAt: null,
      currency: "USD",
    },
  };
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const known = ["/apiSa/activities", "/apiSa/referrals", "/apiSa/lp/programs/explain"];
    const exportsPath = url.pathname.startsWith("/apiSa/activities/exports");
    const tiersPath = /^\/apiSa\/(b2b\/)?tiers\/members\//.test(url.pathname);
    if (
      !url.pathname.startsWith("/apiSa/customers") &&
      !known.includes(url.pathname) &&
      !exportsPath &&
      !tiersPath
    ) {
      return base(input, init);
    }
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, search: url.searchParams, body });
    if (tiersPath && method === "GET") {
      const answer = options.memberTiers ?? {
        status: 200,
        body: { success: true, data: memberTiers },
      };
      return json(answer.status, answer.body);
    }
    if (tiersPath && method === "PUT") {
      const status = options.memberTierPutStatus ?? 200;
      if (status !== 200)
        return json(status, {
          success: false,
          error: "A tier calculation is running. Changes are possible once it has finished.",
          code: "tier_run_in_progress",
        });
      const b2b = url.pathname.includes("/b2b/");
      return json(200, {
        success: true,
        message: b2b ? "Updated B2B tier" : "Updated VIP tier",
        data: {
          customerId: "cus_1",
          tierId: body?.tierId ?? null,
          tierName: null,
          exclusive: false,
          metric: 0,
        },
      });
    }
    if (url.pathname === "/apiSa/referrals") {
      const referral = {
        id: "ref_1",
        code: "ADA2026",
        referrer: { id: "cus_1", name: "Ada Lovelace", email: "ada@example.com" },
        friend: { id: "cus_9", email: "grace@example.com" },
        status: "completed",
        reason: null,
        orderId: "5001",
        createdAt: "2026-11-02T10:00:00.000Z",
        completedAt: "2026-11-03T10:00:00.000Z",
        canceledAt: null,
      };
      return json(200, {
        success: true,
        data: { referrals: [referral], total: 1, counts: { pending: 0, completed: 1, canceled: 0 } },
      });
    }
    if (url.pathname === "/apiSa/customers") {
      const answer = options.list?.(url.searchParams) ?? {
        status: 200,
        body: { success: true, data: { customers: [ada, alan], nextCursor: "abc", currency: "USD" } },
      };
      return json(answer.status, answer.body);
    }
    if (url.pathname === "/apiSa/activities/exports" && method === "POST") {
      if (options.activityExportStatus === 404) {
        return json(404, { success: false, error: "No activities found to export", code: "not_found" });
      }
      return json(200, { success: true, data: { ...activityExportRow, status: "queued", doneRows: 0 } });
    }
    if (url.pathname === "/apiSa/activities/exports/aex_1") {
      return json(200, { success: true, data: activityExportRow });
    }
    if (url.pathname === "/apiSa/activities") {
      const activity = {
        id: "41",
        activityType: "adjust_point",
        points: -40,
        pendingPoints: 0,
        tierPoints: 0,
        programId: null,
        source: null,
        note: "late parcel",
        actor: "demo@laurel.test",
        createdAt: "2026-11-20T10:00:00.000Z",
        customerId: "cus_1",
        customerName: "Ada Lovelace",
        customerEmail: "ada@example.com",
        programTitle: null,
      };
      return json(200, { success: true, data: { activities: [activity], nextCursor: null } });
    }
    if (url.pathname === "/apiSa/customers/cus_1/sync" && method === "POST") {
      if (options.syncStatus && options.syncStatus !== 200) return json(options.syncStatus, platformDown);
      // The store renamed her: the profile read after the sync says so.
      profile.customer = { ...ada, firstName: "Augusta" };
      return json(200, { success: true, data: profile.customer, message: "Customer synced" });
    }
    if (url.pathname === "/apiSa/customers/sync" && method === "POST") {
      if (options.resyncStatus && options.resyncStatus !== 200)
        return json(options.resyncStatus, platformDown);
      return json(200, { success: true, data: { ...syncRow, status: "queued", doneRows: 0 } });
    }
    if (url.pathname === "/apiSa/customers/sync/syn_1") {
      return json(200, { success: true, data: syncRow });
    }
    if (url.pathname === "/apiSa/customers/exports" && method === "POST") {
      return json(200, { success: true, data: { ...exportRow, status: "queued" } });
    }
    if (url.pathname === "/apiSa/customers/exports/exp_1") {
      return json(200, { success: true, data: exportRow });
    }
    if (url.pathname === "/apiSa/customers/bulk")
      return json(200, { success: true, data: { changed: 2, missing: [] } });
    if (url.pathname.endsWith("/profile")) return json(200, { success: true, data: profile });
    if (url.pathname.endsWith("/tier-changes")) {
      if (options.tierChangesStatus && options.tierChangesStatus !== 200) {
        return json(options.tierChangesStatus, {
          success: false,
          error: "Something went wrong.",
          code: "internal_error",
        });
      }
      const page = Number(url.searchParams.get("page") ?? "1");
      const change = (id: string, over: Record<string, unknown>) => ({
        id,
        createdAt: "2026-11-20T23:30:00.000Z",
        fromTier: "Silver",
        toTier: "Gold",
        fromTierId: "tier_s",
        toTierId: "tier_g",
        reason: "order",
        ...over,
      });
      const tierChanges =
        page === 1
          ? [
              change("12", {}),
              change("11", { fromTier: null, fromTierId: null, toTier: "Silver", reason: "launch" }),
            ]
          : [change("10", { toTier: null, toTierId: "tier_x", reason: "manual" })];
      return json(200, {
        success: true,
        data: {
          tierChanges,
          pageInfo: { page, pageSize: 10, total: 11, hasNextPage: page === 1 },
          timeZone: "Asia/Tokyo",
        },
      });
    }
    if (url.pathname.endsWith("/activities")) {
      return json(200, {
        success: true,
        data: { activities: [], pageInfo: { page: 1, pageSize: 10, total: 0, hasNextPage: false } },
      });
    }
    if (url.pathname.endsWith("/coupons")) return json(200, { success: true, data: { coupons: [] } });
    if (url.pathname === "/apiSa/lp/programs/explain") {
      return json(200, { success: true, data: url.searchParams.get("q") === ada.id ? [explainedOrder] : [] });
    }
    if (method === "PUT" && url.pathname.endsWith("/children")) {
      return json(200, { success: true, data: body });
    }
    if (method === "PUT") {
      return options.putStatus && options.putStatus !== 200
        ? json(options.putStatus, {
            success: false,
            error: "Some fields are invalid.",
            code: "validation_failed",
            errors: [{ field: "birthday", message: "Birthday is not a real day (MM/DD)." }],
          })
        : json(200, { success: true, data: { ...ada, phone: "+1 555 0100" } });
    }
    return json(404, { success: false, error: "This API route does not exist.", code: "route_not_found" });
  }) as unknown as typeof fake.fetch;
  const listCalls = () => calls.filter((c) => c.method === "GET" && c.path === "/apiSa/customers");
  return { fake, calls, listCalls };
}

const vipLadder = [
  { id: "tier_b", name: "Bronze", milestone: 0, exclusive: false },
  { id: "tier_s", name: "Silver", milestone: 500, exclusive: false },
  { id: "tier_f", name: "Founders", milestone: 100_000, exclusive: true },
];
const partnerLadder = [
  { id: "tier_p", name: "Partner", milestone: 0, exclusive: false },
  { id: "tier_pp", name: "Preferred partner", milestone: 2_000, exclusive: false },
];
/** Ada in the exclusive Founders tier (VIP, points) and in Partner (B2B, points earned). */
const memberTiers = {
  programs: [
    {
      program: "vip",
      status: "launched",
      changeable: true,
      basis: "points_earned",
      directChange: true,
      tierId: "tier_f",
      tierName: "Founders",
      exclusive: true,
      metric: 700,
      tiers: vipLadder,
    },
    {
      program: "b2b",
      status: "launched",
      changeable: true,
      basis: "points_earned",
      directChange: true,
      tierId: "tier_p",
      tierName: "Partner",
      exclusive: false,
      metric: 300,
      tiers: partnerLadder,
    },
  ],
};

const exportRow = {
  id: "exp_1",
  tab: "guest",
  search: null,
  status: "done",
  totalRows: 2,
  doneRows: 2,
  error: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  finishedAt: "2026-11-24T10:00:05.000Z",
};

const activityExportRow = {
  id: "aex_1",
  filters: { action: "adjust_point" },
  status: "done",
  totalRows: 3,
  doneRows: 3,
  error: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  finishedAt: "2026-11-24T10:00:05.000Z",
};

const platformDown = {
  success: false,
  error: "The store platform did not answer as expected. Please try again in a moment.",
  code: "platform_unavailable",
};

const syncRow = {
  id: "syn_1",
  status: "done",
  totalRows: 2,
  doneRows: 2,
  changedRows: 1,
  error: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  finishedAt: "2026-11-24T10:00:05.000Z",
};

// The first render loads the screen's code: slow on a busy machine.
vi.setConfig({ testTimeout: 15_000 });
afterEach(() => window.localStorage.clear());

describe("/customers (J-03)", () => {
  it("shows the spec's columns, opens a row's profile link, and pages with the cursor in the URL", async () => {
    const { fake, listCalls } = setup();
    const { router, user } = await renderApp("/customers", { fake });
    const table = await screen.findByRole("table", {}, { timeout: 5_000 });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain("ada@example.com");
    expect(rows[0]?.textContent).toContain("+44 20 7946 0958");
    expect(rows[0]?.textContent).toContain("1,250");
    expect(rows[0]?.textContent).toContain("$450.00");
    expect(
      within(rows[0] as HTMLElement)
        .getByRole("link", { name: "Ada Lovelace" })
        .getAttribute("href"),
    ).toBe("/customers/profile/cus_1");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toContain("pages=abc"));
    await waitFor(() => expect(listCalls().at(-1)?.search.get("cursor")).toBe("abc"));
  });

  it("puts tab and sort in the URL and remembers them (A-23); search is debounced into the URL", async () => {
    const { fake, listCalls } = setup();
    // (Polaris measures tabs to fit them; jsdom has no layout, so the tab comes from the URL here
    // and the e2e spec clicks it.)
    const { router, user } = await renderApp("/customers?tab=guest", { fake });
    await screen.findByRole("table", {}, { timeout: 5_000 });
    expect(listCalls().at(-1)?.search.get("tab")).toBe("guest");
    await user.selectOptions(screen.getByLabelText("Sort by"), "points");
    await waitFor(() => expect(listCalls().at(-1)?.search.get("sort")).toBe("points"));
    expect(JSON.parse(window.localStorage.getItem(GRID_FILTERS_KEY) ?? "{}")).toEqual({
      tab: "guest",
      sort: "points",
    });
    await user.type(screen.getByPlaceholderText("Search by name, e-mail or phone"), "ada@");
    await waitFor(() => expect(listCalls().at(-1)?.search.get("search")).toBe("ada@"));
    expect(router.state.location.search).toContain("q=ada%40");
  });

  it("a failed load shows the error with Try again", async () => {
    let fail = true;
    const { fake } = setup({
      list: () =>
        fail
          ? {
              status: 500,
              body: { success: false, error: "Something went wrong on our side.", code: "internal_error" },
            }
          : {
              status: 200,
              body: { success: true, data: { customers: [], nextCursor: null, currency: "USD" } },
            },
    });
    const { user } = await renderApp("/customers", { fake });
    expect(await screen.findByText("Customers could not be loaded", {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No customers yet")).toBeTruthy();
  });

  it("bulk-excludes the selected customers", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/customers", { fake });
    const table = await screen.findByRole("table", {}, { timeout: 5_000 });
    for (const box of within(table).getAllByRole("checkbox").slice(1)) await user.click(box);
    await user.click(screen.getByRole("button", { name: "Exclude from program" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/apiSa/customers/bulk")?.body).toEqual({
        action: "exclude",
        ids: ["cus_1", "cus_2"],
      }),
    );
  });
});

describe("export as a job (J-15)", () => {
  it("starts the export of the tab, follows it in the URL and offers the download when ready", async () => {
    const { fake, calls } = setup();
    const { user, router } = await renderApp("/customers?tab=guest", { fake });
    await user.click(await screen.findByRole("button", { name: "Export" }, { timeout: 5_000 }));
    // The POST, the URL change and the first poll: slow on a busy machine.
    expect(
      await screen.findByText("Your export of 2 customers is ready", {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.path === "/apiSa/customers/exports")?.body).toEqual({
      tab: "guest",
    });
    expect(router.state.location.search).toContain("export=exp_1");
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeTruthy();
  });
});

/**
 * A page header action. Polaris renders each twice: in its measurer and in a layout that stays in
 * its measuring state in jsdom (no layout), where only the measurer's copy answers clicks.
 */
function pageAction(name: string): HTMLElement {
  const shown = screen
    .getAllByRole("button", { name })
    .filter((b) => b.closest("[class*='Measurer']") !== null);
  expect(shown).toHaveLength(1);
  return shown[0] as HTMLElement;
}

describe("customer sync with Shopify (J-20, J-21)", () => {
  it("re-syncs every customer as a job and shows how it ended", async () => {
    const { fake, calls } = setup();
    const { user, router } = await renderApp("/customers", { fake });
    await user.click(await screen.findByRole("button", { name: "Re-sync customers" }, { timeout: 5_000 }));
    expect(
      await screen.findByText("Re-sync complete: 2 customers checked, 1 updated", {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.path === "/apiSa/customers/sync")?.body).toEqual({});
    expect(router.state.location.search).toContain("resync=syn_1");
  });

  it("says 'Failed to re-sync customers' when the re-sync cannot start", async () => {
    const { fake } = setup({ resyncStatus: 502 });
    const { user, router } = await renderApp("/customers", { fake });
    await user.click(await screen.findByRole("button", { name: "Re-sync customers" }, { timeout: 5_000 }));
    expect((await screen.findAllByText("Failed to re-sync customers")).length).toBeGreaterThan(0);
    expect(router.state.location.search).not.toContain("resync=");
  });

  it("syncs the profile's customer and shows what came back", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/customers/profile/cus_1", { fake });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ada Lovelace" }, { timeout: 5_000 }),
    ).toBeTruthy();
    await user.click(pageAction("Sync with Shopify"));
    expect((await screen.findAllByText("Customer synced")).length).toBeGreaterThan(0);
    expect(await screen.findByRole("heading", { level: 1, name: "Augusta Lovelace" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST" && c.path === "/apiSa/customers/cus_1/sync")).toHaveLength(
      1,
    );
  });

  it("says 'Failed to sync customer' when the sync fails, and the profile stays", async () => {
    const { fake, calls } = setup({ syncStatus: 502 });
    const { user } = await renderApp("/customers/profile/cus_1", { fake });
    await screen.findByRole("heading", { level: 1, name: "Ada Lovelace" }, { timeout: 5_000 });
    await user.click(pageAction("Sync with Shopify"));
    expect(calls.filter((c) => c.method === "POST" && c.path === "/apiSa/customers/cus_1/sync")).toHaveLength(
      1,
    );
    expect((await screen.findAllByText("Failed to sync customer")).length).toBeGreaterThan(0);
    expect(screen.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeTruthy();
  });
});

describe("/customers/profile/:id (J-04)", () => {
  it("shows the overview and says 'Failed to update customer' when a save is refused", async () => {
    const { fake, calls } = setup({ putStatus: 400 });
    const { user } = await renderApp("/customers/profile/cus_1", { fake });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ada Lovelace" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText("$150.00")).toBeTruthy(); // average order value
    const birthday = screen.getByLabelText("Birthday");
    await user.clear(birthday);
    await user.type(birthday, "02/30");
    // The save bar logs the refused save (useSaveBar), once.
    expectConsoleError(1);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findAllByText("Failed to update customer")).length).toBeGreaterThan(0);
    expect(await screen.findByText("Birthday is not a real day (MM/DD).")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ birthday: "02/30" });
  });
});

describe("VIP tier changes on the profile (J-04)", () => {
  it("lists the member's tier changes in the store's time zone, with from → to and why, paged", async () => {
    const { fake, calls } = setup();
    const { router, user } = await renderApp("/customers/profile/cus_1?activity=tier", { fake });
    const row = (await screen.findByText("Silver → Gold", {}, { timeout: 5_000 })).closest("tr");
    // 23:30 UTC is 08:30 the next morning in Tokyo, the store's zone.
    expect(row?.textContent).toContain("Nov 21, 2026");
    expect(row?.textContent).toContain("8:30");
    expect(row?.textContent).toContain("Order");
    expect(screen.getByText("No tier → Silver").closest("tr")?.textContent).toContain("Tier launch");
    // The ledger's sub-tab query is not made on this tab.
    expect(calls.some((c) => c.path.endsWith("/activities"))).toBe(false);
    // The card's own pager (the referrals card has one too).
    let card: HTMLElement | null | undefined = row;
    while (card && !within(card).queryByRole("button", { name: "Next" })) card = card.parentElement;
    await user.click(within(card as HTMLElement).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Silver → A deleted tier")).toBeTruthy();
    expect(screen.getByText("Set manually")).toBeTruthy();
    expect(router.state.location.search).toContain("apage=2");
    expect(calls.some((c) => c.path.endsWith("/tier-changes") && c.search.get("page") === "2")).toBe(true);
  });

  it("says so with Try again when the tier changes cannot be loaded", async () => {
    const { fake, calls } = setup({ tierChangesStatus: 500 });
    const { user } = await renderApp("/customers/profile/cus_1?activity=tier", { fake });
    expect(
      await screen.findByText("VIP tier changes could not be loaded", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    const before = calls.filter((c) => c.path.endsWith("/tier-changes")).length;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith("/tier-changes")).length).toBeGreaterThan(before),
    );
  });
});

/** One of Ada's orders as the explanation lookup answers it (issue 14). */
const explainedOrder = {
  orderId: "820982911946154508",
  name: "#1002",
  orderedAt: "2026-11-20T10:00:00.000Z",
  currency: "USD",
  totalMinor: 12_000,
  refundedMinor: 0,
  status: "logged",
  reason: "no_matching_program",
  pointsAwarded: 0,
  pointsReversed: 0,
  pendingPoints: 0,
  pendingUntil: null,
  customer: { id: "cus_1", email: "ada@example.com", name: "Ada Lovelace" },
  trace: [
    {
      programId: "prg_7",
      title: "Sale items bonus",
      priority: 7,
      result: "skipped",
      reason: "conditions_not_met",
      points: 0,
      conditions: [{ criteria: "product", field: "tag", matcher: "contains", value: "sale", met: false }],
    },
    {
      programId: "prg_8",
      title: "Linen shirts",
      priority: 8,
      result: "skipped",
      reason: "conditions_not_met",
      points: 0,
      conditions: [
        { criteria: "product", field: "type", matcher: "equal", value: "Shirts", met: true },
        { criteria: "product", field: "tag", matcher: "equal", value: "linen", met: true },
      ],
    },
  ],
  entries: [],
};

describe("why the customer's orders earned, on the profile (issue 14)", () => {
  it("lists the customer's orders with each program's decision and the conditions not met", async () => {
    const { fake, calls } = setup();
    await renderApp("/customers/profile/cus_1", { fake });
    expect(
      await screen.findByText("Why this customer's orders earned (or didn't)", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(await screen.findByText("Order #1002")).toBeTruthy();
    expect(screen.getByText("Sale items bonus")).toBeTruthy();
    expect(screen.getByText("Condition not met: product tag contains 'sale'")).toBeTruthy();
    // Each of the second rule's conditions held for some item, but no item met both.
    expect(screen.getByText("Condition met: product type is equal to 'Shirts'")).toBeTruthy();
    expect(screen.getByText("No single item met all the conditions together.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/apiSa/lp/programs/explain" && c.search.get("q") === "cus_1")).toBe(
      true,
    );
  });
});

describe("children info (J-02, J-04)", () => {
  it("lists the children and saves the edited list whole, refusing a nameless child", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/customers/profile/cus_1", { fake });
    expect(await screen.findByText("Children info", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText("Mia")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.click(await screen.findByRole("button", { name: "Add another child" }));
    const dialog = await screen.findByRole("dialog");
    const dates = within(dialog).getAllByLabelText("Birth date");
    await user.type(dates[1] as HTMLElement, "2021-08-30");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter the child's name.")).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith("/children"))).toBe(false);
    await user.type(within(dialog).getAllByLabelText("Name")[1] as HTMLElement, "Leo");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith("/children"))).toBeTruthy());
    expect(calls.find((c) => c.path.endsWith("/children"))).toMatchObject({
      method: "PUT",
      path: "/apiSa/customers/cus_1/children",
      body: {
        children: [
          { name: "Mia", gender: "girl", birthDate: "2019-04-12" },
          { name: "Leo", gender: null, birthDate: "2021-08-30" },
        ],
      },
    });
    expect(await screen.findByText("Children info saved")).toBeTruthy();
  });
});

describe("/customers/activity (K-01, K-03)", () => {
  it("lists the shop's point activity with the filters from the URL", async () => {
    const { fake, calls } = setup();
    await renderApp("/customers/activity?action=adjust_point&from=2026-11-01", { fake });
    expect(await screen.findByRole("heading", { level: 1, name: "Point activity" })).toBeTruthy();
    const table = await screen.findByRole("table");
    const row = (await within(table).findByText("Adjusted by admin")).closest("tr") as HTMLElement;
    expect(within(row).getByRole("link", { name: "Ada Lovelace" }).getAttribute("href")).toBe(
      "/customers/profile/cus_1",
    );
    expect(row.textContent).toContain("-40");
    const call = calls.find((c) => c.path === "/apiSa/activities");
    expect(call?.search.get("action")).toBe("adjust_point");
    expect(call?.search.get("from")).toBe("2026-11-01");
  });
});

describe("point activity export (K-05)", () => {
  it("exports the filtered activity as a job, follows it in the URL and offers the download", async () => {
    const { fake, calls } = setup();
    const { router, user } = await renderApp("/customers/activity?action=adjust_point", { fake });
    await user.click(await screen.findByRole("button", { name: "Export CSV" }, { timeout: 5_000 }));
    await waitFor(() => expect(router.state.location.search).toContain("export=aex_1"));
    expect(calls.find((c) => c.method === "POST" && c.path === "/apiSa/activities/exports")?.body).toEqual({
      action: "adjust_point",
    });
    expect(await screen.findByText("Your export of 3 activities is ready")).toBeTruthy();
    expect(screen.getByText("We also e-mailed you a link.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeTruthy();
  });

  it("says 'No activities found to export' when nothing matches", async () => {
    const { fake } = setup({ activityExportStatus: 404 });
    const { router, user } = await renderApp("/customers/activity?customer=nobody", { fake });
    await user.click(await screen.findByRole("button", { name: "Export CSV" }, { timeout: 5_000 }));
    expect(await screen.findByText("No activities found to export")).toBeTruthy();
    expect(router.state.location.search).not.toContain("export=");
  });
});

describe("referral activity (E-12)", () => {
  it("/customers/activity/referral lists the shop's referrals; the profile lists the customer's own", async () => {
    const { fake, calls } = setup();
    const { router } = await renderApp("/customers/activity/referral", { fake });
    await screen.findByRole("heading", { level: 1, name: "Referral activity" }, { timeout: 5_000 });
    expect(await screen.findByText("grace@example.com")).toBeTruthy();
    const shopWide = calls.find((c) => c.path === "/apiSa/referrals");
    expect(shopWide?.search.get("referrerId")).toBeNull();

    await router.navigate("/customers/profile/cus_1");
    await screen.findByText("Referrals by this customer", {}, { timeout: 5_000 });
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/apiSa/referrals" && c.search.get("referrerId") === "cus_1")).toBe(
        true,
      ),
    );
    // The profile's card has no shop-wide export.
    expect(screen.queryByRole("button", { name: "Export CSV" })).toBeNull();
  });
});

describe("tiers on the profile (I-17, I-18, decision 0177)", () => {
  const tiersCard = async () => {
    const card = await screen.findByTestId("customer-tiers", {}, { timeout: 5_000 });
    expect(within(card).getByRole("heading", { level: 2, name: "Tiers" })).toBeTruthy();
    return card;
  };

  it("the overview names the VIP tier in force, from the same read as the Tiers card", async () => {
    const { fake, calls } = setup();
    await renderApp("/customers/profile/cus_1", { fake });
    await tiersCard();
    await waitFor(() => expect(screen.getByTestId("overview-tier").textContent).toBe("Founders"));
    expect(calls.filter((c) => c.method === "GET" && c.path === "/apiSa/tiers/members/cus_1")).toHaveLength(
      1,
    );
  });

  it("changes a company member's B2B partner tier directly, with the entry reward, and reads the tiers again", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/customers/profile/cus_1", { fake });
    const card = await tiersCard();
    expect(await within(card).findByText("B2B partner tier")).toBeTruthy();
    expect(within(card).getByText("Partner")).toBeTruthy();
    expect(within(card).getByText("Founders")).toBeTruthy();
    expect(within(card).getByText("Exclusive")).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "Change B2B partner tier" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Current tier: Partner")).toBeTruthy();
    // Partner tiers are never exclusive: no unassign offered, only the other partner tier.
    const select = within(dialog).getByLabelText("New tier") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["Choose a tier", "Preferred partner"]);
    await user.selectOptions(select, "tier_pp");
    expect(within(dialog).getByText("Tier points are reset to this tier's entry points.")).toBeTruthy();
    await user.click(within(dialog).getByLabelText("Grant the tier's entry reward"));
    const reads = calls.filter((c) => c.method === "GET" && c.path === "/apiSa/tiers/members/cus_1").length;
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await screen.findAllByText("Updated B2B tier")).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === "PUT").map((c) => [c.path, c.body])).toEqual([
      ["/apiSa/b2b/tiers/members/cus_1", { tierId: "tier_pp", grantEntryReward: true }],
    ]);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === "GET" && c.path === "/apiSa/tiers/members/cus_1").length,
      ).toBeGreaterThan(reads),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("unassigns the exclusive VIP tier and says 'Failed to unassign exclusive tier' when refused", async () => {
    const { fake, calls } = setup({ memberTierPutStatus: 409 });
    const { user } = await renderApp("/customers/profile/cus_1", { fake });
    const card = await tiersCard();
    await user.click(await within(card).findByRole("button", { name: "Change VIP tier" }));
    const dialog = await screen.findByRole("dialog");
    const select = within(dialog).getByLabelText("New tier") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Choose a tier",
      "Bronze",
      "Silver",
      "Unassign the exclusive tier",
    ]);
    await user.selectOptions(select, "__unassign");
    expect(within(dialog).getByText("The customer returns to the tier their tier points give.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await screen.findAllByText("Failed to unassign exclusive tier")).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === "PUT").map((c) => [c.path, c.body])).toEqual([
      ["/apiSa/tiers/members/cus_1", { tierId: null, grantEntryReward: false }],
    ]);
    // The dialog stays open for another try.
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("explains why a partner tier by amount spent cannot be changed, and shows no B2B tier for a DTC customer", async () => {
    const vip = memberTiers.programs[0];
    const b2b = { ...memberTiers.programs[1], basis: "amount_spent", directChange: false };
    const first = setup({
      memberTiers: { status: 200, body: { success: true, data: { programs: [vip, b2b] } } },
    });
    await renderApp("/customers/profile/cus_1", { fake: first.fake });
    let card = await tiersCard();
    expect(
      await within(card).findByText(/a direct change would reset the amount this business spent/),
    ).toBeTruthy();
    expect(
      within(card).getByRole("button", { name: "Change B2B partner tier" }).getAttribute("aria-disabled"),
    ).toBe("true");
    expect(
      within(card).getByRole("button", { name: "Change VIP tier" }).getAttribute("aria-disabled"),
    ).not.toBe("true");
    cleanup();

    const dtc = setup({ memberTiers: { status: 200, body: { success: true, data: { programs: [vip] } } } });
    await renderApp("/customers/profile/cus_1", { fake: dtc.fake });
    card = await tiersCard();
    expect(await within(card).findByText("VIP tier")).toBeTruthy();
    expect(within(card).queryByText("B2B partner tier")).toBeNull();
  });

  it("says so with Try again when the tiers cannot be loaded", async () => {
    const { fake, calls } = setup({
      memberTiers: {
        status: 500,
        body: { success: false, error: "Something went wrong.", code: "internal_error" },
      },
    });
    const { user } = await renderApp("/customers/profile/cus_1", { fake });
    const card = await tiersCard();
    expect(await within(card).findByText("The customer's tiers could not be loaded.")).toBeTruthy();
    await user.click(within(card).getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/apiSa/tiers/members/cus_1").length).toBeGreaterThan(1),
    );
  });
});
