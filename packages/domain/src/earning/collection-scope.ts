/**
 * Collection scoping (issue 14, C-19, C-20): order webhooks name each line's product, never its
 * collections. The rules name collections (scope, exclusions, `collection id` conditions); the
 * caller keeps which products are in those collections and fills the lines before evaluating.
 */
import type { EarningProgram, PlaceOrderProgram } from "../programs/earning";
import { placeOrderEvents } from "../programs/earning";

/** The collection ids the place order rules name, sorted, each once. */
export function collectionIdsNamedBy(programs: readonly EarningProgram[]): string[] {
  const ids = new Set<string>();
  for (const program of programs) {
    if (!(placeOrderEvents as readonly string[]).includes(program.event)) continue;
    const c = (program as PlaceOrderProgram).config;
    for (const list of [
      c.includeProducts,
      c.excludeProducts,
      c.excludePOSOrderProducts,
      c.excludeOSOrderProducts,
    ]) {
      for (const id of list?.collectionIds ?? []) ids.add(id);
    }
    for (const condition of c.conditions ?? []) {
      if (condition.criteria !== "collection" || condition.field !== "id") continue;
      const values = Array.isArray(condition.value) ? condition.value : [condition.value];
      for (const v of values) if (v !== null && String(v).trim() !== "") ids.add(String(v).trim());
    }
  }
  return [...ids].sort();
}

/**
 * The lines with the collections their products are in, among those `membership` knows (product id
 * → collection ids). Collections a line already names are kept.
 */
export function withLineCollections<L extends { productId: string | null; collectionIds?: string[] }>(
  lines: readonly L[],
  membership: ReadonlyMap<string, readonly string[]>,
): L[] {
  return lines.map((line) => {
    const known = line.productId === null ? undefined : membership.get(line.productId);
    if (!known || known.length === 0) return line;
    return { ...line, collectionIds: [...new Set([...(line.collectionIds ?? []), ...known])].sort() };
  });
}
