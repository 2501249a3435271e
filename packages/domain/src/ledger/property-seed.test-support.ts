/**
 * Test support (imported only by `*.test.ts`): DESIGN §8 asks every randomised test to print its
 * seed and replay from it. `FC_SEED=<n>` replays; otherwise a fresh seed is drawn and printed.
 * The domain has no `process` or `console` types, so both are reached through `globalThis`.
 */
import fc from "fast-check";

type Host = {
  process?: { env: Record<string, string | undefined> };
  console?: { log(...args: unknown[]): void };
};

export function usePropertySeed(suite: string): number {
  const host = globalThis as Host;
  const fromEnv = host.process?.env.FC_SEED;
  const seed = fromEnv ? Number(fromEnv) : Date.now() % 2 ** 31;
  host.console?.log(`${suite} property seed ${seed} (replay with FC_SEED=${seed})`);
  fc.configureGlobal({ seed });
  return seed;
}
