import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../infra/errors";
import { API_PREFIXES, sendFail } from "../../infra/http";

/** Content-hashed files never change under their name (Vite's assets/). */
const ONE_YEAR_MS = 31_536_000_000;
/** The widget's file names are stable (the theme embed names them), so storefronts revalidate soon. */
const WIDGET_MAX_AGE_MS = 300_000;

const here = dirname(fileURLToPath(import.meta.url));
export const ADMIN_DIST = resolve(here, "../../../../admin/dist");
export const WIDGET_DIST = resolve(here, "../../../../widget/dist");

/**
 * Serves the built admin SPA (every non-API GET falls back to its index.html, so client routes
 * such as /customers work on reload) and the widget's files under /widget/.
 */
export async function registerWebRoutes(
  app: FastifyInstance,
  dirs = { admin: ADMIN_DIST, widget: WIDGET_DIST },
) {
  await app.register(fastifyStatic, { root: dirs.admin, serve: false });
  const adminBuilt = existsSync(join(dirs.admin, "index.html"));

  app.get("/widget/*", { config: { guard: "public" } }, (request, reply) => {
    const file = (request.params as { "*": string })["*"];
    if (!existsSync(join(dirs.widget, file))) return sendFail(reply, new AppError("not_found", 404));
    // Passed to sendFile: a header set beforehand would be overwritten by its own Cache-Control.
    return reply.sendFile(file, dirs.widget, { maxAge: WIDGET_MAX_AGE_MS });
  });

  app.get("/*", { config: { guard: "public" } }, (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (API_PREFIXES.some((p) => path.startsWith(p)) && path !== "/auth/login") {
      return sendFail(reply, new AppError("route_not_found", 404));
    }
    if (!adminBuilt) {
      return reply
        .status(503)
        .type("text/html")
        .send("<h1>Laurel</h1><p>The admin has not been built yet. Run <code>npm run build</code>.</p>");
    }
    const file = path.slice(1);
    if (file.startsWith("assets/") && existsSync(join(dirs.admin, file))) {
      return reply.sendFile(file, dirs.admin, { maxAge: ONE_YEAR_MS, immutable: true });
    }
    if (file && !file.includes("/") && existsSync(join(dirs.admin, file)))
      return reply.sendFile(file, dirs.admin);
    return reply
      .header("cache-control", "no-cache")
      .sendFile("index.html", dirs.admin, { cacheControl: false });
  });
}
