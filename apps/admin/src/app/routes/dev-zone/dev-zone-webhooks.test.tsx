import type { WebhookDeliveryDetail, WebhookDeliverySummary, WebhookLogResponse } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { shopsResponse } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";

const PATH = "/dev_zone/webhooks_logs";

function delivery(over: Partial<WebhookDeliverySummary>): WebhookDeliverySummary {
  return {
    shopId: "shop_1",
    shopDomain: "maple-moss.myshopify.com",
    shopName: "Maple & Moss",
    webhookId: "wh-1",
    topic: "orders/paid",
    status: "processed",
    attempts: 1,
    duplicates: 0,
    lastError: null,
    orderKey: "820982911946154508",
    receivedAt: "2026-11-20T10:00:00.000Z",
    processedAt: "2026-11-20T10:00:01.000Z",
    nextAttemptAt: null,
    seq: "10",
    ...over,
  };
}

const failed = delivery({
  webhookId: "wh-failed",
  status: "failed",
  attempts: 5,
  lastError: "currency is required. The order payload has no currency, so no points can be computed.",
  processedAt: null,
  seq: "12",
});
const duplicated = delivery({ webhookId: "wh-dup", topic: "orders/create", duplicates: 2, seq: "11" });

interface LogCall {
  method: string;
  path: string;
  search: URLSearchParams;
}

/**
 * The staff fake API plus the webhook log endpoints: `page(search)` answers the list, the detail
 * and retry answer from `detail` and `retryStatus`. Every log call is recorded with its query.
 */
function setup(
  options: {
    page?: (search: URLSearchParams) => WebhookLogResponse | { status: number; body: unknown };
    retryStatus?: number;
  } = {},
) {
  const fake = createFakeApi({ data: shopsResponse({ session: { isStaff: true } }) });
  const logCalls: LogCall[] = [];
  const page =
    options.page ??
    (() => ({
      deliveries: [failed, duplicated],
      nextCursor: null,
      counts: { received: 0, processed: 7, failed: 1 },
      countCap: 10_000,
    }));
  const base = fake.fetch;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const wrapped = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (!url.pathname.startsWith("/apiSa/dev_zone/webhooks")) return base(input, init);
    const method = (init.method ?? "GET").toUpperCase();
    logCalls.push({ method, path: url.pathname, search: url.searchParams });
    if (url.pathname === "/apiSa/dev_zone/webhooks") {
      const answer = page(url.searchParams);
      if ("status" in answer && "body" in answer) return json(answer.status, answer.body);
      return json(200, { success: true, data: answer });
    }
    if (method === "POST" && url.pathname.endsWith("/retry")) {
      const status = options.retryStatus ?? 200;
      return status === 200
        ? json(200, { success: true, data: { ...failed, status: "received", attempts: 0 } })
        : json(status, {
            success: false,
            error: "Only a failed delivery can be processed again.",
            code: "webhook_not_failed",
          });
    }
    const detail: WebhookDeliveryDetail = {
      ...failed,
      body: '{\n  "id": 820982911946154508,\n  "note": "poison"\n}',
      leaseUntil: null,
    };
    return json(200, { success: true, data: detail });
  });
  fake.fetch = wrapped as unknown as typeof fake.fetch;
  const listCalls = () => logCalls.filter((c) => c.method === "GET" && c.path === "/apiSa/dev_zone/webhooks");
  return { fake, logCalls, listCalls };
}

