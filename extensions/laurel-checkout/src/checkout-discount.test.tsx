import { type ExtensionCheckoutDiscountResponse, extensionCheckoutDiscountResponse } from "@laurel/contracts";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, fakeShopify, settle } from "../../ui-shared/test-support";
import messages from "../locales/en.default.json";
import { CheckoutDiscount } from "./checkout-discount";

/** N-12 in Shopify's checkout: the member's codes under the discount field, applied in one click. */
const withCodes: ExtensionCheckoutDiscountResponse = extensionCheckoutDiscountResponse.parse({
  block: { title: "Your rewards", description: "Apply one to this order." },
  signedIn: true,
  coupons: [
    { id: "c1", code: "LAUREL-5OFF", title: "$5 off", expiresAt: null },
    { id: "c2", code: "LAUREL-SHIP", title: "Free shipping", expiresAt: "2026-12-31T00:00:00.000Z" },
  ],
});

async function mount(data: ExtensionCheckoutDiscountResponse, checkout: Record<string, unknown> = {}) {
  const shopify = fakeShopify(messages, {
    discountCodes: { value: [] },
    instructions: { value: { discounts: { canUpdateDiscountCodes: true } } },
    applyDiscountCodeChange: vi.fn(async (_change: object) => ({ type: "success" })),
    ...checkout,
  });
  vi.stubGlobal("shopify", shopify);
  const fetchImpl = fakeFetch({ status: 200, body: { success: true, data } });
  vi.stubGlobal("fetch", fetchImpl);
  const root = document.createElement("div");
  document.body.append(root);
  await act(() => render(<CheckoutDiscount />, root));
  // The effect's fetch resolves after the first render: let it land.
  await act(settle);
  return { root, shopify, fetchImpl };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the checkout discount block", () => {
  it("lists the member's codes with the merchant's words, read with the session token", async () => {
    const { root, fetchImpl } = await mount(withCodes);
    expect(fetchImpl.mock.calls[0]?.[0]).toMatch(/\/extensions\/checkout-discount\?locale=en$/);
    expect(root.querySelector("s-section")?.getAttribute("heading")).toBe("Your rewards");
    expect(root.textContent).toContain("Apply one to this order.");
    expect(root.textContent).toContain("LAUREL-5OFF");
    expect(root.textContent).toContain("Free shipping");
    expect(root.querySelectorAll("s-button")).toHaveLength(2);
  });

  it("applies a code in one click; an applied code says so and cannot be applied twice", async () => {
    const { root, shopify } = await mount(withCodes, { discountCodes: { value: [{ code: "laurel-ship" }] } });
    const [first, second] = Array.from(root.querySelectorAll("s-button"));
    expect(first?.hasAttribute("disabled")).toBe(false);
    expect(second?.textContent).toBe("Applied");
    expect(second?.hasAttribute("disabled")).toBe(true);
    await act(async () => {
      first?.dispatchEvent(new Event("click"));
      await settle();
    });
    expect(shopify.applyDiscountCodeChange).toHaveBeenCalledWith({
      type: "addDiscountCode",
      code: "LAUREL-5OFF",
    });
    expect(root.querySelector("s-banner")).toBeNull();
  });

  it("says which code checkout refused", async () => {
    const { root } = await mount(withCodes, {
      applyDiscountCodeChange: vi.fn(async () => ({ type: "error", message: "Not applicable" })),
    });
    await act(async () => {
      root.querySelector("s-button")?.dispatchEvent(new Event("click"));
      await settle();
    });
    expect(root.querySelector("s-banner")?.textContent).toBe(
      "LAUREL-5OFF could not be applied to this order.",
    );
  });

  it("cannot apply where checkout forbids changing codes (an accelerated checkout)", async () => {
    const { root } = await mount(withCodes, {
      instructions: { value: { discounts: { canUpdateDiscountCodes: false } } },
    });
    for (const button of Array.from(root.querySelectorAll("s-button")))
      expect(button.hasAttribute("disabled")).toBe(true);
  });

  it("renders nothing for a guest, a member without codes, or while the block is off", async () => {
    for (const data of [
      { block: withCodes.block, signedIn: false, coupons: [] },
      { block: withCodes.block, signedIn: true, coupons: [] },
      { block: null, signedIn: true, coupons: [] },
    ]) {
      const { root } = await mount(data);
      expect(root.innerHTML).toBe("");
      document.body.replaceChildren();
    }
  });
});
