export * from "./earning";
export * from "./programs/common";
export * from "./programs/defaults";
