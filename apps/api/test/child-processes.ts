/**
 * Real server processes for crash tests: `node --import tsx apps/api/src/<entry>.ts` from the
 * repository root, killed by pid only (never by name), output kept for the failure message.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  proc: ChildProcess;
  exited: Promise<void>;
  output(): string;
  alive(): boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function spawnServer(entry: "main" | "worker", env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, ["--import", "tsx", `apps/api/src/${entry}.ts`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (c: Buffer) => {
    out = (out + c.toString("utf8")).slice(-32_768);
  };
  proc.stdout?.on("data", keep);
  proc.stderr?.on("data", keep);
  let alive = true;
  const exited = new Promise<void>((r) => {
    proc.once("exit", () => {
      alive = false;
      r();
    });
  });
  return { proc, exited, output: () => out, alive: () => alive };
}

/** Until `ready()` holds; fails with the child's output if it exits or takes too long. */
export async function waitUntil(
  child: ServerProcess,
  what: string,
  ready: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (!child.alive()) throw new Error(`${what} exited while starting:\n${child.output()}`);
    if (Date.now() > deadline) throw new Error(`${what} not ready in ${timeoutMs} ms:\n${child.output()}`);
    await sleep(100);
  }
}

export async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/health`, { signal: AbortSignal.timeout(1_000) })).status === 200;
  } catch {
    return false;
  }
}

/** SIGKILL: no shutdown hook runs, in-flight transactions are cut (what a crash does). */
export async function killHard(child: ServerProcess): Promise<void> {
  if (!child.alive()) return;
  child.proc.kill("SIGKILL");
  await child.exited;
}

/** SIGTERM (graceful), SIGKILL after a grace period. */
export async function stopGracefully(child: ServerProcess, graceMs = 5_000): Promise<void> {
  if (!child.alive()) return;
  child.proc.kill("SIGTERM");
  const timedOut = await Promise.race([child.exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) await killHard(child);
}
