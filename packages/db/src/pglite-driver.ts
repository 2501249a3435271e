import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from "kysely";

/**
 * PGlite has exactly one connection. Kysely (and pg-boss) assume a pool, so every user of the
 * connection goes through this lock: a transaction holds it from BEGIN to COMMIT/ROLLBACK, and no
 * other request's statement can slip into the middle of it. See docs/decisions/0004.
 */
export class ConnectionLock {
  #queue: Array<() => void> = [];
  #held = false;

  async acquire(timeoutMs = 30_000): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#queue = this.#queue.filter((w) => w !== wake);
        reject(
          new Error(
            `PGlite connection busy for ${timeoutMs} ms: a query was probably issued on the database handle while a transaction on it was open (use the transaction handle).`,
          ),
        );
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#queue.push(wake);
    });
  }

  release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }
}

/** Runs a statement: parameterless text may hold several statements (pg-boss DDL), like node-pg's simple protocol. */
export async function runPgliteStatement(pg: PGlite, text: string, values?: readonly unknown[]) {
  if (values && values.length > 0) {
    const r = await pg.query<Record<string, unknown>>(text, values as unknown[]);
    return { rows: r.rows, affectedRows: r.affectedRows };
  }
  const results = await pg.exec(text);
  const last = results.at(-1);
  return {
    rows: results.flatMap((r) => r.rows as Record<string, unknown>[]),
    affectedRows: last?.affectedRows,
  };
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const r = await runPgliteStatement(this.pg, compiled.sql, compiled.parameters);
    return {
      rows: r.rows as R[],
      ...(r.affectedRows !== undefined ? { numAffectedRows: BigInt(r.affectedRows) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by PGlite; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported on PGlite.");
  }
}

class PgliteDriver implements Driver {
  readonly #connection: PgliteConnection;

  constructor(
    private readonly pg: PGlite,
    private readonly lock: ConnectionLock,
  ) {
    this.#connection = new PgliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(): Promise<void> {
    this.lock.release();
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

export class PgliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    private readonly lock: ConnectionLock,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PgliteDriver(this.pg, this.lock);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
