/**
 * The boundaries of DESIGN §3, checked by `npm run lint` (dependency-cruiser).
 * A violation fails the build; fix the import, don't add an exception.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment:
        "packages/domain does no I/O and uses no framework: no node:*, no other workspace, and of npm packages only zod (validation of program settings) — decision 0010.",
      severity: "error",
      from: { path: "^packages/domain/src" },
      to: { pathNot: ["^packages/domain/src", "node_modules/zod/"] },
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
      severity: "error",
      from: { path: "^apps/([^/]+)/" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
    {
      name: "admin-uses-contracts-and-domain-only",
      severity: "error",
      from: { path: "^apps/admin/" },
      to: { path: "^packages/db/" },
    },
    {
      name: "widget-uses-contract-types-only",
      comment: "The widget ships to shoppers: it may use contracts for types, never their code (zod).",
      severity: "error",
      from: { path: "^apps/widget/" },
      to: { path: "^packages/(?!contracts/)|^packages/contracts/", dependencyTypesNot: ["type-only"] },
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
      name: "routes-hold-no-sql",
      comment: "Transport (routes, webhooks, jobs) calls services, never repositories or the query builder.",
      severity: "error",
      from: { path: "^apps/api/src/(modules/[^/]+/[^/]+\\.routes\\.ts|webhooks/|jobs/)" },
      to: { path: "(\\.repository\\.ts$)|^node_modules/kysely/" },
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
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
