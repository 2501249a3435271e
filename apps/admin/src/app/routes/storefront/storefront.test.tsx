import type { FaqsResponse, PopupResponse } from "@laurel/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

/** The on-site pages of issue 12 besides the designer: FAQs, popups, checkout discount block. */
const popup: PopupResponse = {
  kind: "reward_reminder",
  popup: {
    enabled: false,
    title: "You have points to spend",
    description: "You have {{points}}.",
    buttonText: "Redeem now",
    buttonLink: null,
    iconUrl: null,
    delaySeconds: 3,
    frequency: 1,
    autoCloseSeconds: 0,
    hiddenPaths: ["/checkout"],
  },
};
const faqs: FaqsResponse = {
  faqs: [{ question: "How do I join?", answer: "Create an account." }],
  isDefault: true,
};

describe("/storefront/branding/reminder (L-13, N-08)", () => {
  it("previews the popup with a sample balance, refuses a frequency over 10, then saves", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/popups/reward_reminder", 200, { success: true, data: popup });
    fake.answer("PUT /apiSa/storefront/popups/reward_reminder", 200, {
      success: true,
      data: popup,
      message: "Saved successfully",
    });
    await renderApp("/storefront/branding/reminder", { fake });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Reward reminder" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect((await screen.findByTestId("popup-preview", {}, { timeout: 5_000 })).textContent).toContain(
      "You have 1,250 points.",
    );
    const user = userEvent.setup();
    const frequency = screen.getByLabelText("Display frequency (times a day)");
    await user.clear(frequency);
    await user.type(frequency, "11");
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a whole number from 1 to 10")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/storefront/popups/reward_reminder")).toHaveLength(0);
    await user.clear(frequency);
    await user.type(frequency, "3");
    await user.click(screen.getByLabelText("Show this popup on your store"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(fake.callsTo("PUT", "/apiSa/storefront/popups/reward_reminder")).toHaveLength(1),
    );
    expect(fake.callsTo("PUT", "/apiSa/storefront/popups/reward_reminder")[0]?.body).toMatchObject({
      enabled: true,
      frequency: 3,
      hiddenPaths: ["/checkout"],
    });
  }, 20_000);
});

describe("/storefront/faqs (N-10)", () => {
  it("says the defaults show, adds a question and saves the list in order", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/faqs", 200, { success: true, data: faqs });
    fake.answer("PUT /apiSa/storefront/faqs", 200, {
      success: true,
      data: { ...faqs, isDefault: false },
      message: "Saved successfully",
    });
    await renderApp("/storefront/faqs", { fake });
    expect(
      await screen.findByText("Your loyalty page shows the default FAQs", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add question" }));
    const questions = screen.getAllByRole("textbox", { name: "Question" });
    await user.type(questions[1] as HTMLElement, "Do points expire?");
    await user.click(screen.getByRole("button", { name: "Save" }));
    // An empty answer is refused before anything is sent.
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/storefront/faqs")).toHaveLength(0);
    await user.type(screen.getAllByRole("textbox", { name: "Answer" })[1] as HTMLElement, "After a year.");
    await user.click(screen.getByRole("button", { name: "Move question 2 up" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/storefront/faqs")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/storefront/faqs")[0]?.body).toEqual({
      faqs: [{ question: "Do points expire?", answer: "After a year." }, ...faqs.faqs],
    });
  }, 20_000);

  it("shows an error with retry when loading fails", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/faqs", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    await renderApp("/storefront/faqs", { fake });
    expect(await screen.findByRole("button", { name: "Try again" }, { timeout: 5_000 })).toBeTruthy();
  });
});

describe("/storefront/branding/checkout-discount (N-12, A-20)", () => {
  it("explains the Plus gate and keeps the switch off", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/checkout-discount", 200, {
      success: true,
      data: { allowed: false, block: { enabled: false, title: "Your rewards", description: "" } },
    });
    await renderApp("/storefront/branding/checkout-discount", { fake });
    expect(await screen.findByText("This block needs Shopify Plus", {}, { timeout: 5_000 })).toBeTruthy();
    expect((screen.getByLabelText("Show the block at checkout") as HTMLInputElement).disabled).toBe(true);
  });
});
