import { createHmac, timingSafeEqual } from "node:crypto";
import type { AnalyticsExportEmailResponse, AnalyticsQuery } from "@laurel/contracts";
import { analyticsQuery } from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import * as jobs from "../../jobs/refs";
import { enqueueMerchantEmails } from "../mail/mail.service";
import { getShopOrThrow } from "../shops/shops.service";
import { analyticsReportCsv } from "./analytics.csv";
import { getAnalyticsReport } from "./analytics.service";

/**
 * K-10 (decision 0163): an analytics page exported by e-mail. The request records the export and
 * enqueues its job in one transaction; the job builds the CSV from the same report the page reads,
 * keeps it, and e-mails a signed download link (`export_ready`, L-11) that works for 7 days.
 */
export const EXPORT_LINK_DAYS = 7;

function signature(secret: string, shopId: string, id: string): string {
  return createHmac("sha256", `analytics-exports:${secret}`).update(`${shopId}\n${id}`).digest("base64url");
}

export function exportDownloadUrl(deps: Deps, shopId: string, id: string): string {
  const base = deps.config.appUrl.replace(/\/+$/, "");
  const sig = signature(deps.sessionSecret, shopId, id);
  return `${base}/exports/analytics/${encodeURIComponent(shopId)}/${encodeURIComponent(id)}/${sig}`;
}

export async function requestAnalyticsExport(
  deps: Deps,
  shop: ShopRow,
  q: AnalyticsQuery,
  recipient: string,
): Promise<AnalyticsExportEmailResponse> {
  const id = deps.newId("axp");
  const expires = new Date(deps.clock.now().getTime() + EXPORT_LINK_DAYS * 86_400_000);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("analytics_exports")
      .values({
        shop_id: shop.id,
        id,
        query: JSON.stringify(q),
        recipient: recipient.toLowerCase(),
        expires_at: expires,
      })
      .execute();
    await deps.queue.sendInTransaction(trx, jobs.exportAnalyticsReport, { shopId: shop.id, exportId: id });
  });
  return { id, recipient: recipient.toLowerCase() };
}

/** The job: builds the CSV once (a retry after success does nothing) and e-mails its link. */
export async function buildAnalyticsExport(deps: Deps, shopId: string, exportId: string): Promise<void> {
  const row = await deps.db
    .selectFrom("analytics_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", exportId)
    .executeTakeFirst();
  if (row?.status !== "queued") return;
  const shop = await getShopOrThrow(deps, shopId);
  const q = analyticsQuery.parse(row.query);
  const report = await getAnalyticsReport(deps, shop, q);
  const csv = analyticsReportCsv(report);
  const fileName = `laurel-${report.report}-${report.range.from}-${report.range.to}.csv`;
  const rows = csv.split("\r\n").filter((l) => l.length > 0).length;
  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable("analytics_exports")
      .set({ status: "ready", csv, file_name: fileName, rows })
      .where("shop_id", "=", shopId)
      .where("id", "=", exportId)
      .where("status", "=", "queued")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return;
    await enqueueMerchantEmails(deps, trx, shop, [
      {
        event: "export_ready",
        occasion: `analytics-export:${exportId}`,
        to: [row.recipient],
        values: {
          export: `${report.report} (${report.range.from} – ${report.range.to})`,
          count: rows,
          days: EXPORT_LINK_DAYS,
          url: exportDownloadUrl(deps, shopId, exportId),
        },
      },
    ]);
  });
}

/** The signed link's file, while it has not expired; null for a wrong signature, unknown or expired export. */
export async function downloadAnalyticsExport(
  deps: Deps,
  p: { shopId: string; id: string; sig: string },
): Promise<{ fileName: string; csv: string } | null> {
  const expected = Buffer.from(signature(deps.sessionSecret, p.shopId, p.id));
  const given = Buffer.from(p.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const row = await deps.db
    .selectFrom("analytics_exports")
    .select(["csv", "file_name", "expires_at", "status"])
    .where("shop_id", "=", p.shopId)
    .where("id", "=", p.id)
    .executeTakeFirst();
  if (row?.status !== "ready" || !row.csv || row.expires_at <= deps.clock.now()) return null;
  return { fileName: row.file_name ?? "laurel-analytics.csv", csv: row.csv };
}

/** The daily export sweep (issue 13): files past their link's expiry are dropped, the rows kept. */
export async function sweepExpiredAnalyticsExports(deps: Deps): Promise<number> {
  const result = await deps.db
    .updateTable("analytics_exports")
    .set({ csv: null })
    .where("csv", "is not", null)
    .where("expires_at", "<", deps.clock.now())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
