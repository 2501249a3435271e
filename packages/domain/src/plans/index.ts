export * from "./cycle";
export * from "./features";
export * from "./limits";
export * from "./plans";
