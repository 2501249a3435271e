export * from "./programs";
export * from "./rules";
