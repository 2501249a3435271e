import {
  adjustPointsBody,
  bulkCustomersBody,
  customerActivitiesQuery,
  customersExportQuery,
  customersListQuery,
  customerTierChangesQuery,
  membershipBody,
  putCustomerChildrenBody,
  revokeCouponBody,
  shopActivityQuery,
  startActivityExportBody,
  startCustomerExportBody,
  startCustomerSyncBody,
  updateCustomerBody,
} from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { activityExportFile, getActivityExport, startActivityExport } from "./activity-export";
import {
  adjustCustomerPoints,
  bulkCustomers,
  changeMembership,
  getCustomer,
  getCustomerProfile,
  listCustomerActivities,
  listCustomerCoupons,
  listCustomers,
  listCustomerTierChanges,
  listShopActivity,
  replaceCustomerChildren,
  revokeCustomerCoupon,
  updateCustomer,
} from "./customers.admin";
import {
  customerExportFile,
  exportCustomersCsv,
  getCustomerExport,
  startCustomerExport,
} from "./customers.export";
import { getCustomerSync, startCustomerSync, syncCustomer } from "./customers.sync";

const admin = { config: { guard: "admin" as const } };
const idParams = z.object({ id: z.string().min(1).max(100) });
const couponParams = idParams.extend({ couponId: z.string().min(1).max(100) });
const idempotencyHeader = z.string().trim().min(1).max(200).optional();

export function registerCustomerRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/customers", admin, async (request) =>
    ok(
      await listCustomers(deps, requireAdmin(request).shopId, parseInput(customersListQuery, request.query)),
    ),
  );
  app.get("/apiSa/customers/:id", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getCustomer(deps, requireAdmin(request).shopId, id));
  });
  app.get("/apiSa/customers/:id/activities", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const q = parseInput(customerActivitiesQuery, request.query);
    return ok(
      await listCustomerActivities(deps, requireAdmin(request).shopId, id, q.page, q.pageSize, q.filter),
    );
  });
  app.get("/apiSa/customers/:id/tier-changes", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const q = parseInput(customerTierChangesQuery, request.query);
    return ok(await listCustomerTierChanges(deps, requireAdmin(request).shopId, id, q.page, q.pageSize));
  });
  app.post("/apiSa/customers/:id/points", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(adjustPointsBody, request.body);
    const key = parseInput(idempotencyHeader, request.headers["idempotency-key"]);
    const result = await adjustCustomerPoints(deps, auth.shopId, auth, id, body, key);
    return ok(result, "Points adjusted");
  });
  app.get("/apiSa/customers/:id/coupons", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await listCustomerCoupons(deps, requireAdmin(request).shopId, id));
  });
  app.post("/apiSa/customers/:id/coupons/:couponId/revoke", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id, couponId } = parseInput(couponParams, request.params);
    const body = parseInput(revokeCouponBody, request.body);
    return ok(await revokeCustomerCoupon(deps, auth.shopId, auth, id, couponId, body), "Coupon revoked");
  });
  app.get("/apiSa/activities", admin, async (request) =>
    ok(
      await listShopActivity(
        deps,
        requireAdmin(request).shopId,
        parseInput(shopActivityQuery, request.query),
      ),
    ),
  );
  // K-05: point activity exported as a job, e-mailed when ready, downloaded from the admin.
  app.post("/apiSa/activities/exports", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(startActivityExportBody, request.body ?? {});
    return ok(await startActivityExport(deps, auth.shopId, auth, body), "Export started");
  });
  app.get("/apiSa/activities/exports/:id", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getActivityExport(deps, requireAdmin(request).shopId, id));
  });
  app.get("/apiSa/activities/exports/:id/file.csv", admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const csv = await activityExportFile(deps, requireAdmin(request).shopId, id);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="activities-${id}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
  app.get("/apiSa/customers/export.csv", admin, async (request, reply) => {
    const q = parseInput(customersExportQuery, request.query);
    const csv = await exportCustomersCsv(deps, requireAdmin(request).shopId, q);
    const day = deps.clock.now().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="customers-${day}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
  app.post("/apiSa/customers/exports", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(startCustomerExportBody, request.body ?? {});
    return ok(await startCustomerExport(deps, auth.shopId, auth, body), "Export started");
  });
  app.get("/apiSa/customers/exports/:id", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getCustomerExport(deps, requireAdmin(request).shopId, id));
  });
  app.get("/apiSa/customers/exports/:id/file.csv", admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const csv = await customerExportFile(deps, requireAdmin(request).shopId, id);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="customers-${id}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
  // J-21: sync one customer with the store now; re-sync them all as a job with progress.
  app.post("/apiSa/customers/:id/sync", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    return ok(await syncCustomer(deps, auth.shopId, auth, id), "Customer synced");
  });
  app.post("/apiSa/customers/sync", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(startCustomerSyncBody, request.body ?? {});
    return ok(await startCustomerSync(deps, auth.shopId, auth), "Re-sync started");
  });
  app.get("/apiSa/customers/sync/:id", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getCustomerSync(deps, requireAdmin(request).shopId, id));
  });
  app.get("/apiSa/customers/:id/profile", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getCustomerProfile(deps, requireAdmin(request).shopId, id));
  });
  app.put("/apiSa/customers/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateCustomerBody, request.body);
    return ok(await updateCustomer(deps, auth.shopId, auth, id, body), "Customer updated");
  });
  app.put("/apiSa/customers/:id/children", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(putCustomerChildrenBody, request.body);
    return ok(await replaceCustomerChildren(deps, auth.shopId, auth, id, body), "Children info saved");
  });
  app.post("/apiSa/customers/:id/membership", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(membershipBody, request.body);
    return ok(await changeMembership(deps, auth.shopId, auth, id, body), "Membership updated");
  });
  app.post("/apiSa/customers/bulk", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(bulkCustomersBody, request.body);
    const key = parseInput(idempotencyHeader, request.headers["idempotency-key"]);
    return ok(await bulkCustomers(deps, auth.shopId, auth, body, key), "Customers updated");
  });
}
