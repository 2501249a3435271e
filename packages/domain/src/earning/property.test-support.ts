/**
 * DESIGN §8: every randomised test prints its seed and replays from it. `FC_SEED=<n>` replays a run;
 * otherwise fast-check picks the seed, which is printed either way.
 */
import fc from "fast-check";

function seedFromEnv(): number | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const raw = env?.FC_SEED;
  return raw === undefined || raw === "" ? undefined : Number(raw);
}

/** The domain compiles without DOM or Node types, so reach the console through globalThis. */
function print(line: string): void {
  (globalThis as { console?: { info: (line: string) => void } }).console?.info(line);
}

export function assertProperty<Ts>(name: string, property: fc.IProperty<Ts>, numRuns = 500): void {
  const seed = seedFromEnv();
  const details = fc.check(property, seed === undefined ? { numRuns } : { numRuns, seed });
  print(`[property] ${name}: seed ${details.seed} (replay with FC_SEED=${details.seed})`);
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? `property failed: ${name}`);
}
