import { setPriority } from "node:os";
import { ConfigError, loadConfig } from "./infra/env";
import { StartupError } from "./infra/startup-errors";
import { closeRuntime, createRuntime, startWorker } from "./runtime";

/** A worker process: runs every job; start as many as the load needs (PostgreSQL mode). */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.warn("No DATABASE_URL: the embedded database belongs to `npm start`, which runs its own worker.");
  }
  // Decision 0171: on a machine shared with API processes, the API's acknowledgements (a shop's
  // webhook waits on them) win the CPU; the worker's batches take what is left. Where the OS
  // refuses (no permission), the worker runs at normal priority.
  try {
    setPriority(config.workerNice);
  } catch (error) {
    console.warn(`WORKER_NICE ${config.workerNice} not applied: ${(error as Error).message}`);
  }
  const deps = await createRuntime(config);
  await startWorker(deps);
  console.log("Laurel worker started");
  const shutdown = async () => {
    await closeRuntime(deps);
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
