export * from "./database";
export * from "./demo-shop";
export * from "./migrate";
export * from "./schema";
export { createTestDatabase } from "./test-database";
