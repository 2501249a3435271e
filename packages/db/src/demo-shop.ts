/**
 * The demo shop's identities, shared by the two sides that seed it: Laurel (its shop and members)
 * and the demo store (its shopper accounts). Data only, so both may import it (decision 0045).
 */
export const DEMO_SHOP_DOMAIN = "laurel-demo.myshopify.com";

/**
 * The demo store's seeded shoppers. Stable platform ids (64-bit, beyond 2^53, as Shopify's) and
 * passwords; Ava and Ben have joined the loyalty program, Cleo has not yet.
 */
export const DEMO_SHOPPERS = [
  {
    customerId: "7301000000000000001",
    email: "ava@laurel.test",
    password: "laurel-ava",
    firstName: "Ava",
    lastName: "Park",
    member: true,
  },
  {
    customerId: "7301000000000000002",
    email: "ben@laurel.test",
    password: "laurel-ben",
    firstName: "Ben",
    lastName: "Okafor",
    member: true,
  },
  {
    customerId: "7301000000000000003",
    email: "cleo@laurel.test",
    password: "laurel-cleo",
    firstName: "Cleo",
    lastName: "Rossi",
    member: false,
  },
] as const;

export type DemoShopper = (typeof DEMO_SHOPPERS)[number];
