import type { ProgramSummary } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

function program(over: Partial<ProgramSummary>): ProgramSummary {
  return {
    id: "prg_1",
    type: "earning",
    event: "place_order",
    title: "Place an order",
    translateTitle: {},
    description: null,
    status: "active",
    priority: 99,
    startDate: null,
    endDate: null,
    config: { earnBy: "price", earnPoint: 10, rateMoney: 10_000 },
    settingsProblem: null,
    ...over,
  };
}

const earning = [
  program({}),
  program({
    id: "prg_2",
    event: "sign_up",
    title: "Sign up",
    status: "scheduled",
    startDate: "2027-01-01",
    config: { earnPoint: 100 },
  }),
  program({
    id: "prg_3",
    event: "sign_up_newsletter",
    title: "Newsletter",
    status: "inactive",
    config: { earnPoint: 20 },
    settingsProblem: "Points must be greater than 0",
  }),
];

const explained = {
  orderId: "820982911946154508",
  name: "#1002",
  orderedAt: "2026-11-20T10:00:00.000Z",
  currency: "GBP",
  totalMinor: 12_000,
  refundedMinor: 0,
  status: "rewarded",
  reason: null,
  pointsAwarded: 10,
  pointsReversed: 0,
  pendingPoints: 0,
  pendingUntil: null,
  customer: { id: "cus_1", email: "ava@example.com", name: "Ava Park" },
  trace: [
    {
      programId: "prg_5",
      title: "Retail only",
      priority: 5,
      result: "skipped",
      reason: "excluded_order_tag",
      points: 0,
      conditions: [],
    },
    {
      programId: "prg_7",
      title: "Sale items bonus",
      priority: 7,
      result: "skipped",
      reason: "conditions_not_met",
      points: 0,
      conditions: [
        { criteria: "product", field: "tag", matcher: "contains", value: "sale", met: false },
        { criteria: "product", field: "type", matcher: "includes", value: ["Shirts", "Hats"], met: true },
        { criteria: "customer", field: "email", matcher: "not_empty", value: null, met: true },
      ],
    },
    {
      programId: "prg_1",
      title: "Place an order",
      priority: 99,
      result: "awarded",
      reason: null,
      points: 10,
      conditions: [],
    },
  ],
  entries: [
    {
      id: "41",
      activityType: "earn_place_order",
      available: 10,
      pending: 0,
      programId: "prg_1",
      note: null,
      createdAt: "2026-11-20T10:00:05.000Z",
    },
  ],
};

const backtestResult = (days: number) => ({
  days,
  orders: 2,
  truncated: false,
  awardedPoints: 20,
  wouldPoints: 40,
  costDifferenceMinor: 20,
  currency: "GBP",
  programs: [{ programId: "prg_1", title: "Place an order", awarded: 20, would: 40 }],
  changedOrders: 2,
  sample: [{ orderId: "o1", name: "#1001", awarded: 10, would: 20 }],
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The shell's fake API plus the program endpoints; `statusFails` makes the toggle refuse. */
function setup(options: { statusFails?: boolean; saveErrors?: { field: string; message: string }[] } = {}) {
  const fake = createFakeApi();
  const calls: Call[] = [];
  let backtestPolls = 0;
  let lastBacktest: { days: number } | undefined;
  const base = fake.fetch;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (!url.pathname.startsWith("/apiSa/lp/programs")) return base(input, init);
    const method = (init.method ?? "GET").toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (method === "GET" && url.pathname.endsWith("/explain")) {
      return json(200, { success: true, data: url.searchParams.get("q") === "#1002" ? [explained] : [] });
    }
    if (method === "GET" && url.pathname.endsWith("/earning"))
      return json(200, { success: true, data: earning });
    if (method === "GET" && url.pathname.endsWith("/spending")) return json(200, { success: true, data: [] });
    if (method === "PUT" && url.pathname.endsWith("/status")) {
      if (options.statusFails) {
        return json(500, { success: false, error: "Something went wrong", code: "internal" });
      }
      return json(200, {
        success: true,
        data: { ...earning[0], status: body.status },
        message: "Updated status successfully",
      });
    }
    if (method === "PUT" && url.pathname === "/apiSa/lp/programs") {
      return json(200, { success: true, data: null, message: "Updated successfully" });
    }
    if (url.pathname.includes("/backtests")) {
      // Decision 0123: the run starts queued, then (next poll) is running, then done.
      backtestPolls += method === "GET" ? 1 : 0;
      const run = {
        id: "btr_1",
        days: lastBacktest?.days ?? 30,
        error: null,
        createdAt: "2026-11-20T10:00:00.000Z",
      };
      if (method === "POST") {
        lastBacktest = body;
        return json(200, {
          success: true,
          data: { ...run, status: "queued", processed: 0, total: 0, result: null, finishedAt: null },
        });
      }
      if (backtestPolls < 2) {
        return json(200, {
          success: true,
          data: { ...run, status: "running", processed: 1, total: 2, result: null, finishedAt: null },
        });
      }
      return json(200, {
        success: true,
        data: {
          ...run,
          status: "done",
          processed: 2,
          total: 2,
          finishedAt: "2026-11-20T10:00:01.000Z",
          result: backtestResult(lastBacktest?.days ?? 30),
        },
      });
    }
    if (method === "POST" && url.pathname.endsWith("/backtest")) {
      return json(200, {
        success: true,
        data: {
          days: body.days,
          orders: 2,
          truncated: false,
          awardedPoints: 20,
          wouldPoints: 40,
          costDifferenceMinor: 20,
          currency: "GBP",
          programs: [{ programId: "prg_1", title: "Place an order", awarded: 20, would: 40 }],
          changedOrders: 2,
          sample: [{ orderId: "o1", name: "#1001", awarded: 10, would: 20 }],
        },
      });
    }
    if (method === "POST") {
      if (options.saveErrors) {
        return json(400, {
          success: false,
          error: options.saveErrors[0]?.message,
          code: "validation_failed",
          errors: options.saveErrors,
        });
      }
      return json(200, {
        success: true,
        data: program({ id: "prg_new", ...body }),
        message: "Created successfully",
      });
    }
    return json(404, { success: false, error: "Not found", code: "not_found" });
  }) as unknown as typeof fake.fetch;
  return { fake, calls };
}

