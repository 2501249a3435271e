export * from "./code";
export * from "./coupon";
export * from "./expiry";
export * from "./messages";
export * from "./money";
export * from "./quote";
export * from "./time";
