/**
 * Collection scoping (issue 14, C-19, C-20): order webhooks name each line's product, never its
 * collections. The rules name collections (scope, exclusions, `collection id` conditions) or
 * describe them by title (`collection title` conditions); the caller keeps which products are in
 * those collections and fills the lines before evaluating.
 */
import type {
  ConditionMatcher,
  EarningCondition,
  EarningProgram,
  PlaceOrderProgram,
} from "../programs/earning";
import { placeOrderEvents } from "../programs/earning";
import { matchesCondition } from "./conditions";

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

type TitleCondition = Pick<EarningCondition, "matcher" | "value">;

/** The `collection title` conditions of the place order rules. */
export function collectionTitleConditionsOf(programs: readonly EarningProgram[]): TitleCondition[] {
  const found: TitleCondition[] = [];
  for (const program of programs) {
    if (!(placeOrderEvents as readonly string[]).includes(program.event)) continue;
    for (const c of (program as PlaceOrderProgram).config.conditions ?? []) {
      if (c.criteria === "collection" && c.field === "title")
        found.push({ matcher: c.matcher, value: c.value });
    }
  }
  return found;
}

/** Whether any rule needs to know which collections an order's products are in. */
export function rulesReadCollections(programs: readonly EarningProgram[]): boolean {
  return collectionIdsNamedBy(programs).length > 0 || collectionTitleConditionsOf(programs).length > 0;
}

/**
 * A negated matcher asks whether NO collection of the product matches the positive one, so the
 * collections worth keeping are those the positive matcher accepts. `empty`/`not_empty` ask whether
 * the product is in any collection at all: every collection counts.
 */
const POSITIVE: Partial<Record<ConditionMatcher, ConditionMatcher>> = {
  not_contains: "contains",
  not_equal: "equal",
  not_includes: "includes",
};

/**
 * Whether a collection with this title can change what a `collection title` condition decides:
 * only those are kept (a shop may have thousands of collections; a rule about "Sale" needs the
 * ones whose title says so).
 */
export function collectionTitleMatters(title: string, conditions: readonly TitleCondition[]): boolean {
  return conditions.some((c) => {
    if (c.matcher === "empty" || c.matcher === "not_empty") return true;
    const positive = POSITIVE[c.matcher] ?? c.matcher;
    return matchesCondition({ kind: "list", values: [title] }, positive, c.value);
  });
}

/** What the caller keeps about a product's collections: their ids and, where known, titles. */
export interface ProductCollections {
  ids: readonly string[];
  titles: readonly string[];
}

/**
 * The lines with the collections their products are in, among those `membership` knows (product id
 * → collection ids and titles). Collections a line already names are kept.
 */
export function withLineCollections<
  L extends { productId: string | null; collectionIds?: string[]; collectionTitles?: string[] },
>(lines: readonly L[], membership: ReadonlyMap<string, ProductCollections>): L[] {
  return lines.map((line) => {
    const known = line.productId === null ? undefined : membership.get(line.productId);
    if (!known || known.ids.length === 0) return line;
    const filled = {
      ...line,
      collectionIds: [...new Set([...(line.collectionIds ?? []), ...known.ids])].sort(),
    };
    if (known.titles.length === 0) return filled;
    return {
      ...filled,
      collectionTitles: [...new Set([...(line.collectionTitles ?? []), ...known.titles])].sort(),
    };
  });
}
