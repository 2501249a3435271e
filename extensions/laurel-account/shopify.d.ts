import "@shopify/ui-extensions";

// The `shopify` global of this extension's target, typed per module as Shopify CLI generates it.
//@ts-ignore
declare module "./src/profile-block.tsx" {
  const shopify: import("@shopify/ui-extensions/customer-account.profile.block.render").Api;
}
