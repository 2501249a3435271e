import type { Db } from "@laurel/db";
import { sql } from "kysely";

/** One round trip: the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
