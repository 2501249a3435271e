export * from "./earning";
export * from "./ledger";
export * from "./plans";
export * from "./programs/common";
export * from "./programs/defaults";
export * from "./programs/earning";
export * from "./programs/spending";
export * from "./redemption";
