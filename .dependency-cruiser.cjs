/**
 * The boundaries of DESIGN §3, checked by `npm run lint` (dependency-cruiser).
 * A violation fails the build; fix the import, don't add an exception.
 * Every rule has a test that plants a violating file and expects it to fire
 * (scripts/boundaries.test.ts): a rule that no longer fires fails that test — decision 0040.
 *
 * npm packages stay in the graph (followed no further than the import), so rules can name them.
 */

// Test code: may use the test tools whatever the rules say about production code.
const TEST_FILE =
  "\\.test\\.tsx?$|\\.test-support\\.tsx?$|^apps/[^/]+/test/|/test-support\\.tsx?$|/src/test/";
const TEST_TOOLS = "^node_modules/(vitest|fast-check|@testing-library|jsdom)/";

// What bench/ and e2e/ may use of the apps: their public entry points, nothing else. Packages are
// public through their package name (`@laurel/x` → packages/x/src/index.ts).
const PUBLIC_ENTRY_POINTS = [
  "^packages/[^/]+/src/index\\.ts$",
  // The api as a process and the helpers the bench drives it with (decision 0040).
  "^apps/api/src/main\\.ts$",
  "^apps/api/src/infra/env\\.ts$",
  "^apps/api/src/infra/shopify-signatures\\.ts$",
  "^apps/api/src/modules/ledger/ledger\\.service\\.ts$",
  "^apps/api/test/order-payloads\\.ts$",
  // The admin's route table: e2e visits every route it lists.
  "^apps/admin/src/app/route-table\\.ts$",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment:
        "packages/domain does no I/O and uses no framework: no node:*, no other workspace, and of npm packages only zod (validation of program settings) — decision 0010.",
      severity: "error",
      from: { path: "^packages/domain/src", pathNot: TEST_FILE },
      to: { pathNot: ["^packages/domain/src", "^node_modules/zod/"] },
    },
    {
      name: "domain-tests-use-test-tools-only",
      comment: "Domain tests: the domain, zod and the test tools; no I/O either.",
      severity: "error",
      from: { path: "^packages/domain/src" },
      to: { pathNot: ["^packages/domain/src", "^node_modules/zod/", TEST_TOOLS] },
    },
    {
      name: "lower-packages-stay-low",
      comment: "contracts and db import no other workspace package.",
      severity: "error",
      from: { path: "^packages/(contracts|db)/" },
      to: { path: "^(packages|apps)/", pathNot: "^packages/$1/" },
    },
    {
      name: "no-app-imports-another-app",
      comment:
        "Apps are deployed alone. The one exception: the api's composition root mounts the demo store in demo mode (next rule).",
      severity: "error",
      from: { path: "^apps/([^/]+)/", pathNot: "^apps/api/src/(app|main)\\.ts$" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
    {
      name: "only-the-composition-root-mounts-the-demo-store",
      comment:
        "apps/api/src/app.ts and main.ts may import apps/demo-store (demo mode only), and no other app.",
      severity: "error",
      from: { path: "^apps/api/src/(app|main)\\.ts$" },
      to: { path: "^apps/", pathNot: "^apps/(api|demo-store)/" },
    },
    {
      name: "admin-uses-no-db",
      severity: "error",
      from: { path: "^apps/admin/" },
      to: { path: "^packages/db/" },
    },
    {
      name: "admin-uses-domain-for-previews-only",
      comment:
        "The admin may run domain rules only to preview them ('what would this rule award?'), in files named *preview*.",
      severity: "error",
      from: { path: "^apps/admin/", pathNot: "preview[^/]*\\.tsx?$" },
      to: { path: "^packages/domain/" },
    },
    {
      name: "widget-uses-contracts-only",
      comment: "The widget ships to shoppers: of the workspace it may use contracts, nothing else.",
      severity: "error",
      from: { path: "^apps/widget/" },
      to: { path: "^packages/", pathNot: "^packages/contracts/" },
    },
    {
      name: "widget-uses-contract-types-only",
      comment: "Types from contracts, never their code (zod would pass the widget's size budget).",
      severity: "error",
      from: { path: "^apps/widget/" },
      to: { path: "^packages/contracts/|^node_modules/zod/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "repository-is-private",
      comment: "Only a module's own files use its repository; other modules call its service.",
      severity: "error",
      from: { path: "^apps/api/src/(?!modules/)|^apps/api/src/modules/([^/]+)/" },
      to: {
        path: "^apps/api/src/modules/([^/]+)/[^/]+\\.repository\\.ts$",
        pathNot: "^apps/api/src/modules/$1/",
      },
    },
    {
      name: "transport-holds-no-sql",
      comment:
        "Transport (routes, webhook topic handlers, jobs) calls services, never repositories or the query builder.",
      severity: "error",
      from: { path: "^apps/api/src/(modules/[^/]+/[^/]+\\.routes\\.ts$|webhooks/|webhook-topics/|jobs/)" },
      to: { path: "\\.repository\\.ts$|^node_modules/kysely/" },
    },
    {
      name: "admin-features-are-independent",
      comment: "Features never import each other; screens in app/ compose them.",
      severity: "error",
      from: { path: "^apps/admin/src/features/([^/]+)/" },
      to: { path: "^apps/admin/src/features/", pathNot: "^apps/admin/src/features/$1/" },
    },
    {
      name: "admin-imports-run-one-way",
      comment: "components and lib → features → app.",
      severity: "error",
      from: { path: "^apps/admin/src/(components|lib)/" },
      to: { path: "^apps/admin/src/(features|app)/" },
    },
    {
      name: "admin-features-do-not-import-app",
      severity: "error",
      from: { path: "^apps/admin/src/features/" },
      to: { path: "^apps/admin/src/app/" },
    },
    {
      name: "tools-use-public-entry-points",
      comment:
        "bench/ and e2e/ use the apps and packages only through their public entry points (decision 0040).",
      severity: "error",
      from: { path: "^(bench|e2e)/" },
      to: { path: "^(apps|packages)/", pathNot: PUBLIC_ENTRY_POINTS },
    },
    {
      name: "no-undeclared-dependency",
      comment:
        "Every npm package is declared in the package.json of the workspace that imports it (bench/, e2e/, scripts/: the root one).",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "no-dev-dependency-in-production",
      comment: "Server and package code runs with dependencies only; types may come from devDependencies.",
      severity: "error",
      from: { path: "^(packages|apps/api)/", pathNot: TEST_FILE },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing would hide from every rule above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-circular",
      comment:
        "A cycle closed only by `import type` does not exist at run time (bench/ has two); any other does.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    // Follow no npm package past its entry: the rules see `node_modules/<pkg>/…`, not its insides.
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^apps/[^/]+/dist/", "\\.data/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    // Each workspace's own package.json decides what it may import (decision 0040).
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
