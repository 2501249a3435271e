export * from "./tiers";
export * from "./validation";
