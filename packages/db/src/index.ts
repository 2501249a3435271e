export * from "./database";
export * from "./migrate";
export * from "./schema";
export { createTestDatabase } from "./test-database";
