import { analyticsQuery, weeklyReportSettings } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { AppError, parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { rebuildShopAnalytics } from "../../jobs/refs";
import { getShopOrThrow } from "../shops/shops.service";
import { analyticsReportCsv } from "./analytics.csv";
import { downloadAnalyticsExport, requestAnalyticsExport } from "./analytics.exports";
import { getAnalyticsReport, getDashboard } from "./analytics.service";
import { getWeeklyReportSettings, saveWeeklyReportSettings } from "./analytics.weekly-report";

const admin = { config: { guard: "admin" as const } };
const open = { config: { guard: "public" as const } };
const exportLink = z.object({
  shopId: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
  sig: z.string().min(1).max(100),
});

/** Analytics (issue 13, K-06 … K-10) and the dashboard's figures (A-05, B). */
export function registerAnalyticsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/analytics", admin, async (request) => {
    const auth = requireAdmin(request);
    const q = parseInput(analyticsQuery, request.query);
    return ok(await getAnalyticsReport(deps, await getShopOrThrow(deps, auth.shopId), q));
  });
  app.get("/apiSa/analytics/export", admin, async (request, reply) => {
    const auth = requireAdmin(request);
    const q = parseInput(analyticsQuery, request.query);
    const report = await getAnalyticsReport(deps, await getShopOrThrow(deps, auth.shopId), q);
    const name = `laurel-${report.report}-${report.range.from}-${report.range.to}.csv`;
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .send(analyticsReportCsv(report));
  });
  app.post("/apiSa/analytics/export/email", admin, async (request) => {
    const auth = requireAdmin(request);
    const q = parseInput(analyticsQuery, request.body ?? {});
    const shop = await getShopOrThrow(deps, auth.shopId);
    // To the signed-in merchant account's address; embedded (no account), to the shop's.
    return ok(await requestAnalyticsExport(deps, shop, q, auth.userEmail ?? shop.email), "Report sent");
  });
  app.get("/exports/analytics/:shopId/:id/:sig", open, async (request, reply) => {
    const file = await downloadAnalyticsExport(deps, parseInput(exportLink, request.params));
    // The same answer as every other refusal (the envelope, naming why), like the referral export's.
    if (!file) throw new AppError("analytics_export_link_invalid", 404);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header("cache-control", "private, no-store")
      .send(file.csv);
  });
  app.post("/apiSa/analytics/rebuild", admin, async (request) => {
    const auth = requireAdmin(request);
    await deps.queue.send(rebuildShopAnalytics, { shopId: auth.shopId }, { singletonKey: auth.shopId });
    return ok({ queued: true as const }, "Rebuilding analytics");
  });
  app.get("/apiSa/analytics/weekly-report", admin, async (request) => {
    const auth = requireAdmin(request);
    return ok(await getWeeklyReportSettings(deps, await getShopOrThrow(deps, auth.shopId)));
  });
  app.put("/apiSa/analytics/weekly-report", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(weeklyReportSettings, request.body);
    const shop = await getShopOrThrow(deps, auth.shopId);
    return ok(await saveWeeklyReportSettings(deps, shop, body, auth), "Weekly report saved");
  });
  app.get("/apiSa/dashboard", admin, async (request) => {
    const auth = requireAdmin(request);
    return ok(await getDashboard(deps, await getShopOrThrow(deps, auth.shopId)));
  });
}
