import type { CustomerImport } from "@laurel/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

vi.setConfig({ testTimeout: 15_000 });

const imp = (over: Partial<CustomerImport>): CustomerImport => ({
  id: "imp_1",
  kind: "migration",
  mode: "reset",
  source: "smile",
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
            preview: [{ line: 2, email: "ada@example.com", currentPoints: 40, newPoints: 500 }],
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
    expect(screen.getByText("No customer with this Email in the store")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Start migration" }));
    expect(await screen.findByText("Migration completed", {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(polled).toBeGreaterThan(0));
  });
});
