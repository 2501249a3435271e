import type { ReferralBrandingResponse, ReferralSettingsResponse } from "@laurel/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

const settings: ReferralSettingsResponse = {
  settings: {
    enabled: true,
    title: "Give 10%, get 500 points",
    description: "Share your link.",
    friendReward: { kind: "percentage", percentage: 10 },
    referrerReward: { kind: "points", points: 500 },
    redirectUrl: "/",
    linkPrefix: "REF",
    eligibility: "members_only",
    orderTags: [],
    customerTags: [],
    perCustomerLimit: { limit: null, perTier: {} },
    antiCheat: {
      similarEmail: true,
      sameBrowser: true,
      sameIp: false,
      previousPurchases: true,
      paidOrdersOnly: true,
    },
    cancelWindowDays: 30,
  },
  usage: { cap: 30, used: 3, warningFrom: 27, status: "ok", unlockUnlimited: false },
};

function setup(usage: Partial<ReferralSettingsResponse["usage"]> = {}) {
  const fake = createFakeApi();
  const data = { ...settings, usage: { ...settings.usage, ...usage } };
  fake.answer("GET /apiSa/referral/settings", 200, { success: true, data });
  fake.answer("PUT /apiSa/referral/settings", 200, { success: true, data, message: "Updated successfully" });
  fake.answer("GET /apiSa/referrals", 200, {
    success: true,
    data: {
      referrals: [
        {
          id: "ref_1",
          code: "REFAB12CD",
          referrer: { id: "c1", name: "Ava Park", email: "ava@laurel.test" },
          friend: { id: null, email: "sneaky@example.com" },
          status: "canceled",
          reason: "same_browser",
          orderId: null,
          createdAt: "2026-11-20T10:00:00.000Z",
          completedAt: null,
          canceledAt: "2026-11-20T10:00:00.000Z",
        },
      ],
      total: 1,
      counts: { pending: 1, completed: 1, canceled: 1 },
    },
  });
  return fake;
}

