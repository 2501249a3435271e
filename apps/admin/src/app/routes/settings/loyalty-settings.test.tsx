import type { LoyaltySettings } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../../../../scripts/vitest.setup";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

const saved: LoyaltySettings = {
  orderEarningTrigger: "paid",
  pendingPoints: { enabled: true, value: 14, unit: "day" },
  pointExpiry: { expiry: "permanent", customDuration: null },
  sandbox: { enabled: false, testEmails: [] },
  exchangeRate: 100,
  couponRevoke: {
    enabled: false,
    maxRevokes: null,
    timeframe: { unit: "month", duration: 1 },
    timeLimit: null,
  },
  general: {
    timeZone: null,
    dateFormat: "month_day",
    loginRedirectUrl: null,
    signUpRedirectUrl: null,
    cartDrawerSelector: null,
    orderTags: [],
    customerTags: ["VIP"],
  },
  platformTimeZone: "America/New_York",
  colors: { primary: "#1f2937", secondary: "#ffffff", accent: "#1f6feb", loyaltyPageButton: "#1f4b3f" },
  colorsAccess: { allowed: true, primaryAllowed: true, requiredPlan: "Essential" },
  pointExpiryAccess: { allowed: true, requiredPlan: "Essential" },
};

function setup() {
  const fake = createFakeApi();
  fake.answer("GET /apiSa/lp/settings", 200, { success: true, data: saved });
  fake.answer("GET /apiSa/mail/delivery", 500, { success: false, error: "x", code: "internal" });
  fake.answer("GET /apiSa/translation", 500, { success: false, error: "x", code: "internal" });
  fake.answer("GET /apiSa/lp/settings/tag-past-orders", 200, { success: true, data: null });
  return fake;
}

