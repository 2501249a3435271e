export * from "./incrementality";
export * from "./metrics";
export * from "./ranges";
