import { catalogueQuery } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { findRewardOfDiscount } from "../rewards/rewards.service";
import { getShopOrThrow } from "../shops/shops.service";
import { searchCatalogueCollections, searchCatalogueProducts } from "./catalogue.service";

const admin = { config: { guard: "admin" as const } };
const discountParams = z.object({ functionId: z.string().min(1).max(100), id: z.string().min(1).max(100) });

/** The product and collection pickers of the program editors (C-20, D-05, D-16; decision 0122). */
export function registerCatalogueRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/lp/catalogue/products", admin, async (request) => {
    const q = parseInput(catalogueQuery, request.query);
    const shop = await getShopOrThrow(deps, requireAdmin(request).shopId);
    return ok(await searchCatalogueProducts(deps, shop, q));
  });
  app.get("/apiSa/lp/catalogue/collections", admin, async (request) => {
    const q = parseInput(catalogueQuery, request.query);
    const shop = await getShopOrThrow(deps, requireAdmin(request).shopId);
    return ok(await searchCatalogueCollections(deps, shop, q));
  });
  // D-20: the platform's discount-function link opens the reward behind the discount.
  app.get("/apiSa/lp/discounts/:functionId/:id", admin, async (request) => {
    const { functionId, id } = parseInput(discountParams, request.params);
    return ok(await findRewardOfDiscount(deps, requireAdmin(request).shopId, functionId, id));
  });
}