describe("/settings → Order, Pre-launch, Exchange rate, Coupon revoke (M-01 … M-06, M-23)", () => {
  it("saves only the changed section; the server's refusal shows at its field in the spec's words", async () => {
    const fake = setup();
    fake.answer("PUT /apiSa/lp/settings", 400, {
      success: false,
      error: "Exchange rate must be a number above 0",
      code: "invalid_input",
      errors: [{ field: "exchangeRate", message: "Exchange rate must be a number above 0" }],
    });
    await renderApp("/settings", { fake });
    const rate = await screen.findByRole(
      "spinbutton",
      { name: "Points per currency unit" },
      { timeout: 15_000 },
    );
    const user = userEvent.setup();
    await user.clear(rate);
    await user.type(rate, "0");
    // The save bar logs the refused save.
    expectConsoleError(1);
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("Exchange rate must be a number above 0")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/lp/settings")[0]?.body).toEqual({ exchangeRate: 0 });

    fake.answer("PUT /apiSa/lp/settings", 200, {
      success: true,
      data: { settings: { ...saved, exchangeRate: 50 }, pendingPointsConversion: null },
      message: "Save successfully",
    });
    await user.clear(rate);
    await user.type(rate, "50");
    await user.click(screen.getByRole("checkbox", { name: "Sandbox mode" }));
    await user.type(
      screen.getByRole("textbox", { name: "Test customers' e-mails" }),
      "qa@shop.example, lead@shop.example",
    );
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/lp/settings")).toHaveLength(2));
    expect(fake.callsTo("PUT", "/apiSa/lp/settings")[1]?.body).toEqual({
      exchangeRate: 50,
      sandbox: { enabled: true, testEmails: ["qa@shop.example", "lead@shop.example"] },
    });
  }, 30_000);

  it("turning pending points off asks first, then sends the confirmation", async () => {
    const fake = setup();
    fake.answer("PUT /apiSa/lp/settings", 200, {
      success: true,
      data: {
        settings: { ...saved, pendingPoints: { ...saved.pendingPoints, enabled: false } },
        pendingPointsConversion: { convertedOrders: 3, continuing: false },
      },
      message: "Save successfully",
    });
    await renderApp("/settings", { fake });
    const pending = await screen.findByRole(
      "checkbox",
      { name: "Hold earned points as pending first" },
      { timeout: 15_000 },
    );
    const user = userEvent.setup();
    await user.click(pending);
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    expect(fake.callsTo("PUT", "/apiSa/lp/settings")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Turn off and convert" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/lp/settings")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/lp/settings")[0]?.body).toEqual({
      pendingPoints: { enabled: false, value: 14, unit: "day" },
      confirmPendingPointsConversion: true,
    });
  }, 30_000);

  it("General and Colours (M-02, M-04): send their sections whole; a refused colour shows at its field", async () => {
    const fake = setup();
    fake.answer("PUT /apiSa/lp/settings", 400, {
      success: false,
      error: "Accent colour must be a hex colour, such as #1f6feb.",
      code: "validation_failed",
      errors: [{ field: "colors.accent", message: "Accent colour must be a hex colour, such as #1f6feb." }],
    });
    await renderApp("/settings", { fake });
    const zone = await screen.findByRole("combobox", { name: "Store time zone" }, { timeout: 15_000 });
    expect(within(zone).getByRole("option", { name: "Store default (America/New_York)" })).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(zone, "Europe/Paris");
    await user.selectOptions(screen.getByRole("combobox", { name: "Date format" }), "DD/MM/YYYY");
    await user.type(screen.getByRole("textbox", { name: "Login redirect URL" }), "/pages/sign-in");
    await user.type(screen.getByRole("textbox", { name: "Cart drawer selector" }), "#cart-drawer");
    // Decision 0176: commas separate tags; blanks and repeats are dropped.
    await user.type(screen.getByRole("textbox", { name: "Order tags" }), "Loyalty, , Points earned,Loyalty");
    expect((screen.getByRole("textbox", { name: "Customer tags" }) as HTMLInputElement).value).toBe("VIP");
    const accent = screen.getByRole("textbox", { name: "Accent color" });
    await user.clear(accent);
    await user.type(accent, "blue");
    expectConsoleError(1);
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("Accent colour must be a hex colour, such as #1f6feb.")).toBeTruthy();
    expect(await screen.findByText("Failed to synchronize colors")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/lp/settings")[0]?.body).toEqual({
      general: {
        timeZone: "Europe/Paris",
        dateFormat: "DD/MM/YYYY",
        loginRedirectUrl: "/pages/sign-in",
        signUpRedirectUrl: null,
        cartDrawerSelector: "#cart-drawer",
        orderTags: ["Loyalty", "Points earned"],
        customerTags: ["VIP"],
      },
      colors: { ...saved.colors, accent: "blue" },
    });
  }, 30_000);

  it("tag past orders (M-02): needs a saved tag, starts the job, shows its progress and when it finished", async () => {
    const fake = setup();
    const run = {
      id: "tpo_1",
      status: "running",
      orderTags: [],
      customerTags: ["VIP"],
      totalRows: 1200,
      doneRows: 250,
      error: null,
      createdAt: "2026-11-24T10:00:00.000Z",
      finishedAt: null,
    };
    fake.answer("POST /apiSa/lp/settings/tag-past-orders", 200, { success: true, data: run });
    await renderApp("/settings", { fake });
    const button = await screen.findByRole("button", { name: "Tag past orders" }, { timeout: 15_000 });
    expect(
      screen.getByText(/Adds the saved tags to orders that earned points before you set them/),
    ).toBeTruthy();
    const user = userEvent.setup();
    fake.answer("GET /apiSa/lp/settings/tag-past-orders", 200, {
      success: true,
      data: { ...run, status: "done", doneRows: 1200, finishedAt: "2026-11-24T10:05:00.000Z" },
    });
    await user.click(button);
    expect(fake.callsTo("POST", "/apiSa/lp/settings/tag-past-orders")[0]?.body).toEqual({});
    expect(await screen.findByText("Tagging past orders: 250 of 1,200")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tag past orders" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    // Polled until it ends.
    expect(
      await screen.findByText("Past orders tagged on Nov 24, 2026: 1,200 orders.", {}, { timeout: 5_000 }),
    ).toBeTruthy();
  }, 30_000);

  it("tag past orders waits for a saved tag, and says when the job stopped", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/lp/settings", 200, {
      success: true,
      data: { ...saved, general: { ...saved.general, customerTags: [] } },
    });
    fake.answer("GET /apiSa/lp/settings/tag-past-orders", 200, {
      success: true,
      data: {
        id: "tpo_0",
        status: "failed",
        orderTags: ["Loyalty"],
        customerTags: [],
        totalRows: 10,
        doneRows: 5,
        error: "Shopify refused the tags.",
        createdAt: "2026-11-20T10:00:00.000Z",
        finishedAt: "2026-11-20T10:01:00.000Z",
      },
    });
    await renderApp("/settings", { fake });
    const button = await screen.findByRole("button", { name: "Tag past orders" }, { timeout: 15_000 });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByText("Save an order or customer tag first.")).toBeTruthy();
    expect(screen.getByText(/Tagging past orders stopped/)).toBeTruthy();
    expect(screen.getByText("Shopify refused the tags.")).toBeTruthy();
  }, 30_000);

  it("R-04, R-11: below Essential the colours wait for the plan; the free-primary flag frees the primary one", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/lp/settings", 200, {
      success: true,
      data: { ...saved, colorsAccess: { allowed: false, primaryAllowed: true, requiredPlan: "Essential" } },
    });
    await renderApp("/settings", { fake });
    expect(await screen.findByText("Available in Essential plan", {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Primary color" }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole("textbox", { name: "Accent color" }) as HTMLInputElement).disabled).toBe(true);
    // Weekly report recipients live in their own card on the same page (K-12), linked from General.
    expect(screen.getByRole("button", { name: "Go to the weekly report" })).toBeTruthy();
  }, 30_000);

  it("a failed load says so and offers a retry", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/lp/settings", 500, { success: false, error: "boom", code: "internal" });
    await renderApp("/settings", { fake });
    expect(await screen.findByText("The settings couldn't be loaded.", {}, { timeout: 15_000 })).toBeTruthy();
  }, 30_000);
});

