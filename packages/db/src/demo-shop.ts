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

/** A demo store account with Laurel's side seeded under the same platform id. */
export interface DemoShopper {
  customerId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  member: boolean;
}

/**
 * Decision 0177: Northwind Trading, the demo's company member (a B2B partner, seeded on Laurel's
 * side with the demo customers), can sign in to the demo store to see its partner tier.
 */
export const DEMO_PARTNER_SHOPPER: DemoShopper = {
  customerId: "7301000000000300001",
  email: "orders@northwind-trading.test",
  password: "laurel-northwind",
  firstName: "Northwind",
  lastName: "Trading",
  member: true,
};