describe("/programs (C-05, C-06)", () => {
  it("lists each program with its points in words, status and settings problem", async () => {
    const { fake } = setup();
    await renderApp("/programs", { fake });
    expect(await screen.findByText("10 points for every £100.00 spent", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText("100 points for creating an account")).toBeTruthy();
    expect(screen.getByText("Scheduled")).toBeTruthy();
    expect(screen.getByText("Not running until saved again: Points must be greater than 0")).toBeTruthy();
    expect(screen.getAllByRole("tab", { name: "Earn points", selected: true })).not.toHaveLength(0);
  });

  it("turns a program off at once and back on when the server refuses, with the spec's toast", async () => {
    const { fake, calls } = setup({ statusFails: true });
    const { user } = await renderApp("/programs", { fake });
    const toggle = await screen.findByRole("button", { name: "Turn off Place an order" }, { timeout: 5_000 });
    await user.click(toggle);
    expect(await screen.findAllByText("Failed to change program status")).not.toHaveLength(0);
    expect(calls.some((c) => c.method === "PUT" && c.path === "/apiSa/lp/programs/prg_1/status")).toBe(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "Turn off Place an order" })).toBeTruthy());
  });

  it("confirms a successful toggle with 'Updated status successfully'", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/programs", { fake });
    await user.click(
      await screen.findByRole("button", { name: "Turn off Place an order" }, { timeout: 5_000 }),
    );
    expect(await screen.findAllByText("Updated status successfully")).not.toHaveLength(0);
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ status: "inactive" });
  });
});

describe("program editors (C-24, D-14): the spec's messages next to each field", () => {
  it("sign up: a blank name and zero points are refused before anything is sent", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/programs/sign_up/new", { fake });
    const name = await screen.findByLabelText("Program name", {}, { timeout: 5_000 });
    await user.clear(name);
    const points = screen.getByLabelText("Points");
    await user.clear(points);
    await user.type(points, "0");
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(screen.getByText("Points must be greater than 0")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("percentage discount: outside 1 to 100 is refused with the spec's words", async () => {
    const { fake } = setup();
    const { user } = await renderApp("/programs/percentage_discount/new", { fake });
    const value = await screen.findByLabelText("Discount percentage", {}, { timeout: 5_000 });
    await user.clear(value);
    await user.type(value, "150");
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("Discount percentage must be from 1 to 100")).toBeTruthy();
  });

  it("shows the server's field errors next to the fields and 'Failed to save program'", async () => {
    const { fake, calls } = setup({
      saveErrors: [{ field: "priority", message: "Priority must be unique" }],
    });
    const { user } = await renderApp("/programs/place_order/new", { fake });
    await screen.findByLabelText("Program name", {}, { timeout: 5_000 });
    expect(
      within(screen.getByTestId("program-preview")).getByText("10 points for every £100.00 spent"),
    ).toBeTruthy();
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("Priority must be unique")).toBeTruthy();
    expect(await screen.findAllByText("Failed to save program")).not.toHaveLength(0);
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      event: "place_order",
      config: { earnBy: "price", earnPoint: 10, rateMoney: 10_000 },
    });
  });
});

