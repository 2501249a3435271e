import { migrate, openDatabase } from "@laurel/db";
import { ConfigError, loadConfig } from "../infra/env";

/** `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  await database.close();
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
