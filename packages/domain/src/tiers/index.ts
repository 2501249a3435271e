export * from "./b2b";
export * from "./membership";
export * from "./tiers";
export * from "./validation";
