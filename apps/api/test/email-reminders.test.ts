import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { remindExpiringPointsJob } from "../src/jobs/remind-expiring-points.job";
import { expireShopPoints } from "../src/modules/point-expiry/point-expiry.service";
import {
  addMembers,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * L-05 (issue 11): point-expiry reminders arrive on the configured days before the points expire,
 * once each, and the expiry itself e-mails "points expired" — walked day by day on a test clock.
 */
const clock = fixedClock("2026-01-10T17:00:00Z"); // noon in New York
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await updateShopRow(t, "shop_demo", {
    plan: "pro", // point expiration is an Essential feature
    settings: JSON.stringify({ pointExpiry: { expiry: "90D", customDuration: null } }),
  });
  await addMembers(t, ["601"], clock.now());
  await deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id: "9601", customerId: "601", email: "601@example.com" }),
  );
  // The ledger stamps entries with the database's clock: this order happened at the test clock's now.
  await t.deps.db.updateTable("ledger_entries").set({ created_at: clock.now() }).execute();
});
afterAll(async () => {
  await t.close();
});

const emails = (event: string) =>
  t.deps.db
    .selectFrom("notifications")
    .select(["recipient", "data", "idempotency_key"])
    .where("event", "=", event)
    .execute();

describe("point-expiry reminders (L-05)", () => {
  it("the first reminder goes the configured days before expiry, the last 7 days before, each once", async () => {
    const { token } = await signIn(t.app);
    const put = await adminSend(t.app, "PUT", "/apiSa/notifications/points_expiring", token, {
      sendBeforeDays: 10,
    });
    expect(put.statusCode, put.body).toBe(200);

    const reminderDays: number[] = [];
    let expiredOn: number | null = null;
    for (let day = 1; day <= 100 && expiredOn === null; day++) {
      clock.set(new Date(Date.parse("2026-01-10T17:00:00Z") + day * DAY));
      const before = (await emails("points_expiring")).length;
      // Every hour of the store's day may run the sweep: twice here, still one e-mail.
      await remindExpiringPointsJob.handle(t.deps, {});
      await remindExpiringPointsJob.handle(t.deps, {});
      if ((await emails("points_expiring")).length > before) reminderDays.push(day);
      if ((await expireShopPoints(t.deps, "shop_demo")).points > 0) expiredOn = day;
    }
    expect(expiredOn).not.toBeNull();
    const expiry = expiredOn as number;
    expect(reminderDays).toEqual([expiry - 10, expiry - 7]);

    const reminders = await emails("points_expiring");
    expect(reminders.map((r) => r.recipient)).toEqual(["601@example.com", "601@example.com"]);
    expect(reminders.map((r) => r.data.days).sort()).toEqual([10, 7].sort());
    expect(reminders.every((r) => r.data.points === 10)).toBe(true);

    const expired = await emails("points_expired");
    expect(expired).toHaveLength(1);
    expect(expired[0]?.data.points).toBe(10);
  });

  it("a switched-off reminder e-mail sends no reminders", async () => {
    const { token } = await signIn(t.app);
    await adminSend(t.app, "PUT", "/apiSa/notifications/points_expiring", token, { enabled: false });
    const before = (await emails("points_expiring")).length;
    await addMembers(t, ["602"], clock.now());
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9602", customerId: "602", email: "602@example.com" }),
    );
    await t.deps.db
      .updateTable("ledger_entries")
      .set({ created_at: clock.now() })
      .where("id", ">", 0)
      .execute();
    for (let day = 1; day <= 95; day++) {
      clock.advance(DAY);
      await remindExpiringPointsJob.handle(t.deps, {});
      await expireShopPoints(t.deps, "shop_demo");
    }
    // The walk passed the reminder days: 602's points expired (and that e-mail is its own switch).
    expect((await emails("points_expired")).map((r) => r.recipient)).toContain("602@example.com");
    expect((await emails("points_expiring")).length).toBe(before);
  });
});
