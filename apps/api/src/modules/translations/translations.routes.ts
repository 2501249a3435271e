import { translationSettingsSchema } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import {
  getShippedTranslations,
  getTranslationSettings,
  saveTranslationSettings,
} from "./translations.service";

const admin = { config: { guard: "admin" as const } };

/** `GET|POST /apiSa/translation` (M-10): storefront languages and the shop's texts, whole. */
export function registerTranslationRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/translation", admin, async (request) =>
    ok(await getTranslationSettings(deps, requireAdmin(request).shopId)),
  );

  app.get("/apiSa/translation/shipped", admin, async (request) =>
    ok(await getShippedTranslations(deps, requireAdmin(request).shopId)),
  );

  app.post("/apiSa/translation", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(translationSettingsSchema, request.body);
    return ok(await saveTranslationSettings(deps, auth.shopId, auth, body), "translations saved");
  });
}
