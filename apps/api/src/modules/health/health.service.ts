import type { Deps } from "../../infra/deps";
import { pingDatabase } from "./health.repository";

/** Healthy when the database answers; says which engine runs. */
export async function checkHealth(deps: Deps): Promise<{ status: "ok"; engine: Deps["database"]["engine"] }> {
  await pingDatabase(deps.db);
  return { status: "ok", engine: deps.database.engine };
}
