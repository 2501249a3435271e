import { type ExtensionAccountResponse, extensionAccountResponse } from "@laurel/contracts";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, fakeShopify, settle } from "../../ui-shared/test-support";
import messages from "../locales/en.default.json";
import { RewardsProfileBlock } from "./profile-block";

/** N-11 on the new customer accounts: balance, tier progress and codes, or the way to join. */
const silver = {
  availablePoints: 1250,
  pendingPoints: 40,
  tier: {
    name: "Silver",
    perks: [],
    next: { name: "Gold", remaining: 3, progress: 70, unit: "orders" as const },
  },
  coupons: [{ id: "c1", code: "LAUREL-5OFF", title: "$5 off", expiresAt: null }],
};
const member: ExtensionAccountResponse = extensionAccountResponse.parse({
  signedIn: true,
  member: silver,
  pointLabel: { singular: "point", plural: "points" },
  loyaltyPageUrl: "https://shop.example/apps/laurel/pages/joy-loyalty-page",
});

async function mount(answer: { status: number; body: unknown }) {
  vi.stubGlobal("shopify", fakeShopify(messages));
  vi.stubGlobal("fetch", fakeFetch(answer));
  const root = document.createElement("div");
  document.body.append(root);
  await act(() => render(<RewardsProfileBlock />, root));
  // The effect's fetch resolves after the first render: let it land.
  await act(settle);
  return root;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the customer-account rewards block", () => {
  it("shows the balance, the pending points, the tier's progress and the codes to copy", async () => {
    const root = await mount({ status: 200, body: { success: true, data: member } });
    expect(root.querySelector("s-heading")?.textContent).toBe("1,250 points");
    expect(root.textContent).toContain("40 points pending");
    expect(root.textContent).toContain("Your tier: Silver");
    expect(root.textContent).toContain("3 orders more to reach Gold");
    expect(root.querySelector("s-progress")?.getAttribute("value")).toBe("70");
    const clip = root.querySelector("s-clipboard-item");
    expect(clip?.getAttribute("text")).toBe("LAUREL-5OFF");
    const copy = root.querySelector("s-button");
    expect(copy?.getAttribute("commandFor") ?? copy?.getAttribute("commandfor")).toBe(clip?.id);
    expect(copy?.getAttribute("command")).toBe("--copy");
    expect(root.querySelector("s-link")?.getAttribute("href")).toBe(member.loyaltyPageUrl);
  });

  it("money progress reads in the store's currency", async () => {
    const next = { name: "Gold", remaining: 2500, progress: 50, unit: "money" as const };
    const data = { ...member, member: { ...silver, tier: { name: "Silver", perks: [], next } } };
    const root = await mount({ status: 200, body: { success: true, data } });
    expect(root.textContent).toContain("$25.00 more to reach Gold");
  });

  it("invites a customer who has not joined to the loyalty page", async () => {
    const root = await mount({ status: 200, body: { success: true, data: { ...member, member: null } } });
    expect(root.textContent).toContain("Join our rewards program");
    expect(root.querySelector("s-link")?.getAttribute("href")).toBe(member.loyaltyPageUrl);
  });

  it("says so when Laurel cannot answer, and shows a skeleton while it loads", async () => {
    const root = await mount({
      status: 401,
      body: { success: false, error: "Your session token is invalid." },
    });
    expect(root.querySelector("s-banner")?.textContent).toContain("can’t be shown right now");

    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    const waiting = document.createElement("div");
    render(<RewardsProfileBlock />, waiting);
    expect(waiting.querySelector("s-skeleton-paragraph")).not.toBeNull();
  });
});
