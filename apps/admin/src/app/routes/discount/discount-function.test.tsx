import type { DiscountLink } from "@laurel/contracts";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

/** The route and its data load lazily; the shared machine can be slow. */
const WAIT = { timeout: 10_000 };

const found: DiscountLink = {
  functionId: "fn-7",
  discountId: "1357924680",
  reward: {
    couponId: "cpn_1",
    code: "LAUREL-5OFF",
    programId: "prg_5off",
    programTitle: "$5 off",
    customerId: "cus_1",
    customerEmail: "oona@example.com",
    points: 500,
    status: "available",
    issuedAt: "2026-06-01T10:00:00.000Z",
    expiresAt: null,
    usedAt: null,
    usedOrderId: null,
  },
};

/** The shell's fake API plus `GET /apiSa/lp/discounts/:functionId/:id` answering `answer`. */
function setup(answer: { status: number; body: unknown }) {
  const fake = createFakeApi();
  const base = fake.fetch;
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (!url.pathname.startsWith("/apiSa/lp/discounts/")) return base(input, init);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  return fake;
}

describe("D-20: the discount function page", () => {
  it("shows the reward behind the discount with links to the reward and the customer", async () => {
    const fake = setup({ status: 200, body: { success: true, data: found } });
    await renderApp("/discount/fn-7/1357924680", { fake });
    expect(await screen.findByText("LAUREL-5OFF", {}, WAIT)).toBeTruthy();
    expect(screen.getByText("$5 off")).toBeTruthy();
    expect(screen.getByText("oona@example.com")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the reward" }).getAttribute("href")).toBe(
      "/programs/point/prg_5off",
    );
    expect(screen.getByRole("link", { name: "Open the customer" }).getAttribute("href")).toBe(
      "/customers/cus_1",
    );
  });

  it("says so when the discount is not a Laurel reward", async () => {
    const fake = setup({ status: 200, body: { success: true, data: { ...found, reward: null } } });
    await renderApp("/discount/fn-7/1357924680", { fake });
    expect(await screen.findByText(/a Laurel reward$/, {}, WAIT)).toBeTruthy();
  });

  it("shows the error with a retry when the lookup fails", async () => {
    const fake = setup({
      status: 500,
      body: { success: false, error: "Something went wrong", code: "internal" },
    });
    await renderApp("/discount/fn-7/1357924680", { fake });
    expect(await screen.findByText(/load this discount/, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
