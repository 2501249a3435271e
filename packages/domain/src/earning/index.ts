export { evaluateNewsletterEarning, evaluateSignUpEarning } from "./account-earning";
export { type BacktestOrder, backtestOrders, startBacktest } from "./backtest";
export {
  collectionIdsNamedBy,
  collectionTitleConditionsOf,
  collectionTitleMatters,
  type ProductCollections,
  rulesReadCollections,
  withLineCollections,
} from "./collection-scope";
export * from "./earn-dates";
export { evaluateOrderEarning } from "./order-earning";
export type { OrderEvent } from "./order-lifecycle";
export {
  DEFAULT_EARNING_TRIGGER,
  isPaidFinancialStatus,
  orderEventOf,
  orderReversalPoints,
  reachedEarningTrigger,
  splitTakeBack,
} from "./order-lifecycle";
export { settlePendingAward } from "./pending";
export { type CalculatorProgram, calculateOrderPoints, countsInCalculator } from "./point-calculator";
export {
  type ProductFacts,
  parseProductTags,
  rulesReadCatalogue,
  rulesReadProductFacts,
  withLineProductFacts,
} from "./product-facts";
export { startOfStoreDate, utcOffsetMinutes } from "./store-time";
export type * from "./types";
