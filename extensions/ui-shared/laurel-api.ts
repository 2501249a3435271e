import { useEffect, useState } from "preact/hooks";
import { APP_URL } from "./app-url";

/**
 * How Laurel's checkout and customer-account UI extensions read their data (decision 0180):
 * `fetch` to `/extensions/*` on Laurel's own host with the session token Shopify gives the
 * extension (the `network_access` capability), a fresh token per request as Shopify asks.
 */
export type Loaded<T> = { state: "loading" } | { state: "ready"; data: T } | { state: "failed" };

export async function fetchFromLaurel<T>(
  path: string,
  token: () => Promise<string>,
  locale: string,
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const url = `${APP_URL}${path}?locale=${encodeURIComponent(locale)}`;
  const res = await fetchImpl(url, { headers: { Authorization: `Bearer ${await token()}` } });
  const body = (await res.json()) as { success?: boolean; data?: T; error?: string };
  if (!res.ok || body.success !== true) throw new Error(body.error ?? `Laurel answered ${res.status}`);
  return body.data as T;
}

/** Loads once per mount; a failure is a state the block renders, never an exception. */
export function useLaurel<T>(path: string, token: () => Promise<string>, locale: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  useEffect(() => {
    let live = true;
    fetchFromLaurel<T>(path, token, locale).then(
      (data) => live && setLoaded({ state: "ready", data }),
      () => live && setLoaded({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [path, token, locale]);
  return loaded;
}
