export * from "./api";
export * from "./auth";
export * from "./customers";
export * from "./envelope";
export * from "./languages";
export * from "./programs";
export * from "./proxy";
export * from "./shop";
