import {
  type LoyaltyPageResponse,
  loyaltyPageSections,
  type PointCalculatorResponse,
} from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../../../../scripts/vitest.setup";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

/** The loyalty page's settings (N-10) and the point calculator (N-20, M-22), decision 0168. */
const loyaltyPage: LoyaltyPageResponse = {
  page: {
    slug: "joy-loyalty-page",
    hero: { title: "Rewards", subtitle: "Earn on every order.", buttonText: null },
    sections: loyaltyPageSections.map((section) => ({ section, visible: true })),
  },
  url: "/apps/laurel/pages/joy-loyalty-page",
};

const program = {
  earnPoint: 10,
  rateItem: 1,
  rounding: "roundingDown" as const,
  keepOriginalStep: false,
};
const calculator: PointCalculatorResponse = {
  calculator: {
    enabled: true,
    title: "Point calculator",
    description: "See what an order earns.",
    defaultAmount: 25_000,
    programIds: null,
  },
  programs: [
    {
      ...program,
      programId: "p1",
      title: "Place an order",
      active: true,
      earnBy: "price",
      rateMoney: 10_000,
    },
    {
      ...program,
      programId: "p2",
      title: "Big orders bonus",
      active: true,
      earnBy: "fixed_order",
      earnPoint: 5,
      rateMoney: 5_000,
    },
  ],
  currency: "USD",
  pointLabel: { singular: "point", plural: "points" },
};

describe("/storefront/loyalty-page (N-10)", () => {
  it("shows where the page is, refuses a bad URL before saving, and saves the new order and hero", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/loyalty-page", 200, { success: true, data: loyaltyPage });
    fake.answer("PUT /apiSa/storefront/loyalty-page", 200, {
      success: true,
      message: "Saved successfully",
      data: { ...loyaltyPage, url: "/apps/laurel/pages/rewards-club" },
    });
    await renderApp("/storefront/loyalty-page", { fake });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Loyalty page" }, { timeout: 5_000 }),
    ).toBeTruthy();
    const [view] = await screen.findAllByRole("link", { name: /View on store/ }, { timeout: 5_000 });
    expect(view?.outerHTML).toContain('target="_blank"');
    expect(view?.getAttribute("href")).toBe("/apps/laurel/pages/joy-loyalty-page");
    expect(screen.getByTestId("loyalty-page-url").textContent).toBe("/apps/laurel/pages/joy-loyalty-page");

    const user = userEvent.setup();
    const slug = screen.getByLabelText("Page URL");
    await user.clear(slug);
    await user.type(slug, "Rewards Club");
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        "Use 3 to 80 lowercase letters, digits and hyphens, with no hyphen at the start or end.",
      ),
    ).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/storefront/loyalty-page")).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, "rewards-club");
    await user.type(screen.getByLabelText("Button text"), "Start earning");
    await user.click(screen.getByRole("button", { name: "Move Point calculator up" }));
    await user.click(screen.getByLabelText("Referral"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/storefront/loyalty-page")).toHaveLength(1));
    const body = fake.callsTo("PUT", "/apiSa/storefront/loyalty-page")[0]
      ?.body as LoyaltyPageResponse["page"];
    expect(body.slug).toBe("rewards-club");
    expect(body.hero.buttonText).toBe("Start earning");
    expect(body.sections.map((s) => s.section)).toEqual([
      "hero",
      "ways_to_earn",
      "ways_to_redeem",
      "vip_benefits",
      "referral",
      "calculator",
      "faqs",
    ]);
    expect(body.sections.find((s) => s.section === "referral")?.visible).toBe(false);
    // The address shown is the saved one.
    await waitFor(() =>
      expect(screen.getByTestId("loyalty-page-url").textContent).toBe("/apps/laurel/pages/rewards-club"),
    );
  }, 20_000);

  it("shows the server's message on the field it names", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/loyalty-page", 200, { success: true, data: loyaltyPage });
    fake.answer("PUT /apiSa/storefront/loyalty-page", 400, {
      success: false,
      code: "validation_failed",
      error: "Title must be 80 characters or fewer.",
      errors: [{ field: "hero.title", message: "Title must be 80 characters or fewer." }],
    });
    await renderApp("/storefront/loyalty-page", { fake });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title", {}, { timeout: 5_000 }), "!");
    // The save bar logs the refused save.
    expectConsoleError(1);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Title must be 80 characters or fewer.")).toBeTruthy();
  }, 20_000);

  it("offers a retry when the settings cannot be loaded", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/loyalty-page", 500, {
      success: false,
      code: "internal_error",
      error: "Something went wrong",
    });
    await renderApp("/storefront/loyalty-page", { fake });
    expect(await screen.findByRole("button", { name: "Try again" }, { timeout: 5_000 })).toBeTruthy();
  }, 20_000);
});

