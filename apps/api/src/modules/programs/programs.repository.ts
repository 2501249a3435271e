import type { Db, ProgramRow, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

export function listPrograms(conn: Conn, shopId: string, type: string): Promise<ProgramRow[]> {
  return conn
    .selectFrom("programs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("type", "=", type)
    .orderBy("priority")
    .orderBy("created_at")
    .execute();
}

export function findProgramIds(conn: Conn, shopId: string, ids: string[]) {
  return conn
    .selectFrom("programs")
    .select("id")
    .where("shop_id", "=", shopId)
    .where("id", "in", ids)
    .execute();
}

export async function renameProgram(
  trx: Tx,
  shopId: string,
  id: string,
  names: { title?: string | undefined; translateTitle?: Record<string, string> | undefined },
): Promise<void> {
  await trx
    .updateTable("programs")
    .set({
      ...(names.title !== undefined ? { title: names.title } : {}),
      ...(names.translateTitle !== undefined
        ? { translate_title: JSON.stringify(names.translateTitle) }
        : {}),
      updated_at: sql`now()`,
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export async function insertProgram(
  trx: Tx,
  p: {
    shopId: string;
    id: string;
    type: string;
    event: string;
    title: string;
    status: string;
    priority: number;
    config: Record<string, unknown>;
  },
): Promise<void> {
  await trx
    .insertInto("programs")
    .values({
      shop_id: p.shopId,
      id: p.id,
      type: p.type,
      event: p.event,
      title: p.title,
      status: p.status,
      priority: p.priority,
      config: JSON.stringify(p.config),
    })
    .onConflict((oc) => oc.columns(["shop_id", "id"]).doNothing())
    .execute();
}

export async function countPrograms(conn: Conn, shopId: string): Promise<number> {
  const r = await conn
    .selectFrom("programs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_id", "=", shopId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
