import { migrate } from "@laurel/db";
import { ConfigError, loadConfig } from "../infra/env";
import { StartupError } from "../infra/startup-errors";
import { openConfiguredDatabase } from "../runtime";

/** `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const applied = await migrate(database); // empty when opening applied them
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  await database.close();
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
