import type { ProgramSummary } from "@laurel/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

/** Retroactive syncs on the program editors (C-27, X-47, decision 0165). */
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
  program({ id: "prg_2", event: "sign_up", title: "Sign up", config: { earnPoint: 100 } }),
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function run(over: Record<string, unknown>) {
  return {
    id: "sync_1",
    kind: "prior_order",
    status: "queued",
    since: "2026-01-01",
    processed: 0,
    total: 0,
    credited: 0,
    points: 0,
    error: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    finishedAt: null,
    unlockedAt: null,
    ...over,
  };
}

/** The shell's fake API plus programs and syncs: a run is queued, then running, then `last`. */
function setup(last: Record<string, unknown>, existing: Record<string, unknown> | null = null) {
  const fake = createFakeApi();
  const calls: Call[] = [];
  let polls = 0;
  let started: Record<string, unknown> | null = null;
  const base = fake.fetch;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (!url.pathname.startsWith("/apiSa/lp/programs")) return base(input, init);
    const method = (init.method ?? "GET").toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (method === "GET" && url.pathname.endsWith("/earning"))
      return json(200, { success: true, data: earning });
    if (method === "GET" && url.pathname.endsWith("/spending")) return json(200, { success: true, data: [] });
    if (method === "GET" && url.pathname.endsWith("/syncs/prior-order")) {
      const done = started && polls >= 2 ? run({ ...started, ...last }) : existing ? run(existing) : null;
      return json(200, {
        success: true,
        data: {
          locked: done !== null && done.status !== "failed" && done.unlockedAt === null,
          earliestSince: "2025-11-20",
          latestSince: "2026-11-20",
          run: done,
        },
      });
    }
    if (method === "POST" && url.pathname.endsWith("/syncs")) {
      started = { kind: body.kind, since: body.since ?? null };
      return json(200, { success: true, data: run(started) });
    }
    if (method === "GET" && url.pathname.includes("/syncs/")) {
      polls += 1;
      if (polls < 2) {
        return json(200, {
          success: true,
          data: run({ ...started, status: "running", processed: 1, total: 3 }),
        });
      }
      return json(200, { success: true, data: run({ ...started, ...last }) });
    }
    return json(404, { success: false, error: "Not found", code: "not_found" });
  }) as unknown as typeof fake.fetch;
  return { fake, calls };
}

describe("the past-order sync on the place order editor (C-27, X-47)", () => {
  it("picks a day within 12 months, confirms, shows the progress, then the result and the lock", async () => {
    const { fake, calls } = setup({
      status: "done",
      processed: 3,
      total: 3,
      credited: 3,
      points: 30,
      finishedAt: "2026-11-20T10:00:02.000Z",
    });
    const { user } = await renderApp("/programs/point/prg_1", { fake });
    const since = (await screen.findByLabelText(
      "Orders placed since",
      {},
      { timeout: 5_000 },
    )) as HTMLInputElement;
    expect(await screen.findByText("Any day from 2025-11-20 to 2026-11-20.")).toBeTruthy();
    expect(since.min).toBe("2025-11-20");
    expect(since.max).toBe("2026-11-20");
    const syncButton = () => screen.getByRole("button", { name: "Sync past orders" });
    const disabled = () => syncButton().getAttribute("aria-disabled") === "true";
    // A day beyond 12 months can't be sent.
    fireEvent.change(since, { target: { value: "2025-01-01" } });
    expect(disabled()).toBe(true);
    fireEvent.change(since, { target: { value: "2026-01-01" } });
    await waitFor(() => expect(disabled()).toBe(false));
    await user.click(syncButton());
    // The confirm step says it runs once; nothing is sent before it.
    expect(await screen.findByText("This sync can run once only")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Start sync" }));
    expect(await screen.findByText("Crediting orders: 1 of 3")).toBeTruthy();
    expect(
      await screen.findByText(
        "Orders since 2026-01-01: 3 orders credited, 30 points awarded.",
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("The past-order sync can run once only. Contact support to run it again."),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      kind: "prior_order",
      since: "2026-01-01",
    });
    // Locked: the picker and its button are gone.
    await waitFor(() => expect(screen.queryByLabelText("Orders placed since")).toBeNull());
  }, 30_000);
});

describe("the past-order sync after support lifted its lock (decision 0172)", () => {
  it("shows the last run's result, says support allowed another run, and offers the picker again", async () => {
    const { fake } = setup(
      {},
      {
        status: "done",
        processed: 3,
        total: 3,
        credited: 3,
        points: 30,
        finishedAt: "2026-11-20T10:00:02.000Z",
        unlockedAt: "2026-11-21T09:00:00.000Z",
      },
    );
    await renderApp("/programs/point/prg_1", { fake });
    expect(
      await screen.findByText(
        "Orders since 2026-01-01: 3 orders credited, 30 points awarded.",
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText("Support allowed one more past-order sync. It can run once.")).toBeTruthy();
    expect(screen.getByLabelText("Orders placed since")).toBeTruthy();
  }, 30_000);
});

describe("'Sync points' on the sign-up editor (C-27)", () => {
  it("runs the sync and tells what it credited", async () => {
    const { fake, calls } = setup({
      kind: "sign_up",
      status: "done",
      processed: 2,
      total: 2,
      credited: 2,
      points: 200,
    });
    const { user } = await renderApp("/programs/point/prg_2", { fake });
    await user.click(await screen.findByRole("button", { name: "Sync points" }, { timeout: 5_000 }));
    expect(
      await screen.findByText("Points synced: 2 members, 200 points", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ kind: "sign_up" });
  }, 30_000);

  it("says 'Failed to sync points' when the run fails", async () => {
    const { fake } = setup({
      kind: "sign_up",
      status: "failed",
      error: "boom",
      finishedAt: "2026-11-20T10:00:02.000Z",
    });
    const { user } = await renderApp("/programs/point/prg_2", { fake });
    await user.click(await screen.findByRole("button", { name: "Sync points" }, { timeout: 5_000 }));
    expect(await screen.findByText("Failed to sync points", {}, { timeout: 5_000 })).toBeTruthy();
  }, 30_000);
});
