import { useCallback } from "react";
import { useLocation } from "react-router";

/** Embedded mode prefixes every path with /embed. Standalone paths have no prefix. */
export const EMBED_PREFIX = "/embed";
export type PathPrefix = "" | typeof EMBED_PREFIX;

/** Splits `/embed/customers/history` into `{ prefix: "/embed", path: "/customers/history" }`. */
export function splitPrefix(pathname: string): { prefix: PathPrefix; path: string } {
  if (pathname === EMBED_PREFIX || pathname.startsWith(`${EMBED_PREFIX}/`)) {
    const rest = pathname.slice(EMBED_PREFIX.length);
    return { prefix: EMBED_PREFIX, path: rest === "" ? "/" : rest };
  }
  return { prefix: "", path: pathname === "" ? "/" : pathname };
}

/** `prefixed("/embed", "/")` is `/embed`; `prefixed("", "/customers")` is `/customers`. */
export function prefixed(prefix: PathPrefix, path: string): string {
  if (prefix === "") return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/**
 * The first path segment after the prefix: `/embed/programs/point/3` → `programs`, `/` → ``.
 * The leave-page guard compares these.
 */
export function sectionOf(pathname: string): string {
  return splitPrefix(pathname).path.split("/")[1] ?? "";
}

/** The current prefix and a helper that turns an app path into a link for the current mode. */
export function useAppPaths(): { prefix: PathPrefix; path: string; href: (path: string) => string } {
  const { pathname } = useLocation();
  const { prefix, path } = splitPrefix(pathname);
  const href = useCallback((to: string) => prefixed(prefix, to), [prefix]);
  return { prefix, path, href };
}
