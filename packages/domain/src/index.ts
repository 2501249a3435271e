export * from "./programs/common";
