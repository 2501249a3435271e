import { PlatformError } from "../port";

/**
 * A small Admin GraphQL client (reference §5.6): retries THROTTLED answers after the time the
 * leaky bucket needs to refill the requested cost, and HTTP 429/503 after Retry-After. Sleep is a
 * parameter so tests do not wait.
 */
export interface AdminGraphqlOptions {
  origin: string;
  apiVersion: string;
  accessToken: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
}

interface Cost {
  requestedQueryCost?: number;
  throttleStatus?: { currentlyAvailable: number; restoreRate: number };
}

interface GraphqlBody {
  data?: unknown;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  extensions?: { cost?: Cost };
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How long to wait before the bucket holds the requested cost again. */
export function throttleWaitMs(cost: Cost | undefined, fallbackMs = 1000): number {
  const requested = cost?.requestedQueryCost;
  const status = cost?.throttleStatus;
  if (!requested || !status || status.restoreRate <= 0) return fallbackMs;
  const missing = Math.max(0, requested - status.currentlyAvailable);
  return Math.max(100, Math.ceil((missing / status.restoreRate) * 1000));
}

export async function adminGraphql<T>(
  opts: AdminGraphqlOptions,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? realSleep;
  const attempts = opts.maxAttempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const res = await doFetch(`${opts.origin}/admin/api/${opts.apiVersion}/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": opts.accessToken },
      body: JSON.stringify(variables ? { query, variables } : { query }),
    });
    if (res.status === 429 || res.status === 503) {
      if (attempt >= attempts)
        throw new PlatformError(`Admin API answered ${res.status} ${attempts} times`, true);
      const retryAfter = Number(res.headers.get("retry-after"));
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1000);
      continue;
    }
    if (res.status >= 500) throw new PlatformError(`Admin API answered ${res.status}`, true);
    if (!res.ok) throw new PlatformError(`Admin API answered ${res.status}`, false);
    const body = (await res.json()) as GraphqlBody;
    if (body.errors?.some((e) => e.extensions?.code === "THROTTLED")) {
      if (attempt >= attempts) throw new PlatformError(`Admin API throttled ${attempts} times`, true);
      await sleep(throttleWaitMs(body.extensions?.cost));
      continue;
    }
    if (body.errors?.length) {
      throw new PlatformError(`Admin API error: ${body.errors.map((e) => e.message).join("; ")}`, false);
    }
    return body.data as T;
  }
}
