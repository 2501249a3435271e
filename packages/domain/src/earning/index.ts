export { evaluateNewsletterEarning, evaluateSignUpEarning } from "./account-earning";
export { evaluateOrderEarning } from "./order-earning";
/**
 * @public Issue 8: an unused twin of how orders.service.ts takes points back; kept (and knip told
 * so by this tag) until the order rules move into the domain and reuse or delete it.
 */
export { reversalBalance, settlePendingAward } from "./pending";
export { computeOrderReversal } from "./reversal";
export { utcOffsetMinutes } from "./store-time";
export type * from "./types";
