export * from "./activity-filters";
export * from "./birthday";
export * from "./membership";
