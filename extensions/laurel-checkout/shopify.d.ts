import "@shopify/ui-extensions";

// The `shopify` global of this extension's target, typed per module as Shopify CLI generates it.
//@ts-ignore
declare module "./src/checkout-discount.tsx" {
  const shopify: import("@shopify/ui-extensions/purchase.checkout.reductions.render-after").Api;
}
