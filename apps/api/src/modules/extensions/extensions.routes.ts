import { extensionQuery } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireExtension } from "../../infra/http";
import { allowCrossOrigin, authenticateExtension, extensionRateLimitKey } from "./extension.guard";
import { accountFor, checkoutDiscountFor } from "./extensions.service";

/** The API of Laurel's checkout and customer-account UI extensions (decision 0180). */
export function registerExtensionRoutes(app: FastifyInstance, deps: Deps): void {
  app.addHook("onRequest", async (request, reply) => {
    // Every answer, a refusal included, must be readable by the extension's cross-origin fetch.
    if (request.url.startsWith("/extensions/")) allowCrossOrigin(reply);
  });
  app.addHook("preHandler", async (request) => {
    if (request.routeOptions.config.guard === "extension")
      request.extension = await authenticateExtension(deps, request);
  });
  const rateLimit = {
    max: deps.config.proxyRateLimit,
    timeWindow: "1 minute",
    keyGenerator: extensionRateLimitKey,
  };
  const extension = { config: { guard: "extension" as const, rateLimit } };

  // The preflight of a fetch with `Authorization`: answered before any guard, with no body.
  app.options("/extensions/*", { config: { guard: "public" } }, async (_request, reply) =>
    reply.code(204).send(),
  );

  app.get("/extensions/checkout-discount", extension, async (request) => {
    parseInput(extensionQuery, request.query);
    return ok(await checkoutDiscountFor(deps, requireExtension(request)));
  });

  app.get("/extensions/account", extension, async (request) => {
    const { locale } = parseInput(extensionQuery, request.query);
    return ok(await accountFor(deps, requireExtension(request), locale));
  });
}
