/**
 * Why the ledger refuses something: a copy of these codes' entries in contracts' `errorMessages`,
 * the one catalogue (decision 0042), checked by apps/api/test/vocabularies.test.ts.
 */
export const ledgerMessages = {
  insufficient_points: "Current balance is insufficient",
  insufficient_pending: "Pending balance is insufficient",
  invalid_points: "Points must be whole numbers",
  points_balance_limit: "This would take the balance beyond what a balance can hold.",
  redeem_amount_invalid: "Redeem amount must be greater than 0",
  idempotency_conflict: "This request was already made with different details.",
  customer_not_found: "This customer does not exist in this shop.",
  hold_not_found: "This reservation does not exist.",
  hold_exists: "This reservation already exists.",
  hold_already_posted: "This reservation was already completed.",
  hold_already_voided: "This reservation was already cancelled.",
  entry_not_found: "The entry to reverse does not exist.",
  already_converted: "These pending points were already converted.",
  coupon_not_found: "Invalid coupon code",
  coupon_not_available: "This coupon is no longer available.",
} as const;

export type LedgerRefusalCode = keyof typeof ledgerMessages;

export interface LedgerRefusal<C extends LedgerRefusalCode = LedgerRefusalCode> {
  ok: false;
  code: C;
  message: string;
}

export function refuseLedger<C extends LedgerRefusalCode>(code: C): LedgerRefusal<C> {
  return { ok: false, code, message: ledgerMessages[code] };
}
