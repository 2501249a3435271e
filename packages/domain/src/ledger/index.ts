export * from "./activity";
export * from "./balances";
export * from "./hold";
export * from "./idempotency";
export * from "./messages";
export * from "./model";
export * from "./point-expiry";