describe("why did this order earn? (issue 14)", () => {
  it("looks an order up from the URL and says each program's decision in words, with its entries", async () => {
    const { fake, calls } = setup();
    const { user, router } = await renderApp("/programs/point", { fake });
    const search = await screen.findByLabelText("Order number or customer email", {}, { timeout: 5_000 });
    await user.type(search, "#1002");
    await user.click(screen.getByRole("button", { name: "Explain" }));
    expect(await screen.findByText("Order #1002")).toBeTruthy();
    expect(router.state.location.search).toBe("?q=%231002");
    expect(screen.getByText("the order has an excluded tag")).toBeTruthy();
    expect(screen.getByText("Earned 10 points")).toBeTruthy();
    expect(screen.getByText("Points for an order")).toBeTruthy();
    expect(calls.some((c) => c.path === "/apiSa/lp/programs/explain")).toBe(true);
  });

  it("names each rule-engine condition the order met or did not meet, in plain words (C-19)", async () => {
    const { fake } = setup();
    await renderApp("/programs/point?q=%231002", { fake });
    expect(await screen.findByText("Order #1002", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText("the rule's conditions were not met")).toBeTruthy();
    expect(screen.getByText("Condition not met: product tag contains 'sale'")).toBeTruthy();
    expect(screen.getByText("Condition met: product type is one of 'Shirts, Hats'")).toBeTruthy();
    expect(screen.getByText("Condition met: customer email is not empty")).toBeTruthy();
    // Programs without conditions list none.
    expect(screen.getAllByText(/^Condition (not )?met:/)).toHaveLength(3);
    // A condition was not met at all, so nothing more is said.
    expect(screen.queryByText("No single item met all the conditions together.")).toBeNull();
  });

  it("says so when nothing matches", async () => {
    const { fake } = setup();
    await renderApp("/programs/point?q=%239999", { fake });
    expect(await screen.findByText("No order found", {}, { timeout: 5_000 })).toBeTruthy();
  });
});

describe("backtest before saving a place order change (issue 14)", () => {
  it("sends the program as edited with the period, and shows the difference and its cost", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/programs/point/prg_1", { fake });
    const points = await screen.findByLabelText("Points", {}, { timeout: 5_000 });
    await user.clear(points);
    await user.type(points, "20");
    await user.selectOptions(screen.getByLabelText("Orders from"), "90");
    await user.click(screen.getByRole("button", { name: "Run backtest" }));
    // The job's progress shows while it runs (decision 0123).
    expect(await screen.findByText("Reading orders: 1 of 2")).toBeTruthy();
    expect(
      await screen.findByText(
        "2 orders: 20 points awarded, 40 points under these settings.",
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText("Difference: +20 points, worth £0.20")).toBeTruthy();
    expect(screen.getByText("#1001")).toBeTruthy();
    const sent = calls.find((c) => c.path === "/apiSa/lp/programs/backtests")?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({ programId: "prg_1", days: 90, program: { config: { earnPoint: 20 } } });
  });
});

describe("program-name translations (S-14)", () => {
  it("adds a storefront language and saves only the rows that changed with PUT /lp/programs", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/programs?names=1", { fake });
    const dialog = await screen.findByRole("dialog", { name: "Program names" }, { timeout: 5_000 });
    await user.selectOptions(within(dialog).getByLabelText("Add a language"), "fr");
    await user.type(within(dialog).getByLabelText("Sign up in fr"), "Inscription");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "PUT" && c.path === "/apiSa/lp/programs")).toBe(true),
    );
    expect(calls.find((c) => c.method === "PUT" && c.path === "/apiSa/lp/programs")?.body).toEqual([
      { id: "prg_2", title: "Sign up", translateTitle: { fr: "Inscription" } },
    ]);
    expect(await screen.findAllByText("Updated successfully")).not.toHaveLength(0);
  });
});
