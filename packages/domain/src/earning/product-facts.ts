/**
 * Product type and tag conditions (C-19, issue 14): order webhooks name each line's product and
 * carry its title, vendor and SKU, never its type or tags. When a place order rule has a product
 * condition on the type or a tag, the caller keeps each product's type and tags from the catalogue
 * and fills the lines before evaluating, as it does for collections (decision 0175).
 */
import type { EarningProgram, PlaceOrderProgram } from "../programs/earning";
import { placeOrderEvents } from "../programs/earning";
import { rulesReadCollections } from "./collection-scope";

/** The product fields the catalogue supplies because order line items do not carry them. */
const CATALOGUE_PRODUCT_FIELDS = ["type", "tag"];

/** Whether any place order rule has a product condition on the product's type or tags. */
export function rulesReadProductFacts(programs: readonly EarningProgram[]): boolean {
  return programs.some(
    (program) =>
      (placeOrderEvents as readonly string[]).includes(program.event) &&
      ((program as PlaceOrderProgram).config.conditions ?? []).some(
        (c) => c.criteria === "product" && CATALOGUE_PRODUCT_FIELDS.includes(c.field),
      ),
  );
}

/** Whether the rules need anything kept from the store's catalogue (collections, product facts). */
export function rulesReadCatalogue(programs: readonly EarningProgram[]): boolean {
  return rulesReadCollections(programs) || rulesReadProductFacts(programs);
}

/** What the caller keeps about a product: its type (null when it has none) and its tags. */
export interface ProductFacts {
  productType: string | null;
  tags: readonly string[];
}

/**
 * Shopify sends a product's tags as one comma-separated string in product webhooks and as a list in
 * the Admin API: both become a list of trimmed, non-empty tags, each once.
 */
export function parseProductTags(tags: string | readonly string[] | null | undefined): string[] {
  const list = typeof tags === "string" ? tags.split(",") : [...(tags ?? [])];
  return [...new Set(list.map((t) => t.trim()).filter((t) => t !== ""))];
}

/**
 * The lines with their products' type and tags, among those `facts` knows (product id → facts). A
 * line that already tells its type or tags keeps what it tells.
 */
export function withLineProductFacts<
  L extends { productId: string | null; productType?: string; productTags?: string[] },
>(lines: readonly L[], facts: ReadonlyMap<string, ProductFacts>): L[] {
  return lines.map((line) => {
    const known = line.productId === null ? undefined : facts.get(line.productId);
    if (!known) return line;
    const type = line.productType ?? known.productType ?? undefined;
    return {
      ...line,
      ...(type === undefined ? {} : { productType: type }),
      productTags: line.productTags ?? [...known.tags],
    };
  });
}
