import "@shopify/ui-extensions";

// The `shopify` global of this extension's target, typed per module as Shopify CLI generates it (without
// its @ts-ignore: the augmentation type-checks as it is).
declare module "./src/checkout-discount.tsx" {
  const shopify: import("@shopify/ui-extensions/purchase.checkout.reductions.render-after").Api;
}
