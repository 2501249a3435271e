/**
 * Reading a V8 CPU profile (`node --cpu-prof`): self time by area and the top functions.
 * `npx node --import tsx bench/cpu-profile.ts <file.cpuprofile>` prints one.
 */
import { readFileSync } from "node:fs";
import { fmt } from "./report";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Areas by the file a sampled function lives in (first match wins). */
const AREAS: [string, RegExp][] = [
  ["garbage collection", /^\(garbage collector\)$/],
  ["idle", /^\((idle|program)\)$/],
  ["signature check (crypto)", /shopify-signatures|node:crypto|internal\/crypto/],
  ["shop context", /shop-context/],
  ["webhook processing", /modules\/(webhooks|orders|customers|ledger)|webhook-topics/],
  ["domain (points engine)", /packages\/domain/],
  ["storefront service", /modules\/storefront|modules\/rewards|modules\/programs/],
  ["database driver (pg, kysely)", /node_modules\/(pg|pg-protocol|pg-pool|pg-types|kysely)\//],
  ["logging (pino)", /node_modules\/(pino|sonic-boom|thread-stream)/],
  ["rate limit", /rate-limit/],
  ["fastify (routing, hooks, reply)", /node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify)/],
  ["JSON serialisation", /fast-json-stringify|JSON\.stringify|^stringify$/],
  ["zod", /node_modules\/zod/],
  [
    "node http/net",
    /^node:(_http|http|net|stream|events|internal\/(http|stream|streams|net))|internal\/(http|streams|net)/,
  ],
  ["other app code", /apps\/api\/src|packages\//],
];

function areaOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  for (const [area, re] of AREAS) if (re.test(url) || re.test(functionName)) return area;
  return url ? "other (node internals, libraries)" : `builtin ${functionName || "(anonymous)"}`;
}

/** Prints a `.cpuprofile`'s self time by area and its top functions. */
export function summarizeProfile(file: string): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const area = areaOf(node);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = node.callFrame.url.replace(/^.*\/(node_modules|apps|packages)\//, "$1/");
    const key = `${node.callFrame.functionName || "(anonymous)"} ${where}:${node.callFrame.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const pct = (us: number) => `${fmt((100 * us) / total, 1)} %`;
  console.log(`\nself time by area (${fmt(total / 1e6, 1)} s sampled):`);
  for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1]).filter(([, us]) => us >= total / 1000))
    console.log(`  ${pct(us).padStart(7)}  ${area}`);
  console.log("\ntop functions by self time:");
  for (const [fn, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${pct(us).padStart(7)}  ${fn}`);
  }
}

if (process.argv[1]?.endsWith("cpu-profile.ts") && process.argv[2]) summarizeProfile(process.argv[2]);
