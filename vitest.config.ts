import { defineConfig } from "vitest/config";

// One Vitest run, one project per workspace package. Tests run in UTC (DESIGN §8).
process.env.TZ = "UTC";

export default defineConfig({
  test: {
    setupFiles: ["./scripts/vitest.setup.ts"],
    projects: [
      { extends: true, test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      { extends: true, test: { name: "contracts", include: ["packages/contracts/src/**/*.test.ts"] } },
      { extends: true, test: { name: "db", include: ["packages/db/src/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts", "apps/api/test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "demo-store",
          include: ["apps/demo-store/src/**/*.test.ts", "apps/demo-store/test/**/*.test.ts"],
          // A fresh database per file (migrations) and scrypt-hashed accounts: slow on 2 cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: "admin", include: ["apps/admin/src/**/*.test.{ts,tsx}"], environment: "jsdom" },
      },
      // The checks on the repository itself (boundaries, unused code): scripts/*.test.ts.
      { extends: true, test: { name: "tooling", include: ["scripts/**/*.test.ts"], testTimeout: 60_000 } },
      // Shopify's checkout and customer-account UI extensions (decision 0180).
      {
        extends: true,
        test: { name: "extensions", include: ["extensions/**/*.test.{ts,tsx}"], environment: "jsdom" },
      },
      {
        extends: true,
        test: { name: "widget", include: ["apps/widget/src/**/*.test.{ts,tsx}"], environment: "jsdom" },
      },
    ],
  },
});
