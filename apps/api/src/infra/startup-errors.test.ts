import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openConfiguredDatabase } from "../runtime";
import { loadConfig, maskDatabaseUrl } from "./env";
import { checkDataDir, explainDatabaseError, explainListenError, StartupError } from "./startup-errors";

const root = mkdtempSync(join(tmpdir(), "laurel-startup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("DATA_DIR", () => {
  it("accepts a missing, an empty, or a database directory", () => {
    expect(() => checkDataDir(join(root, "absent"))).not.toThrow();
    mkdirSync(join(root, "empty"));
    expect(() => checkDataDir(join(root, "empty"))).not.toThrow();
    mkdirSync(join(root, "db"));
    writeFileSync(join(root, "db/PG_VERSION"), "17\n");
    expect(() => checkDataDir(join(root, "db"))).not.toThrow();
    expect(() => checkDataDir("memory://")).not.toThrow();
  });

  it("refuses a non-empty directory that is not a database, naming it and what to do", () => {
    const dir = join(root, "notes");
    mkdirSync(dir);
    writeFileSync(join(dir, "todo.txt"), "x");
    expect(() => checkDataDir(dir)).toThrow(StartupError);
    expect(() => checkDataDir(dir)).toThrow(
      `DATA_DIR=${dir} is not empty and does not hold a Laurel database`,
    );
    expect(() => checkDataDir(dir)).toThrow("Set DATA_DIR to a new or empty directory");
  });

  it("refuses a file", () => {
    const file = join(root, "a-file");
    writeFileSync(file, "x");
    expect(() => checkDataDir(file)).toThrow(`DATA_DIR=${file} is a file, not a directory`);
  });
});

describe("DATABASE_URL", () => {
  it("hides the password in every message", () => {
    expect(maskDatabaseUrl("postgres://laurel:s3cr%40t@db:5432/laurel")).toBe(
      "postgres://laurel:***@db:5432/laurel",
    );
    expect(maskDatabaseUrl("postgres://laurel@db/laurel")).toBe("postgres://laurel@db/laurel");
  });

  it("an unreachable server: one message naming the URL (password hidden) and what to do", async () => {
    const config = loadConfig({ DATABASE_URL: "postgres://laurel:hunter2@127.0.0.1:1/laurel" });
    const failure = await openConfiguredDatabase(config).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StartupError);
    const message = (failure as Error).message;
    expect(message).toContain(
      "Cannot reach PostgreSQL at DATABASE_URL=postgres://laurel:***@127.0.0.1:1/laurel",
    );
    expect(message).toContain("Start PostgreSQL");
    expect(message).not.toContain("hunter2");
  });

  it("a malformed URL is refused with the configuration, naming the value", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://u:pw@[bad/x" })).toThrow(
      /DATABASE_URL: is not a valid URL.*\(DATABASE_URL=postgres:\/\/u:\*\*\*@\[bad\/x\)/,
    );
    expect(() => loadConfig({ DATABASE_URL: "postgres://h:99999/x" })).toThrow(
      "DATABASE_URL: is not a valid URL",
    );
  });

  it.each([
    [{ code: "ENOTFOUND" }, "is not known"],
    [{ code: "3D000", message: 'database "nope" does not exist' }, 'database "nope" does not exist'],
    [{ code: "28P01", message: "password authentication failed" }, "Correct the user or password"],
  ])("explains %j", (error, text) => {
    const config = loadConfig({ DATABASE_URL: "postgres://laurel:pw@db:5432/nope" });
    expect(explainDatabaseError(error, config)?.message).toContain(text);
    expect(explainDatabaseError(error, config)?.message).toContain("postgres://laurel:***@db:5432/nope");
  });

  it("leaves errors that are not a setting's fault alone", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://laurel@db/x" });
    expect(explainDatabaseError(new Error("syntax error at or near"), config)).toBeUndefined();
  });
});

describe("PORT", () => {
  let holder: Server;
  afterAll(() => new Promise<void>((done) => (holder ? holder.close(() => done()) : done())));

  it("a port in use: names the port and what to do", async () => {
    holder = createServer();
    await new Promise<void>((done) => holder.listen(0, "127.0.0.1", done));
    const port = (holder.address() as { port: number }).port;
    const error = await new Promise<unknown>((done) => {
      const second = createServer();
      second.once("error", done);
      second.listen(port, "127.0.0.1");
    });
    const explained = explainListenError(error, loadConfig({ PORT: String(port) }));
    expect(explained?.message).toBe(
      `Port ${port} is already in use (127.0.0.1:${port}): another Laurel or another program is listening there. Stop it, or start with another PORT (e.g. PORT=${port + 1} npm start).`,
    );
  });
});