describe("/storefront/point-calculator (N-20, M-22)", () => {
  it("previews with the server's rule as the merchant changes the programs, then saves", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/point-calculator", 200, { success: true, data: calculator });
    fake.answer("PUT /apiSa/storefront/point-calculator", 200, {
      success: true,
      message: "Saved successfully",
      data: calculator,
    });
    await renderApp("/storefront/point-calculator", { fake });
    const preview = await screen.findByTestId("calculator-preview", {}, { timeout: 5_000 });
    // 10 per 100.00 on 250.00 → 25, plus 5 per complete 50.00 → 25: 50 points.
    expect(within(preview).getByTestId("calculator-preview-result").textContent).toBe(
      "An order of $250.00 earns 50 points.",
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Count every active order program"));
    await user.click(screen.getByLabelText("Big orders bonus"));
    expect(within(preview).getByTestId("calculator-preview-result").textContent).toBe(
      "An order of $250.00 earns 25 points.",
    );
    const sample = within(preview).getByLabelText("Try an amount (USD)");
    await user.clear(sample);
    await user.type(sample, "49.90");
    expect(within(preview).getByTestId("calculator-preview-result").textContent).toBe(
      "An order of $49.90 earns 4 points.",
    );

    const amount = screen.getByLabelText("Default amount (USD)");
    await user.clear(amount);
    await user.type(amount, "12.345");
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findAllByText("Enter an amount such as 49.90, up to 1,000,000.")).length).toBe(1);
    expect(fake.callsTo("PUT", "/apiSa/storefront/point-calculator")).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, "80");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/storefront/point-calculator")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/storefront/point-calculator")[0]?.body).toEqual({
      ...calculator.calculator,
      defaultAmount: 8_000,
      programIds: ["p1"],
    });
  }, 20_000);

  it("is the same page at /storefront/calculator, and offers a retry when it cannot load", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/point-calculator", 500, {
      success: false,
      code: "internal_error",
      error: "Something went wrong",
    });
    await renderApp("/storefront/calculator", { fake });
    expect(
      await screen.findByText("The point calculator settings couldn't be loaded.", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  }, 20_000);
});

describe("/storefront/branding/signup-block and /customer-login (N-02, N-21)", () => {
  it("previews the sign-up text with sample points, refuses an empty text, then saves", async () => {
    const fake = createFakeApi();
    const block = { enabled: true, text: "Join and get {{points}}" };
    fake.answer("GET /apiSa/storefront/signup-block", 200, { success: true, data: { block } });
    fake.answer("PUT /apiSa/storefront/signup-block", 200, {
      success: true,
      message: "Saved successfully",
      data: { block: { ...block, text: "Create an account for {{points}}" } },
    });
    await renderApp("/storefront/branding/signup-block", { fake });
    const preview = await screen.findByTestId("signup-block-preview", {}, { timeout: 5_000 });
    expect(preview.textContent).toBe("Join and get 100 points");
    const user = userEvent.setup();
    const text = screen.getByLabelText("Text");
    await user.clear(text);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/storefront/signup-block")).toHaveLength(0);
    await user.type(text, "Create an account for {{{{points}}");
    expect(preview.textContent).toBe("Create an account for 100 points");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/storefront/signup-block")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/storefront/signup-block")[0]?.body).toEqual({
      enabled: true,
      text: "Create an account for {{points}}",
    });
  }, 20_000);

  it("turns the customer login block off and says the store won't show it", async () => {
    const fake = createFakeApi();
    const block = {
      enabled: true,
      title: "Sign in to see your rewards",
      description: "Join for {{points}}.",
    };
    fake.answer("GET /apiSa/storefront/customer-login", 200, { success: true, data: { block } });
    fake.answer("PUT /apiSa/storefront/customer-login", 200, {
      success: true,
      message: "Saved successfully",
      data: { block: { ...block, enabled: false } },
    });
    await renderApp("/storefront/branding/customer-login", { fake });
    const preview = await screen.findByTestId("customer-login-preview", {}, { timeout: 5_000 });
    expect(preview.textContent).toBe("Sign in to see your rewardsJoin for 100 points.");
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Show the block on the sign-in page"));
    expect(preview.textContent).toBe("Turned off: your store doesn't show this block.");
    await user.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/storefront/customer-login")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/storefront/customer-login")[0]?.body).toEqual({
      ...block,
      enabled: false,
    });
  }, 20_000);

  it("offers a retry when a block cannot be loaded", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/storefront/customer-login", 500, {
      success: false,
      code: "internal_error",
      error: "Something went wrong",
    });
    await renderApp("/storefront/branding/customer-login", { fake });
    expect(
      await screen.findByText("The block's settings couldn't be loaded.", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  }, 20_000);
});
