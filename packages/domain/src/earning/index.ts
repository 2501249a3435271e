export * from "./account-earning";
export * from "./order-earning";
export * from "./reversal";
