import type { Db, ShopRow, TierProgramKind, TierSweepRow, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

/**
 * Installed shops whose ladder in force can move a member without an order: demotion for
 * inactivity (I-06), or a period that resets (half year, yearly day, assessment cycle, I-07).
 */
export function listSweepableShops(
  conn: Conn,
  platform: "demo" | "shopify",
  program: TierProgramKind = "vip",
): Promise<ShopRow[]> {
  return conn
    .selectFrom("shops")
    .innerJoin("tier_programs as p", (j) =>
      j.onRef("p.shop_id", "=", "shops.id").on("p.program", "=", program),
    )
    .selectAll("shops")
    .where("shops.uninstalled_at", "is", null)
    .where("shops.platform", "=", platform)
    .where("p.status", "=", "launched")
    .where(
      sql<boolean>`(jsonb_typeof(p.live->'settings'->'demotion') = 'object'
        or coalesce(p.live->'settings'->'period'->>'kind', 'lifetime') <> 'lifetime')`,
    )
    .orderBy("shops.id")
    .execute();
}

/** The store days already swept to the end, among those asked about (one statement for all shops). */
export async function doneSweeps(
  conn: Conn,
  keys: readonly { shopId: string; day: string }[],
  program: TierProgramKind = "vip",
) {
  if (keys.length === 0) return new Set<string>();
  const rows = await conn
    .selectFrom("tier_sweeps")
    .select(["shop_id", "store_day"])
    .where("program", "=", program)
    .where("status", "=", "done")
    .where(
      "shop_id",
      "in",
      keys.map((k) => k.shopId),
    )
    .where(
      "store_day",
      "in",
      keys.map((k) => k.day),
    )
    .execute();
  return new Set(rows.map((r) => `${r.shop_id}|${r.store_day}`));
}

/** The day's sweep of a shop, created on first use, locked until the transaction ends. */
export async function lockSweep(
  trx: Tx,
  shopId: string,
  day: string,
  program: TierProgramKind = "vip",
): Promise<TierSweepRow> {
  await trx
    .insertInto("tier_sweeps")
    .values({ shop_id: shopId, program, store_day: day })
    .onConflict((oc) => oc.columns(["shop_id", "program", "store_day"]).doNothing())
    .execute();
  return trx
    .selectFrom("tier_sweeps")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .where("store_day", "=", day)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function advanceSweep(
  trx: Tx,
  shopId: string,
  day: string,
  page: {
    cursor: string | null;
    members: number;
    demoted: number;
    notified: number;
    done: boolean;
    at: Date;
  },
  program: TierProgramKind = "vip",
): Promise<void> {
  await trx
    .updateTable("tier_sweeps")
    .set({
      cursor: page.cursor,
      members: sql`members + ${page.members}`,
      demoted: sql`demoted + ${page.demoted}`,
      notified: sql`notified + ${page.notified}`,
      ...(page.done ? { status: "done" as const, finished_at: page.at } : {}),
    })
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .where("store_day", "=", day)
    .execute();
}