describe("/settings → Point expiration (H-07, H-08, R-04)", () => {
  it("a preset period and a custom one are saved as the API's codes; a refusal shows at the field", async () => {
    const fake = setup();
    fake.answer("PUT /apiSa/lp/settings", 200, {
      success: true,
      data: {
        settings: { ...saved, pointExpiry: { expiry: "6M", customDuration: null } },
        pendingPointsConversion: null,
      },
      message: "Save successfully",
    });
    await renderApp("/settings", { fake });
    const expiry = await screen.findByRole("combobox", { name: "Points expire" }, { timeout: 15_000 });
    expect((expiry as HTMLSelectElement).value).toBe("permanent");
    expect(screen.getByRole("link", { name: "Set the reminders" }).getAttribute("href")).toBe(
      "/settings/notifications/points_expiring",
    );
    const user = userEvent.setup();
    await user.selectOptions(expiry, "6M");
    // The server holds what it saved: the settings read after the save answer it.
    fake.answer("GET /apiSa/lp/settings", 200, {
      success: true,
      data: { ...saved, pointExpiry: { expiry: "6M", customDuration: null } },
    });
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/lp/settings")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/lp/settings")[0]?.body).toEqual({
      pointExpiry: { expiry: "6M", customDuration: null },
    });
    // Saved: the save bar goes.
    await waitFor(() => expect(screen.queryAllByRole("button", { name: "Save" })).toHaveLength(0));

    fake.answer("PUT /apiSa/lp/settings", 400, {
      success: false,
      error: "Custom expiry must be a number followed by D, W, M or Y, such as 45D.",
      code: "validation_failed",
      errors: [
        {
          field: "pointExpiry.customDuration",
          message: "Custom expiry must be a number followed by D, W, M or Y, such as 45D.",
        },
      ],
    });
    await user.selectOptions(screen.getByRole("combobox", { name: "Points expire" }), "custom");
    const period = screen.getByRole("spinbutton", { name: "Expiry period" });
    await user.clear(period);
    await user.type(period, "10");
    await user.selectOptions(screen.getByRole("combobox", { name: "Period unit" }), "W");
    expectConsoleError(1);
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(
      await screen.findByText("Custom expiry must be a number followed by D, W, M or Y, such as 45D."),
    ).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/lp/settings")[1]?.body).toEqual({
      pointExpiry: { expiry: "custom", customDuration: "10W" },
    });
  }, 30_000);

  it("below Essential only 'Never' can be chosen, with the plan's badge; a stored code outside the list shows as custom", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/lp/settings", 200, {
      success: true,
      data: {
        ...saved,
        pointExpiry: { expiry: "14D", customDuration: null },
        pointExpiryAccess: { allowed: false, requiredPlan: "Essential" },
      },
    });
    await renderApp("/settings", { fake });
    const expiry = await screen.findByRole("combobox", { name: "Points expire" }, { timeout: 15_000 });
    expect((expiry as HTMLSelectElement).value).toBe("custom");
    expect((screen.getByRole("spinbutton", { name: "Expiry period" }) as HTMLInputElement).value).toBe("14");
    expect(screen.getAllByText("Available in Essential plan").length).toBeGreaterThan(0);
    const option = (name: string) => within(expiry).getByRole("option", { name }) as HTMLOptionElement;
    expect(option("Never").disabled).toBe(false);
    expect(option("After 3 months without activity").disabled).toBe(true);
  }, 30_000);
});
