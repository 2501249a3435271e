export * from "./caps";
export * from "./claim";
export * from "./email";
export * from "./lifecycle";
export * from "./rewards";
export * from "./settings";
