/**
 * Who may earn at all (C-22, C-32, J-05, J-18, X-51, X-70, X-71) and who a program is for.
 * Shop-wide gates end the evaluation; a program's audience only skips that program.
 */
import type { EarningAudience } from "../programs/earning";
import type { EarningCustomer, EarningShop } from "./types";

export type ShopStop = "transaction_limit_reached" | "order_limit_reached" | "sandbox";

/** J-18, X-71: test e-mails compare trimmed and case-insensitively. */
export function isTestEmail(email: string | null | undefined, testEmails: readonly string[]): boolean {
  const wanted = email?.trim().toLowerCase();
  if (!wanted) return false;
  return testEmails.some((t) => t.trim().toLowerCase() === wanted);
}

/**
 * B-30/X-09: reaching the transaction limit stops every program. B-29/X-01: from the first order
 * past the cycle's limit the programs stop (X-70: such orders are logged, not rewarded). X-71: in
 * sandbox only test e-mails earn.
 */
export function findShopStop(
  shop: EarningShop,
  email: string | null | undefined,
  options: { countsAsOrder: boolean },
): ShopStop | null {
  const plan = shop.plan;
  if (
    plan.transactionsLimited &&
    plan.transactionLimit !== null &&
    plan.transactionCount >= plan.transactionLimit
  ) {
    return "transaction_limit_reached";
  }
  if (options.countsAsOrder && plan.limit !== null && plan.ordersThisCycle >= plan.limit) {
    return "order_limit_reached";
  }
  if (shop.sandbox.enabled && !isTestEmail(email, shop.sandbox.testEmails)) return "sandbox";
  return null;
}

/**
 * C-22, J-05, X-51: a customer who left never earns; with "manually assigned only" guests do not
 * earn; with "only DTC" customers of a B2B company do not earn.
 */
export function isCustomerEligible(
  shop: EarningShop,
  customer: EarningCustomer | null,
): customer is EarningCustomer {
  if (customer === null || customer.state === "left") return false;
  if (shop.eligibility === "manual_only" && customer.state === "guest") return false;
  if (shop.eligibility === "only_dtc" && customer.isB2B) return false;
  return true;
}

/** C-22: a program's audience. Guests earn only under `member_and_guest`. */
export function isInAudience(
  config: { applyTo: EarningAudience; vipTierIds: readonly string[] },
  customer: EarningCustomer,
): boolean {
  switch (config.applyTo) {
    case "member_and_guest":
      return customer.state === "member" || customer.state === "guest";
    case "member":
      return customer.state === "member";
    case "vip_tier":
      return (
        customer.state === "member" &&
        customer.vipTierId !== null &&
        config.vipTierIds.includes(customer.vipTierId)
      );
    case "b2b_partner":
      return customer.state === "member" && customer.isB2B;
  }
}
