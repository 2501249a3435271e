import type { Db } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../src/infra/clock";
import { createDemoPlatform } from "../src/platform/demo/demo.adapter";
import { adminGet, adminSend, createTestApp, signIn, type TestApp } from "./helpers";

/** M-07, C-23, D-11 (decision 0170): the Subscription section, and the engine rule it reports. */

const placeOrderSubscription = {
  title: "Subscribe and earn",
  event: "place_order_subscription",
  priority: 60,
  config: { earnBy: "price", earnPoint: 2, rateMoney: 100 },
};
const subscriptionReward = (purchaseType: string) => ({
  title: `$5 off (${purchaseType})`,
  event: "amount_discount",
  config: { pointsCost: 500, rewardValue: 500, purchaseType },
});

describe("a store that sells subscriptions (the demo store)", () => {
  let t: TestApp;
  let token = "";
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signIn(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it("reports the subscription app and every purchase type, and no program with a subscription condition yet", async () => {
    const res = await adminGet(t.app, "/apiSa/lp/settings/subscription", token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      subscriptionApp: { detected: true },
      purchaseTypes: [
        { type: "one_time_purchase", available: true },
        { type: "subscription_purchase", available: true },
        { type: "both_purchase", available: true },
      ],
      subscriptionOrderEarning: { available: true },
      programs: [],
    });
  });

  it("accepts subscription programs, and lists exactly those with a subscription condition", async () => {
    const earning = await adminSend(
      t.app,
      "POST",
      "/apiSa/lp/programs/earning",
      token,
      placeOrderSubscription,
    );
    expect(earning.statusCode, earning.body).toBe(200);
    const both = await adminSend(
      t.app,
      "POST",
      "/apiSa/lp/programs/spending",
      token,
      subscriptionReward("both_purchase"),
    );
    expect(both.statusCode, both.body).toBe(200);
    const oneTime = await adminSend(
      t.app,
      "POST",
      "/apiSa/lp/programs/spending",
      token,
      subscriptionReward("one_time_purchase"),
    );
    expect(oneTime.statusCode, oneTime.body).toBe(200);

    const { programs } = (await adminGet(t.app, "/apiSa/lp/settings/subscription", token)).json().data;
    expect(programs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: earning.json().data.id,
          type: "earning",
          event: "place_order_subscription",
          purchaseType: null,
        }),
        expect.objectContaining({ id: both.json().data.id, type: "spending", purchaseType: "both_purchase" }),
      ]),
    );
    expect(programs).toHaveLength(2);
  });
});

describe("a store without a subscription app", () => {
  let t: TestApp;
  let token = "";
  const calls: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      platform: (clock: Clock, db: Db) => ({
        ...createDemoPlatform(clock, db),
        sellsSubscriptions: async (shop) => {
          calls.push(shop.domain);
          return false;
        },
      }),
    });
    token = (await signIn(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it("offers one-time purchases only, and says subscription order earning is unavailable", async () => {
    const data = (await adminGet(t.app, "/apiSa/lp/settings/subscription", token)).json().data;
    expect(data.subscriptionApp).toEqual({ detected: false });
    expect(data.purchaseTypes.filter((p: { available: boolean }) => p.available)).toEqual([
      { type: "one_time_purchase", available: true },
    ]);
    expect(data.subscriptionOrderEarning).toEqual({ available: false });
  });

  it("refuses subscription programs with C-23's message, naming the field", async () => {
    const earning = await adminSend(
      t.app,
      "POST",
      "/apiSa/lp/programs/earning",
      token,
      placeOrderSubscription,
    );
    expect(earning.statusCode).toBe(400);
    expect(earning.json().errors).toContainEqual({
      field: "event",
      message: "You can't create a subscription program because no subscription app is installed",
    });
    const reward = await adminSend(
      t.app,
      "POST",
      "/apiSa/lp/programs/spending",
      token,
      subscriptionReward("subscription_purchase"),
    );
    expect(reward.statusCode).toBe(400);
    expect(reward.json().errors).toContainEqual({
      field: "config.purchaseType",
      message: "You can't create a subscription program because no subscription app is installed",
    });
  });

  it("asks the platform only when a program asks for subscriptions", async () => {
    const before = calls.length;
    const plain = await adminSend(
      t.app,
      "POST",
      "/apiSa/lp/programs/spending",
      token,
      subscriptionReward("one_time_purchase"),
    );
    expect(plain.statusCode, plain.body).toBe(200);
    expect(calls.length).toBe(before);
  });
});