describe("/dev_zone/webhooks_logs (P-01)", () => {
  it("shows a skeleton, then each delivery with shop, topic, status, attempts, error and times", async () => {
    const { fake } = setup();
    await renderApp(PATH, { fake });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Webhook logs" }, { timeout: 5_000 }),
    ).toBeTruthy();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText("Maple & Moss")).toBeTruthy();
    expect(first.getByText("orders/paid")).toBeTruthy();
    expect(first.getByText("Failed")).toBeTruthy();
    expect(first.getByText("5")).toBeTruthy();
    expect(first.getByText(/^currency is required\./)).toBeTruthy();
    expect(first.getByText("11/20/26, 10:00:00 AM")).toBeTruthy();
    expect(first.getByRole("button", { name: "Process orders/paid delivery wh-failed again" })).toBeTruthy();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText("Processed")).toBeTruthy();
    expect(second.getByText("Duplicate ×2")).toBeTruthy();
    expect(second.queryByRole("button", { name: /again/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Failed (1)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Processed (7)" })).toBeTruthy();
  });

  it("shows the skeleton while loading", async () => {
    const { fake } = setup();
    await renderApp(PATH, { fake });
    expect(await screen.findByTestId("webhook-log-skeleton")).toBeTruthy();
    await screen.findByRole("table");
    expect(screen.queryByTestId("webhook-log-skeleton")).toBeNull();
  });

  it("says so when there are no deliveries, and when the filters match none", async () => {
    const empty = {
      deliveries: [],
      nextCursor: null,
      counts: { received: 0, processed: 0, failed: 0 },
      countCap: 10_000,
    };
    const { fake } = setup({ page: () => empty });
    const { user } = await renderApp(PATH, { fake });
    expect(await screen.findByText("No webhook deliveries yet")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Failed (0)" }));
    expect(await screen.findByText("No deliveries match these filters")).toBeTruthy();
  });

  it("shows the server's error with Try again, then the list once it answers", async () => {
    let fail = true;
    const { fake } = setup({
      page: () =>
        fail
          ? {
              status: 500,
              body: { success: false, error: "Something went wrong on our side.", code: "internal_error" },
            }
          : {
              deliveries: [failed],
              nextCursor: null,
              counts: { received: 0, processed: 0, failed: 1 },
              countCap: 10_000,
            },
    });
    const { user } = await renderApp(PATH, { fake });
    expect((await screen.findByTestId("webhook-log-error")).textContent).toBe(
      "Something went wrong on our side.",
    );
    expect(screen.queryByRole("table")).toBeNull();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });

  it("keeps the filters in the URL and sends them to the server", async () => {
    const { fake, listCalls } = setup();
    const { user, router } = await renderApp(`${PATH}?topic=orders/paid`, { fake });
    await screen.findByRole("table");
    expect(listCalls()[0]?.search.get("topic")).toBe("orders/paid");
    expect((screen.getByLabelText("Topic") as HTMLSelectElement).value).toBe("orders/paid");

    await user.click(screen.getByRole("button", { name: "Failed (1)" }));
    await waitFor(() => expect(router.state.location.search).toContain("status=failed"));
    expect(screen.getByRole("button", { name: "Failed (1)" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(listCalls().at(-1)?.search.get("status")).toBe("failed"));

    await user.selectOptions(screen.getByLabelText("Shop"), "shop_2");
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("shop")).toBe("shop_2"));
    await waitFor(() => expect(listCalls().at(-1)?.search.get("shop")).toBe("shop_2"));
    const last = listCalls().at(-1)?.search;
    expect(last?.get("topic")).toBe("orders/paid");
    expect(last?.get("status")).toBe("failed");

    await user.click(screen.getByRole("button", { name: "All" }));
    await waitFor(() => expect(router.state.location.search).not.toContain("status="));
  });

  it("pages with the server's cursor, and back", async () => {
    const { fake, listCalls } = setup({
      page: (search) =>
        search.get("cursor") === "11"
          ? {
              deliveries: [delivery({ webhookId: "wh-old", seq: "3" })],
              nextCursor: null,
              counts: { received: 0, processed: 2, failed: 0 },
              countCap: 10_000,
            }
          : {
              deliveries: [duplicated],
              nextCursor: "11",
              counts: { received: 0, processed: 2, failed: 0 },
              countCap: 10_000,
            },
    });
    const { user, router } = await renderApp(PATH, { fake });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("pages")).toBe("11"));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "View orders/paid delivery wh-old" })).toBeTruthy(),
    );
    expect(listCalls().at(-1)?.search.get("cursor")).toBe("11");
    await user.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "View orders/create delivery wh-dup" })).toBeTruthy(),
    );
    expect(router.state.location.search).not.toContain("pages=");

    // A new filter starts again from the newest page.
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toContain("pages=11"));
    await user.click(screen.getByRole("button", { name: "Failed (0)" }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=failed"));
    expect(listCalls().at(-1)?.search.get("cursor")).toBeNull();
  });

  it("opens a delivery's detail (in the URL) with its whole error and body", async () => {
    const { fake } = setup();
    const { user, router } = await renderApp(PATH, { fake });
    await user.click(await screen.findByRole("button", { name: "View orders/paid delivery wh-failed" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() =>
      expect(within(dialog).getByTestId("webhook-body").textContent).toContain('"note": "poison"'),
    );
    expect(within(dialog).getByTestId("webhook-error").textContent).toBe(failed.lastError);
    expect(new URLSearchParams(router.state.location.search).get("delivery")).toBe("shop_1/wh-failed");
  });

  it("processes a failed delivery again after a confirmation, with a toast", async () => {
    const { fake, logCalls, listCalls } = setup();
    const { user } = await renderApp(PATH, { fake });
    await user.click(
      await screen.findByRole("button", { name: "Process orders/paid delivery wh-failed again" }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Process this delivery again?")).toBeTruthy();
    expect(logCalls.filter((c) => c.method === "POST")).toHaveLength(0);
    const before = listCalls().length;
    await user.click(within(dialog).getByRole("button", { name: "Process again" }));
    expect((await screen.findAllByText("Delivery queued to be processed again")).length).toBeGreaterThan(0);
    expect(logCalls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/apiSa/dev_zone/webhooks/shop_1/wh-failed/retry",
    ]);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("cancelling the confirmation sends nothing; a refusal shows the server's reason", async () => {
    const { fake, logCalls } = setup({ retryStatus: 409 });
    const { user } = await renderApp(`${PATH}?delivery=shop_1/wh-failed`, { fake });
    const detail = await screen.findByRole("dialog");
    await waitFor(() => expect(within(detail).getByTestId("webhook-body")).toBeTruthy());
    await user.click(within(detail).getByRole("button", { name: "Process again" }));
    let confirm = await screen.findByRole("dialog");
    await waitFor(() => expect(within(confirm).getByText("Process this delivery again?")).toBeTruthy());
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(logCalls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Process orders/paid delivery wh-failed again" }));
    confirm = await screen.findByRole("dialog");
    await user.click(within(confirm).getByRole("button", { name: "Process again" }));
    // The toast (Polaris repeats it in a visually hidden live region).
    expect(
      (await screen.findAllByText("Only a failed delivery can be processed again.")).length,
    ).toBeGreaterThan(0);
  });

  it("refreshes itself every few seconds, and on Refresh", async () => {
    const { fake, listCalls } = setup();
    const { user } = await renderApp(PATH, { fake });
    await screen.findByRole("table");
    const first = listCalls().length;
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(listCalls().length).toBe(first + 1));
    await waitFor(() => expect(listCalls().length).toBe(first + 2), { timeout: 8_000 });
  }, 15_000);
});
