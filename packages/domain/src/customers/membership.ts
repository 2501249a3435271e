import type { CustomerState } from "../vocabulary";

/** J-05: what the merchant can do to a customer's membership. */
export const membershipActions = ["exclude", "join"] as const;
export type MembershipAction = (typeof membershipActions)[number];

export type LeftReason = "excluded" | "deleted";

export interface MembershipState {
  type: CustomerState;
  leftReason: LeftReason | null;
}

export type MembershipChange =
  | { kind: "change"; to: MembershipState; event: "customer.excluded" | "customer.joined" }
  | { kind: "unchanged" }
  | { kind: "refused"; reason: "customer_deleted" };

/**
 * J-05: excluding a member (or a guest) moves them to `left` as the merchant's excluded segment,
 * which stops earning, redeeming, referral and VIP; joining brings them back as a member. A shopper
 * deleted from the store stays left: only the store can bring them back. Repeating an action
 * changes nothing.
 */
export function decideMembershipChange(current: MembershipState, action: MembershipAction): MembershipChange {
  if (current.type === "left" && current.leftReason === "deleted") {
    return { kind: "refused", reason: "customer_deleted" };
  }
  if (action === "exclude") {
    if (current.type === "left") return { kind: "unchanged" };
    return { kind: "change", to: { type: "left", leftReason: "excluded" }, event: "customer.excluded" };
  }
  if (current.type === "member") return { kind: "unchanged" };
  return { kind: "change", to: { type: "member", leftReason: null }, event: "customer.joined" };
}
