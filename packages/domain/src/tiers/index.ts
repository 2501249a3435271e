export * from "./membership";
export * from "./tiers";
export * from "./validation";
