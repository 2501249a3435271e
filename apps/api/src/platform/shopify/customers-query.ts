import { z } from "zod";
import type { CataloguePage, PlatformCustomerDetails } from "../port";

/**
 * J-21: the store's customers through Admin GraphQL (`read_customers`): one by id
 * (`customer(id:)`, null when the store no longer has it) and the whole list a page at a time
 * (`customers(first:, after:)`, sorted by id). E-mail and its marketing consent come from
 * `defaultEmailAddress` (Customer.email and emailMarketingConsent are deprecated since 2025-04).
 */
const CUSTOMER_FIELDS = `legacyResourceId firstName lastName tags updatedAt
    defaultEmailAddress { emailAddress marketingState marketingUpdatedAt }`;

export const CUSTOMER_QUERY = `query LaurelCustomer($id: ID!) {
  customer(id: $id) { ${CUSTOMER_FIELDS} }
}`;

export const CUSTOMERS_QUERY = `query LaurelCustomers($first: Int!, $after: String) {
  customers(first: $first, after: $after, sortKey: ID) {
    nodes { ${CUSTOMER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const CUSTOMERS_COUNT_QUERY = `query LaurelCustomersCount {
  customersCount(limit: null) { count }
}`;

const customerNode = z.object({
  legacyResourceId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  tags: z.array(z.string()),
  updatedAt: z.string().nullable().optional(),
  defaultEmailAddress: z
    .object({
      emailAddress: z.string().nullable(),
      marketingState: z.string().nullable(),
      marketingUpdatedAt: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export const customerResponse = z.object({ customer: customerNode.nullable() });

export const customersResponse = z.object({
  customers: z.object({
    nodes: z.array(customerNode),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
  }),
});

export const customersCountResponse = z.object({
  customersCount: z.object({ count: z.number().int().nonnegative() }),
});

const dateOf = (s: string | null | undefined) => {
  const at = Date.parse(s ?? "");
  return Number.isNaN(at) ? null : new Date(at);
};

export function toPlatformCustomer(c: z.infer<typeof customerNode>): PlatformCustomerDetails {
  const email = c.defaultEmailAddress ?? null;
  const state = email?.marketingState ?? null;
  return {
    id: c.legacyResourceId,
    email: email?.emailAddress ?? null,
    firstName: c.firstName,
    lastName: c.lastName,
    tags: c.tags,
    // GraphQL's enum (SUBSCRIBED, NOT_SUBSCRIBED, …) in the webhooks' lower case.
    emailMarketing: state
      ? { state: state.toLowerCase(), at: dateOf(email?.marketingUpdatedAt) ?? dateOf(c.updatedAt) }
      : null,
    updatedAt: dateOf(c.updatedAt),
  };
}

export function toCustomersPage(
  data: z.infer<typeof customersResponse>,
): CataloguePage<PlatformCustomerDetails> {
  return { items: data.customers.nodes.map(toPlatformCustomer), pageInfo: data.customers.pageInfo };
}

/** A customer's GID from Laurel's numeric platform id (a GID is kept as it is). */
export function customerGid(customerPlatformId: string): string {
  return customerPlatformId.startsWith("gid://")
    ? customerPlatformId
    : `gid://shopify/Customer/${customerPlatformId}`;
}
