import { defineConfig } from "vite";

// The storefront widget bundle. Issue #4 builds the loader and the lazily loaded panel with their
// gzip budgets (DESIGN §7); until then the package only builds its entry, so `npm start` serves it.
export default defineConfig({
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2019",
    lib: { entry: "src/loader.ts", formats: ["es"], fileName: () => "loader.js" },
  },
});
