import type { IncomingMessage } from "node:http";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The api server (apps/api) answers /apiSa (admin API), /auth (sign-in, tokens) and /api.
const apiOrigin = process.env.LAUREL_API_ORIGIN ?? "http://localhost:3000";

/** `/auth/login` is also a page of this SPA: let the dev server answer browser navigations to it. */
function servePagesLocally(req: IncomingMessage): string | undefined {
  const wantsPage = req.method === "GET" && (req.headers.accept ?? "").includes("text/html");
  return wantsPage ? "/index.html" : undefined;
}

export default defineConfig({
  base: "/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      "/apiSa": { target: apiOrigin, changeOrigin: true },
      "/auth": { target: apiOrigin, changeOrigin: true, bypass: servePagesLocally },
      "/api": { target: apiOrigin, changeOrigin: true },
    },
  },
});
