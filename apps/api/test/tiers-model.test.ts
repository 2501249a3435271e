import type { TierDef, TierFact } from "@laurel/domain";
import { DEFAULT_TIER_SETTINGS, evaluateTierFromFacts } from "@laurel/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import {
  addMembers,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody, refundBody } from "./order-payloads";
import { seededRandom, testSeed } from "./random";

/**
 * Tiers against the reference model (issue 10, an L3 extension): random histories of orders,
 * partial and full refunds and cancellations, dated around a half-year boundary in New York time
 * and delivered in a shuffled order, go through the real pipeline (the order effect); each member's
 * tier and measure must equal the domain's `evaluateTierFromFacts` over the history as the model
 * keeps it. Then a relaunch (the job path) must agree too.
 */
const NOW = "2026-07-10T12:00:00Z";
const clock = fixedClock(NOW);
const ZONE = "America/New_York";
const MEMBERS = 12;
let t: TestApp;
let token: string;

interface ModelOrder {
  id: string;
  member: string;
  createdAt: string;
  total: number;
  refunds: number[];
  cancelled: boolean;
}

// Over an assessment cycle the measure sums the cycle's orders; over a lifetime it is the running
// totals PostgreSQL keeps on the customer row (decision 0071): both against the same model.
describe.each([{ kind: "half_year" }, { kind: "lifetime" }] as const)(
  "tiers against the reference model (random histories, store time zone), period $kind",
  (period) => {
    beforeAll(async () => {
      t = await createTestApp({ clock, worker: true });
      ({ token } = await signIn(t.app));
      const shop = await t.deps.db
        .selectFrom("shops")
        .select("platform_info")
        .where("id", "=", "shop_demo")
        .executeTakeFirstOrThrow();
      await updateShopRow(t, "shop_demo", {
        platform_info: JSON.stringify({ ...shop.platform_info, ianaTimezone: ZONE }),
      });
      await addMembers(
        t,
        Array.from({ length: MEMBERS }, (_, i) => `95${String(i).padStart(2, "0")}`),
        new Date("2026-01-01T00:00:00Z"),
      );
    });
    afterAll(async () => {
      await t.close();
    });

    /** The model's facts: paid, not cancelled orders, net of refunds, at their order date. */
    function factsOf(orders: readonly ModelOrder[], member: string): TierFact[] {
      return orders
        .filter((o) => o.member === member && !o.cancelled)
        .map((o) => {
          const refunded = o.refunds.reduce((s, r) => s + r, 0);
          return {
            at: Date.parse(o.createdAt),
            points: 0,
            amount: o.total - refunded,
            orders: refunded < o.total ? 1 : 0,
          };
        });
    }

    it("live progress and relaunch both give every member the model's tier", async () => {
      const rnd = seededRandom(testSeed("tiers-model"));
      const tiers: TierDef[] = [];
      for (const [name, milestone] of [
        ["Base", 0],
        ["Mid", 30_000],
        ["Top", 70_000],
      ] as const) {
        const res = await adminSend(t.app, "POST", "/apiSa/tiers", token, { name, milestone });
        expect(res.statusCode, res.body).toBe(200);
        tiers.push({ id: res.json().data.id, name, milestone, exclusive: false, entryPoints: 0 });
      }
      // Half years reset on 1 July, 00:00 New York time (04:00 UTC).
      // Members without an order in the last week go down a tier per week (I-06).
      const settings = {
        ...DEFAULT_TIER_SETTINGS,
        period,
        demotion: { action: "downgrade_tier" as const, after: 1, unit: "week" as const, notifyBeforeDays: 3 },
      };
      expect((await adminSend(t.app, "PUT", "/apiSa/tiers/settings", token, settings)).statusCode).toBe(200);
      expect(
        (await adminSend(t.app, "POST", "/apiSa/tiers/launch", token, { grantEntryRewards: false }))
          .statusCode,
      ).toBe(200);
      await t.deps.queue.drain();

      // Orders within ±12 hours of the boundary and across the weeks around it.
      const boundary = Date.parse("2026-07-01T04:00:00Z");
      const orders: ModelOrder[] = Array.from({ length: MEMBERS * 3 }, (_, i) => {
        const near = rnd.next() < 0.5;
        const offset = near ? rnd.int(-12 * 60, 12 * 60) * 60_000 : rnd.int(-20, 8) * 86_400_000;
        const total = rnd.int(1, 60) * 1_000;
        const refunds = rnd.next() < 0.3 ? [rnd.int(1, total / 1_000) * 1_000] : [];
        return {
          id: `96${String(i).padStart(4, "0")}`,
          member: `95${String(rnd.int(0, MEMBERS - 1)).padStart(2, "0")}`,
          createdAt: new Date(boundary + offset).toISOString(),
          total,
          refunds,
          cancelled: refunds.length === 0 && rnd.next() < 0.15,
        };
      });
      type Delivery = { topic: string; body: string; order: string; step: number };
      const deliveries: Delivery[] = [];
      for (const o of orders) {
        const body = (cancelledAt: string | null) =>
          orderBody({
            id: o.id,
            customerId: o.member,
            lines: [{ id: `${o.id}1`, price: (o.total / 100).toFixed(2), quantity: 1 }],
            cancelledAt,
          }).replace('"2026-06-15T10:00:00-04:00"', JSON.stringify(o.createdAt));
        deliveries.push({ topic: "orders/paid", body: body(null), order: o.id, step: 0 });
        for (const [k, amount] of o.refunds.entries()) {
          deliveries.push({
            topic: "refunds/create",
            body: refundBody({
              id: `97${o.id}${k}`,
              orderId: o.id,
              amount: (amount / 100).toFixed(2),
              lineId: `${o.id}1`,
            }),
            order: o.id,
            step: 1,
          });
        }
        if (o.cancelled)
          deliveries.push({ topic: "orders/cancelled", body: body(NOW), order: o.id, step: 2 });
      }
      // Payments and refunds shuffled (a refund may come before its order's payment); each
      // cancellation after them, so it is the order's last word.
      const shuffled = [
        ...rnd.shuffle(deliveries.filter((x) => x.step < 2)),
        ...deliveries.filter((x) => x.step === 2),
      ];
      for (const d of shuffled) {
        const res = await deliverWebhook(t, d.topic, d.body);
        expect(res.statusCode, res.body).toBe(200);
      }

      const standings = async () =>
        new Map(
          (
            await t.deps.db
              .selectFrom("customers as c")
              .leftJoin("customer_tiers as ct", (j) =>
                j.onRef("ct.shop_id", "=", "c.shop_id").onRef("ct.customer_id", "=", "c.id"),
              )
              .select(["c.platform_customer_id", "ct.tier_id", "ct.metric"])
              .where("c.shop_id", "=", "shop_demo")
              .where("c.type", "=", "member")
              .execute()
          ).map((r) => [
            r.platform_customer_id,
            { tierId: r.tier_id, metric: r.metric === null ? 0 : Number(r.metric) },
          ]),
        );
      const model = (member: string) => {
        const s = evaluateTierFromFacts(factsOf(orders, member), {
          tiers,
          settings,
          now: Date.parse(NOW),
          timeZone: ZONE,
        });
        return { tierId: s.tierId, metric: s.metric };
      };
      const touched = new Set(orders.map((o) => o.member));
      const demoted = [...touched].filter((m) => {
        const facts = factsOf(orders, m);
        const undemoted = evaluateTierFromFacts(facts, {
          tiers,
          settings: { ...settings, demotion: null },
          now: Date.parse(NOW),
          timeZone: ZONE,
        });
        return undemoted.tierId !== model(m).tierId;
      });
      console.log(`tiers-model: ${demoted.length} of ${touched.size} members demoted by inactivity`);
      const live = await standings();
      for (const member of touched) expect(live.get(member), member).toEqual(model(member));

      const relaunch = await adminSend(t.app, "POST", "/apiSa/tiers/launch", token, {
        grantEntryRewards: false,
      });
      expect(relaunch.json().data.action).toBe("relaunch_tier");
      await t.deps.queue.drain();
      const after = await standings();
      for (let i = 0; i < MEMBERS; i++) {
        const member = `95${String(i).padStart(2, "0")}`;
        expect(after.get(member), member).toEqual(model(member));
      }
    });
  },
);