describe("/programs/referral (E-01, E-04, E-06)", () => {
  it("shows the settings and the plan's cap, refuses an empty title, then saves", async () => {
    const fake = setup();
    await renderApp("/programs/referral", { fake });
    const title = await screen.findByLabelText("Title", {}, { timeout: 5_000 });
    expect(screen.getByText("3 of 30 completed referrals used this billing cycle.")).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(title);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/referral/settings")).toHaveLength(0);
    await user.type(title, "Refer and earn");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/referral/settings")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/referral/settings")[0]?.body).toMatchObject({
      title: "Refer and earn",
    });
  }, 20_000);

  it("edits the friend's reward on its own page and flags a zero amount", async () => {
    const fake = setup();
    await renderApp("/programs/referral/friendReward", { fake });
    const value = await screen.findByLabelText("Amount", {}, { timeout: 5_000 });
    const user = userEvent.setup();
    await user.clear(value);
    await user.type(value, "0");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Reward amount must be greater than 0")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/referral/settings")).toHaveLength(0);
  });

  it("lists referrals with their status, the refusal reason and the counts per tab (E-12)", async () => {
    const fake = setup();
    await renderApp("/programs/referral", { fake });
    const table = await screen.findByRole("table", {}, { timeout: 5_000 });
    expect(within(table).getByText("sneaky@example.com")).toBeTruthy();
    expect(within(table).getByText("Same browser")).toBeTruthy();
    expect(within(table).getByText("Canceled")).toBeTruthy();
    expect(screen.getAllByRole("tab", { name: "All (3)" }).length).toBeGreaterThan(0);
  });

  it("warns when the cap is reached", async () => {
    const fake = setup({ used: 30, status: "reached" });
    await renderApp("/programs/referral", { fake });
    expect(
      await screen.findByText("You have reached the referral limit of your plan", {}, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it("shows an error with retry when loading fails", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/referral/settings", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    await renderApp("/programs/referral", { fake });
    expect(
      await screen.findByText("The referral settings could not be loaded", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("/customers/whitelist/referral (E-10)", () => {
  it("lists whitelisted customers and adds pasted e-mails", async () => {
    const fake = createFakeApi();
    const customers = [{ id: "c1", name: "Ava Park", email: "ava@laurel.test" }];
    fake.answer("GET /apiSa/referral/whitelist", 200, { success: true, data: { customers, notFound: [] } });
    fake.answer("POST /apiSa/referral/whitelist", 200, {
      success: true,
      data: { customers, notFound: ["nobody@example.com"] },
      message: "Updated successfully",
    });
    await renderApp("/customers/whitelist/referral", { fake });
    const table = await screen.findByRole("table", {}, { timeout: 5_000 });
    expect(within(table).getByText("Ava Park")).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Add customers"), "ben@laurel.test\nnobody@example.com");
    await user.click(screen.getByRole("button", { name: "Add to whitelist (2)" }));
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/referral/whitelist")).toHaveLength(1));
    expect(fake.callsTo("POST", "/apiSa/referral/whitelist")[0]?.body).toEqual({
      customers: ["ben@laurel.test", "nobody@example.com"],
    });
    expect(await screen.findByText("nobody@example.com")).toBeTruthy();
  });
});

describe("export by e-mail (E-12)", () => {
  it("asks for the export and says where it goes; nothing to export says so", async () => {
    const fake = setup();
    fake.answer("POST /apiSa/referrals/export", 200, {
      success: true,
      data: { exportId: "rex_1", recipient: "owner@laurel.test", count: 3 },
    });
    await renderApp("/programs/referral", { fake });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Export by e-mail" }, { timeout: 5_000 }));
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/referrals/export")).toHaveLength(1));
    expect(await screen.findByText("The export will be e-mailed to owner@laurel.test")).toBeTruthy();
    fake.answer("POST /apiSa/referrals/export", 404, {
      success: false,
      error: "No referrals found to export",
      code: "referral_export_empty",
    });
    await user.click(screen.getByRole("button", { name: "Export by e-mail" }));
    expect(await screen.findByText("No referrals found to export")).toBeTruthy();
  });
});

const branding: ReferralBrandingResponse = {
  branding: {
    invite: {
      heading: "Give {{reward}}, get rewarded",
      body: "Friends get {{reward}} at {{shop}}.",
      shareChannels: ["copy", "email"],
      showStats: true,
    },
    popup: {
      enabled: true,
      layout: "modal",
      title: "{{referrer}} sent you {{reward}}",
      description: "Create an account at {{shop}}.",
      buttonText: "Claim my reward",
      claimedText: "Your reward is ready: {{code}}",
      imageUrl: null,
      delaySeconds: 1,
      colors: { background: "#ffffff", text: "#1a1a1a", button: "#1f6feb", buttonText: "#ffffff" },
    },
  },
  sample: { reward: "10% off", referrer: "Ava", shop: "Laurel Demo Store" },
  programEnabled: true,
};

describe("referral pages (E-13)", () => {
  it("designs the popup with a live preview, refuses a bad colour, then saves; the classic tab switches the layout", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/referral/branding", 200, { success: true, data: branding });
    fake.answer("PUT /apiSa/referral/branding", 200, { success: true, data: branding });
    const { router } = await renderApp("/storefront/branding/referral", { fake });
    const title = await screen.findByLabelText("Title", {}, { timeout: 5_000 });
    const preview = screen.getByTestId("referral-preview-popup");
    expect(preview.dataset.layout).toBe("modal");
    expect(within(preview).getByText("Ava sent you 10% off")).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, "A gift from {{{{referrer}}");
    expect(within(screen.getByTestId("referral-preview-popup")).getByText("A gift from Ava")).toBeTruthy();
    const button = screen.getByLabelText("Button");
    await user.clear(button);
    await user.type(button, "blue");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Colou?rs must be hex/)).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/referral/branding")).toHaveLength(0);
    await user.clear(button);
    await user.type(button, "#c2410c");
    // The tab's own URL (jsdom has no width, so Polaris folds the tabs into a menu).
    await act(async () => {
      await router.navigate("/storefront/branding/referral-v1", { state: { keepSaveBar: true } });
    });
    await waitFor(() => expect(screen.getByTestId("referral-preview-popup").dataset.layout).toBe("corner"));
    await user.click(screen.getByRole("button", { name: "Use this layout" }));
    expect(screen.getByText("Shown on your store")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/referral/branding")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/referral/branding")[0]?.body).toMatchObject({
      popup: { title: "A gift from {{referrer}}", layout: "corner", colors: { button: "#c2410c" } },
    });
  }, 20_000);

  it("designs the invite card: share buttons in the storefront's order", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/referral/branding", 200, { success: true, data: branding });
    fake.answer("PUT /apiSa/referral/branding", 200, { success: true, data: branding });
    await renderApp("/storefront/branding/customer-invite", { fake });
    const preview = await screen.findByTestId("referral-preview-invite", {}, { timeout: 5_000 });
    expect(within(preview).getByText("Give 10% off, get rewarded")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("WhatsApp"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/referral/branding")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/referral/branding")[0]?.body).toMatchObject({
      invite: { shareChannels: ["copy", "email", "whatsapp"] },
    });
  }, 20_000);

  it("shows an error with retry when loading fails", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/referral/branding", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    await renderApp("/storefront/branding/referral-v1", { fake });
    expect(
      await screen.findByText("The referral pages could not be loaded", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
