import { accessSync, constants, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Config, maskDatabaseUrl } from "./env";

/**
 * Start-up failures a person can fix by changing a setting: one plain message naming the value
 * and what to do, printed without a stack (decision 0038).
 */
export class StartupError extends Error {}

/**
 * DATA_DIR must be a new or empty directory, or a PGlite database (it has PG_VERSION). Anything
 * else makes PGlite's initdb exit inside WebAssembly with nothing but `ExitStatus` to show.
 */
export function checkDataDir(dataDir: string): void {
  if (dataDir.startsWith("memory://")) return;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dataDir).isDirectory();
  } catch {
    return; // absent: it will be created
  }
  const what = `DATA_DIR=${dataDir}`;
  if (!isDirectory)
    throw new StartupError(
      `${what} is a file, not a directory. Set DATA_DIR to a directory for the embedded database (it is created if missing).`,
    );
  const entries = readdirSync(dataDir);
  if (entries.length > 0 && !entries.includes("PG_VERSION"))
    throw new StartupError(
      `${what} is not empty and does not hold a Laurel database (no PG_VERSION file). ` +
        "Set DATA_DIR to a new or empty directory, or to the one Laurel created before (default ./.data).",
    );
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK);
    if (entries.includes("PG_VERSION")) accessSync(join(dataDir, "PG_VERSION"), constants.R_OK);
  } catch {
    throw new StartupError(
      `${what} cannot be read and written by this user. Fix its permissions or choose another DATA_DIR.`,
    );
  }
}

interface CodedError {
  code?: string;
  message?: string;
  name?: string;
}

/** Explains a failure to open or migrate the database; undefined when it is not a setting's fault. */
export function explainDatabaseError(error: unknown, config: Config): StartupError | undefined {
  const e = (error ?? {}) as CodedError;
  if (!config.databaseUrl) {
    if (e.name === "ExitStatus" || e.name === "RuntimeError")
      return new StartupError(
        `The embedded database in DATA_DIR=${config.dataDir} could not be opened (${e.message ?? e.name}). ` +
          "It may be damaged or from another PGlite version: move it aside and start again, or set DATA_DIR to another directory.",
      );
    return undefined;
  }
  const url = `DATABASE_URL=${maskDatabaseUrl(config.databaseUrl)}`;
  switch (e.code) {
    case "ERR_INVALID_URL":
      return new StartupError(
        `${url} is not a valid URL. Use postgres://user:password@host:5432/database (URL-encode special characters in the password).`,
      );
    case "ECONNREFUSED":
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new StartupError(
        `Cannot reach PostgreSQL at ${url} (${e.code}). Start PostgreSQL or correct the host and port; unset DATABASE_URL to use the embedded database.`,
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new StartupError(`The host in ${url} is not known (${e.code}). Correct the host name.`);
    case "3D000":
      return new StartupError(
        `${e.message ?? "The database does not exist"} (${url}). Create it (createdb) or name an existing one.`,
      );
    case "28P01":
    case "28000":
      return new StartupError(
        `PostgreSQL refused the sign-in for ${url}: ${e.message}. Correct the user or password.`,
      );
  }
  return undefined;
}

/** Explains a failure to listen on HOST:PORT. */
export function explainListenError(error: unknown, config: Config): StartupError | undefined {
  const code = (error as CodedError | undefined)?.code;
  const where = `${config.host}:${config.port}`;
  if (code === "EADDRINUSE")
    return new StartupError(
      `Port ${config.port} is already in use (${where}): another Laurel or another program is listening there. Stop it, or start with another PORT (e.g. PORT=${config.port + 1} npm start).`,
    );
  if (code === "EACCES")
    return new StartupError(
      `Not allowed to listen on ${where}. Choose a PORT above 1023, or run with the needed rights.`,
    );
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new StartupError(
      `HOST=${config.host} is not an address of this machine. Use 127.0.0.1 or 0.0.0.0.`,
    );
  return undefined;
}
