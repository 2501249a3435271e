import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/** `npm start` with a bad setting: exit code 1 and one plain message, no stack or WebAssembly dump. */
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = mkdtempSync(join(tmpdir(), "laurel-start-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: apiDir,
      env: { ...process.env, LOG_LEVEL: "silent", DATABASE_URL: "", INIT_CWD: root, ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => done({ code, output }));
  });
}

describe("start-up errors", () => {
  it("a DATA_DIR that is neither empty nor a database", async () => {
    const dir = join(root, "photos");
    mkdirSync(dir);
    writeFileSync(join(dir, "cat.jpg"), "not a database");
    const { code, output } = await start({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `DATA_DIR=${dir} is not empty and does not hold a Laurel database (no PG_VERSION file). Set DATA_DIR to a new or empty directory, or to the one Laurel created before (default ./.data).`,
    );
  }, 120_000); // A process start: slow while the other test files run.

  it("an unreachable DATABASE_URL", async () => {
    const { code, output } = await start({ DATABASE_URL: "postgres://laurel:pw@127.0.0.1:1/laurel" });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      "Cannot reach PostgreSQL at DATABASE_URL=postgres://laurel:***@127.0.0.1:1/laurel (ECONNREFUSED). Start PostgreSQL or correct the host and port; unset DATABASE_URL to use the embedded database.",
    ]);
  }, 120_000);

  it("a port in use", async () => {
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(0, "127.0.0.1", done));
    const port = (holder.address() as { port: number }).port;
    try {
      const { code, output } = await start({ PORT: String(port), DATA_DIR: "memory://", SEED_DEMO: "0" });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use (127.0.0.1:${port})`);
      expect(output).not.toMatch(/\n\s+at /); // no stack
    } finally {
      holder.close();
    }
  }, 120_000);
});
