import { describe, expect, it } from "vitest";
import { seedDemoPrograms } from "../src/seed/demo-programs";
import { adminGet, createTestApp, signIn } from "./helpers";

describe("the demo shop's programs show every state (issue 14)", () => {
  it("adds a scheduled, an inactive, an expired and a subscription program once, whatever the number of starts", async () => {
    const t = await createTestApp();
    try {
      expect(await seedDemoPrograms(t.deps)).toBe(6);
      expect(await seedDemoPrograms(t.deps)).toBe(0);
      const { token } = await signIn(t.app);
      const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
      const spending = (await adminGet(t.app, "/apiSa/lp/programs/spending", token)).json().data;
      const status = (list: { title: string; status: string }[], title: string) =>
        list.find((p) => p.title === title)?.status;
      expect(status(earning, "Join our newsletter")).toBe("scheduled");
      expect(status(earning, "Double points on big orders")).toBe("inactive");
      expect(status(spending, "Summer sale 10% off")).toBe("expired");
      expect(status(earning, "Home collection bonus")).toBe("inactive");
      expect(status(spending, "$5 off Home goods")).toBe("inactive");
      expect(status(earning, "Place an order")).toBe("active");
      expect(status(spending, "Subscribe & save $5")).toBe("inactive");
      // The demo store sells subscriptions: Settings → Subscription lists the reward (decision 0170).
      const subscription = (await adminGet(t.app, "/apiSa/lp/settings/subscription", token)).json().data;
      expect(subscription.subscriptionApp).toEqual({ detected: true });
      expect(subscription.programs.map((p: { title: string }) => p.title)).toEqual(["Subscribe & save $5"]);
    } finally {
      await t.close();
    }
  });
});
