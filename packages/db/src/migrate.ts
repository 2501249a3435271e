import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { Database } from "./database";

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "migrations");

export interface Migration {
  id: string;
  sql: string;
}

/** Migrations are plain SQL files named `NNNN_name.sql`, applied in order, each in its own transaction. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ id: f.replace(/\.sql$/, ""), sql: readFileSync(join(dir, f), "utf8") }));
}

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 7_245_001;

/**
 * Applies every pending migration. Safe to run from several processes at once on PostgreSQL:
 * an advisory lock serialises them and the second finds nothing left to do.
 */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<string[]> {
  const { db } = database;
  await sql`create table if not exists laurel_migrations (
    id text primary key,
    applied_at timestamptz not null default now()
  )`.execute(db);
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    const done = new Set((await trx.selectFrom("laurel_migrations").select("id").execute()).map((r) => r.id));
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await sql.raw(m.sql).execute(trx);
      await trx.insertInto("laurel_migrations").values({ id: m.id }).execute();
      applied.push(m.id);
    }
  });
  return applied;
}
