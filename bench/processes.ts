import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: children start from here so `--import tsx` and the workspaces resolve. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const TAIL_BYTES = 64 * 1024;

export interface Child {
  name: string;
  proc: ChildProcess;
  /** The last 64 KiB of stdout and stderr, interleaved. */
  tail(): string;
  /** Output lines that look like warnings or errors (pino level ≥ 40, or any stderr line). */
  problemLines(): string[];
  exited: Promise<number | null>;
  hasExited(): boolean;
}

/** A TCP port nothing listens on right now (bound on 127.0.0.1, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Node flags for the API and worker processes: BENCH_CPU_PROF=1 writes a CPU profile of each
 * (`node --cpu-prof`) into `.tmp/cpu-prof/` when it stops.
 */
export function serverNodeFlags(): string[] {
  return process.env.BENCH_CPU_PROF === "1"
    ? ["--cpu-prof", `--cpu-prof-dir=${resolve(ROOT, ".tmp", "cpu-prof")}`]
    : [];
}

/** Starts `node <args>` from the repository root with its own event loop (and its own core). */
export function startNode(name: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const problems: string[] = [];
  const keep = (chunk: Buffer, fromStderr: boolean) => {
    const text = chunk.toString("utf8");
    tail = (tail + text).slice(-TAIL_BYTES);
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (fromStderr || (level !== undefined && Number(level) >= 40)) {
        if (problems.length < 1000) problems.push(line);
      }
    }
  };
  proc.stdout?.on("data", (c: Buffer) => keep(c, false));
  proc.stderr?.on("data", (c: Buffer) => keep(c, true));
  let done = false;
  const exited = new Promise<number | null>((resolveExit) => {
    proc.once("exit", (code) => {
      done = true;
      resolveExit(code);
    });
    proc.once("error", (error) => {
      done = true;
      tail += `\n[spawn error] ${error.message}`;
      resolveExit(null);
    });
  });
  return {
    name,
    proc,
    tail: () => tail,
    problemLines: () => problems,
    exited,
    hasExited: () => done,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200; fails early (with the child's output) if the child exits. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (child.hasExited()) {
      throw new Error(`${child.name} exited before answering ${url}. Its output:\n${child.tail()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(150);
  }
  throw new Error(
    `${child.name} did not answer ${url} within ${timeoutMs} ms (last: ${last}). Output:\n${child.tail()}`,
  );
}

/** SIGTERM, then SIGKILL after `graceMs`: only this child, by its pid. */
export async function stopChild(child: Child, graceMs = 5_000): Promise<void> {
  if (child.hasExited() || child.proc.pid === undefined) return;
  child.proc.kill("SIGTERM");
  const timer = sleep(graceMs).then(() => "timeout" as const);
  if ((await Promise.race([child.exited, timer])) === "timeout" && !child.hasExited()) {
    child.proc.kill("SIGKILL");
    await child.exited;
  }
}
