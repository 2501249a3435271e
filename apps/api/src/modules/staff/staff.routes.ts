import { impersonateBody, staffShopUpdateBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { setSessionCookie } from "../auth/auth.routes";
import { impersonate } from "../auth/auth.service";
import { listShopsForStaff, updateShopAsStaff } from "../shops/shops.service";

const staff = { config: { guard: "staff" as const } };

/** The internal zone (`/dev_zone`), staff only and enforced here, not in the UI. */
export function registerStaffRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/dev_zone/shops", staff, async () => ok(await listShopsForStaff(deps)));

  app.put("/apiSa/dev_zone/shops/:shopId", staff, async (request) => {
    const { shopId } = request.params as { shopId: string };
    const auth = requireAdmin(request);
    await updateShopAsStaff(
      deps,
      shopId,
      auth.userId ?? "unknown",
      parseInput(staffShopUpdateBody, request.body),
    );
    return ok(null, "Saved");
  });

  app.post("/apiSa/dev_zone/impersonate", staff, async (request, reply) => {
    const { shopId } = parseInput(impersonateBody, request.body);
    const result = await impersonate(deps, requireAdmin(request), shopId);
    setSessionCookie(reply, deps, result.session.cookie);
    return ok(result.token, "Logged in");
  });
}
