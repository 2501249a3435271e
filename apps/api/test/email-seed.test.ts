import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoMail } from "../src/seed/demo-mail";
import { seedDemoMembers } from "../src/seed/demo-members";
import { seedDemoReferrals } from "../src/seed/demo-referrals";
import { createTestApp, type TestApp } from "./helpers";

/** The demo seed's e-mails (decision 0131): Ava's invitation to a friend is in the log, once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMembers(t.deps);
  await seedDemoReferrals(t.deps);
});
afterAll(async () => {
  await t.close();
});

describe("demo e-mail seed", () => {
  it("logs Ava's invitation to a friend and the merchant's import e-mail; a restart adds nothing", async () => {
    expect(await seedDemoMail(t.deps)).toBe(2);
    expect(await seedDemoMail(t.deps)).toBe(0);
    const rows = await t.deps.db
      .selectFrom("notifications")
      .select(["event", "recipient", "customer_id"])
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "referral_invitation")
      .execute();
    expect(rows).toEqual([
      { event: "referral_invitation", recipient: "noah.friend@laurel.test", customer_id: null },
    ]);
  });
});
