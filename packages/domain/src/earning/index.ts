export type { AccountEarningDecision, AccountEarningInput, AccountLogReason } from "./account-earning";
export { evaluateAccountEarning, evaluateNewsletterEarning, evaluateSignUpEarning } from "./account-earning";
export { evaluateOrderEarning } from "./order-earning";
export type { EarningTrigger, OrderEvent, TakeBack } from "./order-lifecycle";
export {
  DEFAULT_EARNING_TRIGGER,
  isPaidFinancialStatus,
  orderEventOf,
  orderReversalPoints,
  reachedEarningTrigger,
  splitTakeBack,
} from "./order-lifecycle";
export type { PendingSettlement } from "./pending";
export { pendingUntil, settlePendingAward } from "./pending";
export type { AwardForReversal, RefundForReversal } from "./reversal";
export { computeOrderReversal } from "./reversal";
export { effectiveProgramStatus } from "./schedule";
export type * from "./types";
