import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "./database";
import { migrate } from "./migrate";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (created and later dropped) when TEST_DATABASE_URL is set (DESIGN §8).
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<Database & { url?: string | undefined }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let url: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const name = `laurel_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    // Test databases skip waiting for each commit's WAL flush (every connection to this database,
    // child processes included). A crash of PostgreSQL itself is not what tests simulate (R1 kills
    // Laurel's processes), so no test's meaning changes; the suites stop waiting on the disk.
    // The bench measures with PostgreSQL's defaults.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ databaseUrl: url, poolSize: 20 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // Plain DROP first: the pool's connections may still be saying goodbye; force only if they linger.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}${attempt >= 5 ? " with (force)" : ""}`);
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: "memory://" });
  }
  if (options.migrate !== false) await migrate(database);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await dropDatabase?.();
    },
  };
}
