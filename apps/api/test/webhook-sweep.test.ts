import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLedger } from "../src/modules/ledger/ledger.service";
import { webhookHandlers } from "../src/webhook-topics";
import { addMembers, createTestApp, deliverWebhook, type TestApp, updateShopRow } from "./helpers";
import { orderBody, refundBody } from "./order-payloads";
import { bodyText, hostileValue, toJsonText } from "./sweep-arbitraries";

/**
 * Issue 17's webhook sweep: signed deliveries of every topic with hostile content — a real body
 * with one field replaced by a hostile value, or hostile JSON (or not JSON) altogether. Every
 * answer is 200 (recorded, duplicate, unusable) and never a 5xx; what Laurel cannot use is parked
 * with its reason, nothing is left waiting, and the ledger audit is clean afterwards.
 * `FC_SEED` replays a run; `FC_RUNS` sets the runs per topic.
 */
const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FC_RUNS ?? 20);
console.log(`webhook sweep: FC_SEED=${seed} FC_RUNS=${runs}`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await updateShopRow(t, "shop_demo", { plan: "pro" });
  await addMembers(t, ["7501", "7502"]);
});
afterAll(async () => {
  await t.close();
});

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/shopify/${name}`, import.meta.url), "utf8")) as unknown;

/** A plausible body per topic, to mutate one field at a time. */
function baseBody(topic: string, n: number): unknown {
  const order = { id: String(8_500_000 + n), customerId: n % 2 ? "7501" : "7502" };
  if (topic.startsWith("orders/")) return JSON.parse(orderBody(order));
  if (topic === "refunds/create") {
    return JSON.parse(
      refundBody({ id: String(9_500_000 + n), orderId: order.id, amount: "10.00", lineId: `${order.id}1` }),
    );
  }
  const file = `${topic.replace("/", "_")}.json`;
  try {
    return fixture(file);
  } catch {
    return { id: n };
  }
}

/** Every path to a value in a JSON document (objects and arrays), as key lists. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (prefix.length > 0) out.push(prefix);
  if (value && typeof value === "object" && prefix.length < 6) {
    for (const [k, v] of Object.entries(value))
      pathsOf(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

const topics = [...Object.keys(webhookHandlers), "products/update"];

describe("webhook sweep (issue 17)", () => {
  it.each(topics)("%s: hostile signed bodies are acknowledged or refused, never a 5xx", async (topic) => {
    let n = 0;
    const mutated = fc.tuple(fc.nat(), hostileValue).map(([pick, value]) => {
      const body = baseBody(topic, ++n);
      const paths = pathsOf(body);
      return paths.length === 0
        ? toJsonText(value)
        : toJsonText(withValueAt(body, paths[pick % paths.length] ?? [], value));
    });
    const body = fc.oneof(
      { weight: 3, arbitrary: mutated },
      { weight: 1, arbitrary: bodyText(["id", "order_id", "customer"]) },
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await deliverWebhook(t, topic, text);
        expect(res.statusCode, `${topic}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error, res.body).toBeTruthy();
      }),
      { seed: seed + topics.indexOf(topic), numRuns: runs, endOnFailure: true },
    );
  });

  it("leaves nothing waiting, parks what it cannot use with a reason, and the ledger is exact", async () => {
    await t.deps.webhooks.drain();
    const left = await t.deps.db
      .selectFrom("webhook_deliveries")
      .select(["webhook_id", "topic", "status", "attempts", "last_error"])
      .where("shop_id", "=", "shop_demo")
      .where("status", "!=", "processed")
      .execute();
    // Content Laurel cannot use is parked at once, never retried into a loop.
    expect(left.filter((d) => d.status === "received")).toEqual([]);
    for (const d of left) {
      expect(d.last_error, JSON.stringify(d)).toBeTruthy();
      expect(d.attempts, JSON.stringify(d)).toBeLessThanOrEqual(1);
    }
    expect(await auditLedger(t.deps.db, "shop_demo")).toEqual({ balanceMismatches: [], holdMismatches: [] });
  });
});
