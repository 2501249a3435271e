/**
 * The demo store's catalogue: a few products with stable platform ids (64-bit, beyond 2^53, like
 * Shopify's), prices in USD minor units and an inline SVG picture each (no network, no files).
 */

export interface Collection {
  handle: string;
  title: string;
  /** The platform's collection id (discounts may target collections). */
  id: string;
}

export type Art = "tee" | "tote" | "candle" | "mug" | "beanie" | "napkins" | "bottle" | "card";

export interface Product {
  handle: string;
  title: string;
  /** Platform ids: numeric strings, as the webhook payloads carry them. */
  productId: string;
  variantId: string;
  sku: string;
  /** USD minor units. */
  price: number;
  compareAtPrice: number | null;
  collection: string;
  vendor: string;
  /** The product's tags, as Shopify keeps them (C-19 product tag conditions). */
  tags: string[];
  grams: number;
  giftCard: boolean;
  summary: string;
  details: string[];
  art: Art;
  colors: { bg: string; fg: string; accent: string };
}

export const CURRENCY = "USD";

export const COLLECTIONS: Collection[] = [
  { handle: "apparel", title: "Apparel", id: "482913000000000101" },
  { handle: "home", title: "Home", id: "482913000000000102" },
  { handle: "accessories", title: "Accessories", id: "482913000000000103" },
];

const product = (
  p: Omit<Product, "vendor" | "giftCard" | "compareAtPrice" | "tags"> & Partial<Product>,
): Product => ({
  vendor: "Laurel Demo Goods",
  tags: [],
  giftCard: false,
  compareAtPrice: null,
  ...p,
});

export const PRODUCTS: Product[] = [
  product({
    handle: "laurel-wreath-tee",
    tags: ["sale", "organic cotton"],
    title: "Laurel Wreath Tee",
    productId: "8012345678900000001",
    variantId: "4512345678900000001",
    sku: "LDG-TEE-01",
    price: 2800,
    compareAtPrice: 3400,
    collection: "apparel",
    grams: 180,
    summary: "Heavyweight organic cotton tee with a small embroidered laurel wreath on the chest.",
    details: ["100% organic cotton, 220 g/m²", "Relaxed fit, true to size", "Machine wash cold"],
    art: "tee",
    colors: { bg: "#e8efe6", fg: "#2f5d46", accent: "#c9a227" },
  }),
  product({
    handle: "canvas-market-tote",
    tags: ["canvas", "everyday"],
    title: "Canvas Market Tote",
    productId: "8012345678900000002",
    variantId: "4512345678900000002",
    sku: "LDG-TOTE-01",
    price: 3400,
    collection: "accessories",
    grams: 420,
    summary: "A roomy waxed-canvas tote that carries a week of groceries and shrugs off rain.",
    details: ["Waxed cotton canvas", "Leather handles, inner pocket", "42 × 38 × 14 cm"],
    art: "tote",
    colors: { bg: "#f3ece0", fg: "#8a6a3b", accent: "#3b3025" },
  }),
  product({
    handle: "olive-grove-candle",
    tags: ["gift", "scented"],
    title: "Olive Grove Candle",
    productId: "8012345678900000003",
    variantId: "4512345678900000003",
    sku: "LDG-CNDL-01",
    price: 2200,
    collection: "home",
    grams: 350,
    summary: "Soy-wax candle scented with olive leaf, fig and a little sea salt. Burns for 45 hours.",
    details: ["Soy and coconut wax", "Cotton wick", "Reusable ceramic vessel"],
    art: "candle",
    colors: { bg: "#eef0e4", fg: "#6b7a3a", accent: "#f2b84b" },
  }),
  product({
    handle: "ceramic-pour-over-mug",
    tags: ["ceramic", "coffee"],
    title: "Ceramic Pour-Over Mug",
    productId: "8012345678900000004",
    variantId: "4512345678900000004",
    sku: "LDG-MUG-01",
    price: 1800,
    collection: "home",
    grams: 380,
    summary: "Stoneware mug with a speckled glaze, sized for a generous pour-over.",
    details: ["Stoneware, 350 ml", "Dishwasher and microwave safe", "Each glaze is unique"],
    art: "mug",
    colors: { bg: "#e9eef2", fg: "#40596b", accent: "#d9cbb0" },
  }),
  product({
    handle: "merino-beanie",
    tags: ["wool", "winter"],
    title: "Merino Beanie",
    productId: "8012345678900000005",
    variantId: "4512345678900000005",
    sku: "LDG-BNE-01",
    price: 2600,
    collection: "apparel",
    grams: 90,
    summary: "Soft, warm and itch-free: a ribbed beanie knitted from fine merino wool.",
    details: ["100% merino wool", "One size", "Hand wash"],
    art: "beanie",
    colors: { bg: "#f4e6e4", fg: "#a2493d", accent: "#f0d6cf" },
  }),
  product({
    handle: "linen-napkin-set",
    tags: ["linen", "table"],
    title: "Linen Napkin Set (4)",
    productId: "8012345678900000006",
    variantId: "4512345678900000006",
    sku: "LDG-NPK-04",
    price: 2400,
    collection: "home",
    grams: 240,
    summary: "Four stonewashed linen napkins that get softer with every wash.",
    details: ["100% European linen", "45 × 45 cm", "Set of four"],
    art: "napkins",
    colors: { bg: "#efe9f3", fg: "#6d5a8a", accent: "#cfc3dc" },
  }),
  product({
    handle: "trail-water-bottle",
    tags: ["outdoor", "steel"],
    title: "Trail Water Bottle",
    productId: "8012345678900000007",
    variantId: "4512345678900000007",
    sku: "LDG-BTL-01",
    price: 3000,
    collection: "accessories",
    grams: 310,
    summary: "Insulated steel bottle: cold for 24 hours, hot for 12, and it never sweats.",
    details: ["Double-wall stainless steel", "750 ml", "Leak-proof cap"],
    art: "bottle",
    colors: { bg: "#e3f0ef", fg: "#2d6f6a", accent: "#9fd3cc" },
  }),
  product({
    handle: "gift-card",
    title: "Laurel Demo Gift Card",
    productId: "8012345678900000008",
    variantId: "4512345678900000008",
    sku: "LDG-GIFT-25",
    price: 2500,
    collection: "accessories",
    grams: 0,
    giftCard: true,
    summary: "A $25 gift card, delivered by e-mail. Gift cards earn no points and take no discounts.",
    details: ["Delivered by e-mail", "Never expires", "No shipping"],
    art: "card",
    colors: { bg: "#f1efe6", fg: "#2f5d46", accent: "#c9a227" },
  }),
];

const byHandle = new Map(PRODUCTS.map((p) => [p.handle, p]));

export function findProduct(handle: string): Product | undefined {
  return byHandle.get(handle);
}

export function findCollection(handle: string): Collection | undefined {
  return COLLECTIONS.find((c) => c.handle === handle);
}

export function collectionIdOf(p: Product): string {
  return COLLECTIONS.find((c) => c.handle === p.collection)?.id ?? "";
}

/** `gid://shopify/Product/123` or `123` → `123`: discounts may name products either way. */
export function numericId(id: string): string {
  return id.slice(id.lastIndexOf("/") + 1);
}

/** Formats minor units as the shop's money ("$28.00"). */
export function formatMoney(minor: number, currency = CURRENCY): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(minor / 100);
}

/** Minor units → the decimal string Shopify's payloads use ("28.00"). */
export function decimal(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
