import type { CustomerImport } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

vi.setConfig({ testTimeout: 15_000 });

const imp = (over: Partial<CustomerImport>): CustomerImport => ({
  id: "imp_1",
  kind: "migration",
  mode: "reset",
  source: "smile",
  tierBasis: null,
  fileName: "smile.csv",
  fileBytes: 120,
  status: "ready",
  totalRows: 3,
  errorRows: 1,
  validRows: 2,
  doneRows: 0,
  changedRows: 0,
  actorEmail: "demo@laurel.test",
  error: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe("/customers/migration (J-13, J-14)", () => {
  it("guesses the columns from a Smile export, shows the dry run, then migrates to completion", async () => {
    const fake = createFakeApi();
    const base = fake.fetch;
    const uploads: URLSearchParams[] = [];
    let polled = 0;
    const json = (body: unknown) =>
      new Response(JSON.stringify({ success: true, data: body }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = (init.method ?? "GET").toUpperCase();
      if (url.pathname === "/apiSa/customers/imports" && method === "POST") {
        uploads.push(url.searchParams);
        return json({
          import: imp({}),
          errors: [{ line: 3, field: "Email", message: "No customer with this Email in the store" }],
          dryRun: {
            change: 1,
            keep: 1,
            refused: 1,
            birthdays: 1,
            tierChange: 0,
            tierKeep: 0,
            ordersCreate: 0,
            ordersChange: 0,
            ordersKeep: 0,
            currency: "USD",
            preview: [
              {
                line: 2,
                email: "ada@example.com",
                currentPoints: 40,
                newPoints: 500,
                orders: null,
                spentMinor: null,
                ordersOutcome: null,
              },
            ],
          },
        });
      }
      if (url.pathname === "/apiSa/customers/imports/imp_1/start") {
        return json(imp({ status: "importing", startedAt: "2026-11-24T10:01:00.000Z" }));
      }
      if (url.pathname === "/apiSa/customers/imports/imp_1") {
        polled++;
        return json(imp({ status: "done", doneRows: 2, changedRows: 1 }));
      }
      return base(input, init);
    }) as unknown as typeof fake.fetch;

    const { user } = await renderApp("/customers/migration", { fake });
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: "Migrate from another loyalty app" },
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    const csv =
      "first_name,email,points_balance,date_of_birth\nAda,ada@example.com,500,1990-05-14\nBo,bo@x.test,7,\n";
    expect(await screen.findByText("Upload your export", {}, { timeout: 5_000 })).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([csv], "smile.csv", { type: "text/csv" }));

    expect(await screen.findByText("Map the columns of smile.csv")).toBeTruthy();
    expect((screen.getByLabelText("Exported from") as HTMLSelectElement).value).toBe("smile");
    expect((screen.getByLabelText("Email") as HTMLSelectElement).value).toBe("email");
    expect((screen.getByLabelText("Points balance") as HTMLSelectElement).value).toBe("points_balance");
    expect((screen.getByLabelText("Birthday") as HTMLSelectElement).value).toBe("date_of_birth");
    expect(screen.getByText("bo@x.test")).toBeTruthy(); // the preview of the first rows

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Set tier rule (optional)")).toBeTruthy();
    expect((screen.getByLabelText("Tier column") as HTMLSelectElement).value).toBe("");
    await user.click(screen.getByRole("button", { name: "Run dry run" }));
    expect(
      await screen.findByText(
        "1 balances would change, 1 stay the same, 1 birthdays would be set, 1 rows are refused.",
      ),
    ).toBeTruthy();
    expect(uploads[0]?.get("kind")).toBe("migration");
    expect(uploads[0]?.get("source")).toBe("smile");
    expect(uploads[0]?.get("emailColumn")).toBe("email");
    expect(uploads[0]?.get("pointsColumn")).toBe("points_balance");
    expect(uploads[0]?.get("birthdayColumn")).toBe("date_of_birth");
    expect(uploads[0]?.has("tierRule")).toBe(false);
    expect(screen.getByText("No customer with this Email in the store")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Start migration" }));
    expect(await screen.findByText("Migration completed", {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(polled).toBeGreaterThan(0));
  });

  it("sets the tier rule (J-14): each tier name of the file gets a Laurel tier, checked before the dry run", async () => {
    const fake = createFakeApi();
    const base = fake.fetch;
    const uploads: URLSearchParams[] = [];
    const json = (body: unknown) =>
      new Response(JSON.stringify({ success: true, data: body }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    const tier = (id: string, name: string, milestone: number) => ({ id, name, milestone, exclusive: false });
    fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = (init.method ?? "GET").toUpperCase();
      if (url.pathname === "/apiSa/tiers" && method === "GET") {
        return json({
          settings: { basis: "amount_spent" },
          tiers: [
            tier("tier_b", "Bronze", 0),
            tier("tier_g", "Gold", 50_000),
            tier("tier_s", "Silver", 20_000),
          ],
        });
      }
      if (url.pathname === "/apiSa/customers/imports" && method === "POST") {
        uploads.push(url.searchParams);
        return json({
          import: imp({ tierBasis: "amount_spent", errorRows: 0, validRows: 2, totalRows: 2 }),
          errors: [],
          dryRun: {
            change: 2,
            keep: 0,
            refused: 0,
            birthdays: 0,
            tierChange: 2,
            tierKeep: 0,
            ordersCreate: 0,
            ordersChange: 0,
            ordersKeep: 0,
            currency: "USD",
            preview: [],
          },
        });
      }
      return base(input, init);
    }) as unknown as typeof fake.fetch;

    const { user } = await renderApp("/customers/migration", { fake });
    expect(await screen.findByText("Upload your export", {}, { timeout: 5_000 })).toBeTruthy();
    const csv = "email,points_balance,vip_tier_name\nada@example.com,500,Gold Member\nbo@x.test,7,Insider\n";
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([csv], "smile.csv", { type: "text/csv" }));
    await user.click(await screen.findByRole("button", { name: "Next" }));

    expect(((await screen.findByLabelText("Tier column")) as HTMLSelectElement).value).toBe("vip_tier_name");
    const gold = await screen.findByLabelText("Laurel tier for Gold Member");
    const insider = screen.getByLabelText("Laurel tier for Insider");
    const dryRunButton = () => screen.getByRole("button", { name: "Run dry run" }) as HTMLButtonElement;
    const disabled = () => dryRunButton().disabled || dryRunButton().getAttribute("aria-disabled") === "true";
    expect(screen.getAllByText("Choose a Laurel tier for each tier name").length).toBeGreaterThan(0);
    expect(disabled()).toBe(true);

    // Both names on the base tier: J-14 wants exactly one base tier at 0.
    await user.selectOptions(gold, "tier_b");
    await user.selectOptions(insider, "tier_b");
    expect(
      screen.getAllByText("Exactly one base tier with entry requirement 0 is required").length,
    ).toBeGreaterThan(0);
    expect(disabled()).toBe(true);

    await user.selectOptions(gold, "tier_g");
    await waitFor(() => expect(disabled()).toBe(false));
    await user.click(dryRunButton());
    expect(await screen.findByText("2 members' tier progress would change, 0 stay the same.")).toBeTruthy();
    expect(uploads[0]?.get("tierColumn")).toBe("vip_tier_name");
    expect(JSON.parse(uploads[0]?.get("tierRule") ?? "null")).toEqual([
      { name: "Gold Member", requirement: 50_000 },
      { name: "Insider", requirement: 0 },
    ]);
  });

  it("brings the order history (C-30): orders and amount spent guessed, sent, and shown in the dry run", async () => {
    const fake = createFakeApi();
    const base = fake.fetch;
    const uploads: URLSearchParams[] = [];
    const json = (body: unknown) =>
      new Response(JSON.stringify({ success: true, data: body }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = (init.method ?? "GET").toUpperCase();
      if (url.pathname === "/apiSa/customers/imports" && method === "POST") {
        uploads.push(url.searchParams);
        return json({
          import: imp({ source: "loyaltylion", fileName: "lion.csv" }),
          errors: [{ line: 3, field: "orders_count", message: "orders_count must be 0 or more" }],
          dryRun: {
            change: 1,
            keep: 0,
            refused: 1,
            birthdays: 0,
            tierChange: 0,
            tierKeep: 0,
            ordersCreate: 1,
            ordersChange: 0,
            ordersKeep: 0,
            currency: "EUR",
            preview: [
              {
                line: 2,
                email: "ada@example.com",
                currentPoints: 0,
                newPoints: 100,
                orders: 12,
                spentMinor: 102_050,
                ordersOutcome: "create",
              },
            ],
          },
        });
      }
      return base(input, init);
    }) as unknown as typeof fake.fetch;

    const { user } = await renderApp("/customers/migration", { fake });
    expect(await screen.findByText("Upload your export", {}, { timeout: 5_000 })).toBeTruthy();
    const csv =
      "merchant_id,email,points_approved,orders_count,total_spent\n1,ada@example.com,100,12,1020.50\n2,bo@x.test,7,-1,3\n";
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([csv], "lion.csv", { type: "text/csv" }));
    expect(await screen.findByText("Map the columns of lion.csv")).toBeTruthy();
    expect((screen.getByLabelText("Number of orders") as HTMLSelectElement).value).toBe("orders_count");
    expect((screen.getByLabelText("Amount spent") as HTMLSelectElement).value).toBe("total_spent");

    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Run dry run" }));
    expect(
      await screen.findByText(
        "Order history: 1 customers would get their orders from your previous app, 0 would have them updated, 0 stay the same. Amount-spent and order-count VIP tiers count them.",
      ),
    ).toBeTruthy();
    expect(uploads[0]?.get("ordersColumn")).toBe("orders_count");
    expect(uploads[0]?.get("spentColumn")).toBe("total_spent");
    expect(screen.getByText("Orders migrated")).toBeTruthy();
    expect(screen.getByText("€1,020.50")).toBeTruthy();
    expect(screen.getByText("Order history")).toBeTruthy();
    const row = screen.getByText("ada@example.com").closest("tr") as HTMLElement;
    expect(within(row).getByText("New")).toBeTruthy();
    expect(screen.getByText("orders_count must be 0 or more")).toBeTruthy();
  });
});
