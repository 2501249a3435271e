import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

/** The shell's fake API, the shop's VIP tiers, and the created program echoed back. */
function setup() {
  const fake = createFakeApi();
  const posted: unknown[] = [];
  const base = fake.fetch;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    if (url.pathname === "/apiSa/tiers") {
      return json({
        success: true,
        data: { status: "launched", settings: {}, tiers: [{ id: "tier_gold", name: "Gold" }] },
      });
    }
    if (url.pathname === "/apiSa/lp/catalogue/products") {
      const items = [
        { id: "8000", title: "Laurel Wreath Tee", imageUrl: null, price: 2500, variants: [] },
        { id: "8001", title: "Olive Candle", imageUrl: null, price: 1800, variants: [] },
      ];
      return json({ success: true, data: { items, pageInfo: { hasNextPage: false, endCursor: null } } });
    }
    if (url.pathname.startsWith("/apiSa/lp/programs") && method === "POST") {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return json({ success: true, data: { id: "prg_bday", type: "earning", ...body }, message: "Created" });
    }
    return base(input, init);
  }) as unknown as typeof fake.fetch;
  return { fake, posted };
}

describe("G-05: the birthday editor sets the discount code's conditions", () => {
  it("a $15 code over $50, with product discounts, for Gold members, in the store's currency", async () => {
    const { fake, posted } = setup();
    const { user } = await renderApp("/programs/birthday/new", { fake });
    const method = await screen.findByLabelText("Reward method", {}, { timeout: 5_000 });
    // No conditions for points; they appear with a discount.
    expect(screen.queryByLabelText("Minimum purchase requirement")).toBeNull();
    await user.selectOptions(method, "discount_amount");
    await user.clear(screen.getByLabelText("Reward value"));
    await user.type(screen.getByLabelText("Reward value"), "15");
    await user.selectOptions(screen.getByLabelText("Minimum purchase requirement"), "amount");
    await user.type(screen.getByLabelText("Minimum purchase amount"), "50");
    await user.click(screen.getByLabelText("Product discounts"));
    await user.selectOptions(screen.getByLabelText("Sales channel"), "both");
    await user.click(await screen.findByLabelText("Gold"));
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as { config: unknown }).config).toMatchObject({
      rewardMethod: "discount_amount",
      rewardValue: 1_500,
      minimumRequirement: "amount",
      minimumValue: 5_000,
      combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: false },
      saleChannel: "both",
      purchaseType: "one_time",
      tierIds: ["tier_gold"],
    });
  });

  it("a minimum without a value is refused next to the field, nothing sent", async () => {
    const { fake, posted } = setup();
    const { user } = await renderApp("/programs/birthday/new", { fake });
    await user.selectOptions(
      await screen.findByLabelText("Reward method", {}, { timeout: 5_000 }),
      "discount_percentage",
    );
    await user.clear(screen.getByLabelText("Reward value"));
    await user.type(screen.getByLabelText("Reward value"), "10");
    await user.selectOptions(screen.getByLabelText("Minimum purchase requirement"), "quantity");
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("Enter a minimum above 0")).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it("G-01: a gift product birthday needs its product; picked, it is saved with no reward value", async () => {
    const { fake, posted } = setup();
    const { user } = await renderApp("/programs/birthday/new", { fake });
    await user.selectOptions(
      await screen.findByLabelText("Reward method", {}, { timeout: 5_000 }),
      "gift_product",
    );
    expect(screen.queryByLabelText("Reward value")).toBeNull();
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("Choose the gift product")).toBeTruthy();
    expect(posted).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Choose: Gift product" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByLabelText("Olive Candle"));
    await user.click(within(dialog).getByRole("button", { name: "Select" }));
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as { config: unknown }).config).toMatchObject({
      rewardMethod: "gift_product",
      rewardValue: null,
      giftProductId: "8001",
      bxgyProductId: null,
    });
  }, 30_000);

  it("G-01: buy X get Y asks for both quantities and the product, and has no minimum", async () => {
    const { fake, posted } = setup();
    const { user } = await renderApp("/programs/birthday/new", { fake });
    await user.selectOptions(
      await screen.findByLabelText("Reward method", {}, { timeout: 5_000 }),
      "buy_x_get_y",
    );
    expect(screen.queryByLabelText("Minimum purchase requirement")).toBeNull();
    await user.clear(screen.getByLabelText("Quantity bought"));
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("Quantity must be between 1 and 100")).toBeTruthy();
    expect(screen.getByText("Choose the product the shopper gets")).toBeTruthy();
    await user.type(screen.getByLabelText("Quantity bought"), "2");
    await user.click(screen.getByRole("button", { name: "Choose: Product the shopper gets free" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByLabelText("Laurel Wreath Tee"));
    await user.click(within(dialog).getByRole("button", { name: "Select" }));
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as { config: unknown }).config).toMatchObject({
      rewardMethod: "buy_x_get_y",
      bxgyBuyQuantity: 2,
      bxgyGetQuantity: 1,
      bxgyProductId: "8000",
      minimumRequirement: "none",
      minimumValue: null,
    });
  }, 30_000);
});
