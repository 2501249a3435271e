import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { shopsResponse } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";

describe("Dashboard (/ and /home)", () => {
  it("shows the shop's real facts", async () => {
    await renderApp("/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Maple & Moss" })).toBeTruthy();
    expect(screen.getByTestId("fact-plan").textContent).toBe("Essential");
    expect(screen.getByTestId("fact-monthlyOrders").textContent).toBe("42");
    expect(screen.getByTestId("fact-last30DayOrders").textContent).toBe("87");
    expect(screen.getByTestId("fact-customers").textContent).toBe("1,234");
    expect(screen.getByText("Theme supports app blocks: Yes", { exact: false })).toBeTruthy();
  });

  it("formats numbers for the admin language", async () => {
    const fake = createFakeApi({
      data: shopsResponse({
        shop: {
          countCustomer: 1234567,
          settings: { primaryLanguageInApp: "de", isShowSettingLanguage: true },
        },
      }),
    });
    await renderApp("/", { fake });
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByTestId("fact-customers").textContent).toBe("1.234.567");
    expect(screen.getByText("Tarif")).toBeTruthy();
  });

  it("offers the quick-setup card until dismissed (PUT /shop isDismissQuickSetup)", async () => {
    const fake = createFakeApi({ data: shopsResponse({ shop: { isDismissQuickSetup: false } }) });
    const { user } = await renderApp("/", { fake });
    const card = (await screen.findByRole("heading", { name: "Quick setup" })).closest(
      ".Polaris-ShadowBevel",
    ) as HTMLElement;
    expect(within(card).getByRole("link", { name: "Open the setup guide" }).getAttribute("href")).toBe(
      "/set-up",
    );
    await user.click(within(card).getByRole("button", { name: "Dismiss" }));
    // Gone at once (optimistic), and still gone once the server has answered.
    expect(screen.queryByRole("heading", { name: "Quick setup" })).toBeNull();
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Quick setup" })).toBeNull();
    expect(fake.callsTo("PUT", "/apiSa/shop").map((c) => c.body)).toEqual([{ isDismissQuickSetup: true }]);
  });

  it("puts the card back with the error when dismissing fails", async () => {
    const fake = createFakeApi({ data: shopsResponse({ shop: { isDismissQuickSetup: false } }) });
    fake.answer("PUT /apiSa/shop", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    const { user } = await renderApp("/", { fake });
    await screen.findByRole("heading", { name: "Quick setup" });
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText("Something went wrong on our side. Please try again.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Quick setup" })).toBeTruthy();
  });
});
