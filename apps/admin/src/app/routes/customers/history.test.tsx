import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

vi.setConfig({ testTimeout: 15_000 });

describe("/customers/history: tier import (J-11)", () => {
  it("offers the VIP tiers kind with its column help, and shows the replace-column refusal", async () => {
    const fake = createFakeApi();
    const base = fake.fetch;
    const uploads: URLSearchParams[] = [];
    const message =
      "Your VIP tiers are calculated by amount spent: replace the column 'Points' with 'Amount spent'.";
    fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = (init.method ?? "GET").toUpperCase();
      if (url.pathname === "/apiSa/customers/imports" && method === "POST") {
        uploads.push(url.searchParams);
        return new Response(
          JSON.stringify({
            success: false,
            code: "tier_import_replace_column",
            error: message,
            errors: [{ field: "file", message }],
          }),
          { status: 400, headers: { "Content-Type": "application/json" } },
        );
      }
      return base(input, init);
    }) as unknown as typeof fake.fetch;

    const { user } = await renderApp("/customers/history", { fake });
    const kind = (await screen.findByLabelText("Import", {}, { timeout: 5_000 })) as HTMLSelectElement;
    await user.selectOptions(kind, "tier");
    expect(screen.getByText(/one value column matching how your VIP tiers are calculated/)).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(["Email,Points\na@x.test,5\n"], "tiers.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Check file" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(uploads[0]?.get("kind")).toBe("tier");
    expect(uploads[0]?.has("mode")).toBe(false);
  });
});
