import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./database";
import { loadMigrations, migrate } from "./migrate";
import { createTestDatabase } from "./test-database";

const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe(`migrations on ${engine}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.close();
  });

  it("applies every migration to an empty database, then nothing on a second run", async () => {
    const all = loadMigrations().map((m) => m.id);
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(database)).toEqual(all);
    expect(await migrate(database)).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(database.db);
    const names = tables.rows.map((r) => r.table_name);
    for (const t of ["shops", "users", "sessions", "audit_log", "laurel_migrations"])
      expect(names).toContain(t);
  });

  it("keys every tenant table by shop_id first", async () => {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select tc.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = 'public' and kcu.ordinal_position = 1`.execute(
      database.db,
    );
    const tenantTables = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'shop_id'`.execute(database.db);
    // Global tables that reference a shop without being owned by one.
    const globalTables = new Set(["users", "sessions"]);
    for (const { table_name } of tenantTables.rows) {
      if (globalTables.has(table_name)) continue;
      const first = rows.rows.find((r) => r.table_name === table_name)?.column_name;
      expect(first, `${table_name} primary key should start with shop_id`).toBe("shop_id");
    }
  });

  it("serialises concurrent transactions on one connection without interleaving", async () => {
    await sql`create table if not exists t_counter (id int primary key, n int not null)`.execute(database.db);
    await sql`insert into t_counter values (1, 0) on conflict do nothing`.execute(database.db);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction().execute(async (trx) => {
          const r = await sql<{ n: number }>`select n from t_counter where id = 1 for update`.execute(trx);
          await sql`update t_counter set n = ${(r.rows[0]?.n ?? 0) + 1} where id = 1`.execute(trx);
        }),
      ),
    );
    const r = await sql<{ n: number }>`select n from t_counter where id = 1`.execute(database.db);
    expect(r.rows[0]?.n).toBe(20);
  });
});
