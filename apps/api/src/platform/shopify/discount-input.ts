import { z } from "zod";
import { currencyExponent } from "../money";
import type { DiscountItems, DiscountRequest, Money } from "../port";

/** Minor units → the decimal string Shopify's Decimal scalar takes (no float arithmetic). */
export function toDecimal(money: Money): string {
  const exp = currencyExponent(money.currency);
  const sign = money.amount < 0 ? "-" : "";
  const digits = String(Math.abs(money.amount)).padStart(exp + 1, "0");
  return exp === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}

const gid = (type: string, id: string) => (id.startsWith("gid://") ? id : `gid://shopify/${type}/${id}`);

function items(i: DiscountItems) {
  if ("all" in i) return { all: true };
  if ("productIds" in i) return { products: { productsToAdd: i.productIds.map((p) => gid("Product", p)) } };
  return { collections: { add: i.collectionIds.map((c) => gid("Collection", c)) } };
}

/**
 * D-10 (decision 0120): Shopify's code discount inputs have no sale-channel field, and a native
 * code works wherever codes are accepted. The channel goes with the discount as its title's
 * suffix, which the merchant sees in Shopify's Discounts list and at the POS.
 */
export const SALES_CHANNEL_SUFFIX: Record<DiscountRequest["salesChannel"], string> = {
  all: "",
  online_store: " · Online Store only",
  pos: " · POS only",
};

function common(r: DiscountRequest) {
  return {
    code: r.code,
    title: `${r.title}${SALES_CHANNEL_SUFFIX[r.salesChannel]}`,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt?.toISOString() ?? null,
    usageLimit: r.usageLimit,
    appliesOncePerCustomer: r.appliesOncePerCustomer,
    combinesWith: r.combinesWith,
    // `context` replaced `customerSelection` for code discounts (2025-10+): a customer-only code.
    context: r.customerPlatformId
      ? { customers: { add: [gid("Customer", r.customerPlatformId)] } }
      : { all: "ALL" },
  };
}

function minimumRequirement(r: DiscountRequest) {
  if (!r.minimum) return null;
  if ("subtotal" in r.minimum)
    return { subtotal: { greaterThanOrEqualToSubtotal: toDecimal(r.minimum.subtotal) } };
  return { quantity: { greaterThanOrEqualToQuantity: String(r.minimum.quantity) } };
}

const purchase = (r: DiscountRequest) => ({
  appliesOnOneTimePurchase: r.purchaseType !== "subscription",
  appliesOnSubscription: r.purchaseType !== "one_time",
});

/** Which mutation and input a reward becomes (reference §5.1). */
export function discountMutation(r: DiscountRequest): {
  mutation: "basic" | "freeShipping" | "bxgy";
  input: Record<string, unknown>;
} {
  const v = r.value;
  switch (v.kind) {
    case "amount":
    case "percentage":
      return {
        mutation: "basic",
        input: {
          ...common(r),
          minimumRequirement: minimumRequirement(r),
          customerGets: {
            value:
              v.kind === "amount"
                ? { discountAmount: { amount: toDecimal(v.amount), appliesOnEachItem: false } }
                : { percentage: v.percentage / 100 },
            items: items(v.items),
            ...purchase(r),
          },
        },
      };
    case "free_product":
      return {
        mutation: "basic",
        input: {
          ...common(r),
          minimumRequirement: minimumRequirement(r),
          customerGets: {
            value: { percentage: 1 },
            items: items({ productIds: v.productIds }),
            ...purchase(r),
          },
        },
      };
    case "free_shipping":
      return {
        mutation: "freeShipping",
        input: {
          ...common(r),
          minimumRequirement: minimumRequirement(r),
          destination: { all: true },
          maximumShippingPrice: v.maxShippingPrice ? toDecimal(v.maxShippingPrice) : null,
          ...purchase(r),
        },
      };
    case "buy_x_get_y":
      return {
        mutation: "bxgy",
        input: {
          ...common(r),
          usesPerOrderLimit: 1,
          customerBuys: { value: { quantity: String(v.buys.quantity) }, items: items(v.buys.items) },
          customerGets: {
            value: {
              discountOnQuantity: {
                quantity: String(v.gets.quantity),
                effect: { percentage: v.gets.percentage / 100 },
              },
            },
            items: items(v.gets.items),
          },
        },
      };
  }
}

export const DISCOUNT_MUTATIONS = {
  basic: `mutation LaurelBasic($input: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $input) { codeDiscountNode { id } userErrors { field message code } }
}`,
  freeShipping: `mutation LaurelFreeShipping($input: DiscountCodeFreeShippingInput!) {
  discountCodeFreeShippingCreate(freeShippingCodeDiscount: $input) { codeDiscountNode { id } userErrors { field message code } }
}`,
  bxgy: `mutation LaurelBxgy($input: DiscountCodeBxgyInput!) {
  discountCodeBxgyCreate(bxgyCodeDiscount: $input) { codeDiscountNode { id } userErrors { field message code } }
}`,
  deactivate: `mutation LaurelDeactivate($id: ID!) {
  discountCodeDeactivate(id: $id) { codeDiscountNode { id } userErrors { field message code } }
}`,
} as const;

/** The discount a code names, if any (`codeDiscountNodeByCode` compares codes case-insensitively). */
export const DISCOUNT_BY_CODE_QUERY = `query LaurelDiscountByCode($code: String!) {
  codeDiscountNodeByCode(code: $code) { id }
}`;

export const discountByCodeResponse = z.object({
  codeDiscountNodeByCode: z.object({ id: z.string() }).nullable(),
});
