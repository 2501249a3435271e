import type { Readable } from "node:stream";
import { type ReviewExport, reviewExportMessages } from "@laurel/contracts";
import type { ReviewExportRow, ShopRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { exportReviews } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import {
  type ChunkedExport,
  EXPORT_BATCH,
  exportFile,
  exportOrThrow,
  runExport,
  writeNextPage,
} from "../customers/chunked-export";
import { assertExportAllowed, neutraliseCell } from "../customers/customers.export";
import { storeTimeZoneOf } from "../shops/time-zone";
import * as repo from "./earn-events.repository";

/**
 * G-14, G-16: the write-review activity list and the Google Maps review list exported as CSV, as
 * the activity export is (K-05, decision 0169): an Essential-gated job started with the list's
 * status tab, written a page per transaction (each page a chunk committed with the progress and
 * the keyset cursor, so a crash resumes), every text cell neutralised against formula injection,
 * downloaded from the admin, and the merchant e-mailed (`export_ready`) when it is ready.
 */

export type ReviewExportKind = "review" | "google_review";

/** "2026-11-24 09:05:00" in the store's time zone (the lists show store days). */
function storeDateTime(at: Date, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat("sv-SE", {
      timeZone: timeZone ?? "UTC",
      dateStyle: "short",
      timeStyle: "medium",
    }).format(at);
  } catch {
    return at.toISOString().replace("T", " ").slice(0, 19);
  }
}

const customerName = (r: repo.ExportedEvent) =>
  neutraliseCell([r.first_name, r.last_name].filter(Boolean).join(" ") || null);

/** G-14's record: customer, content, rating, points, media, status, reason, verified buyer. */
const REVIEW_HEADER = [
  "Date",
  "Customer name",
  "Customer email",
  "Rating",
  "Content",
  "Media",
  "Verified buyer",
  "Points earned",
  "Points due",
  "Status",
  "Reason",
  "Source",
];
/** G-16's record: customer, review URL, earning points, status. */
const GOOGLE_HEADER = [
  "Date",
  "Customer name",
  "Customer email",
  "Review URL",
  "Points earned",
  "Points due",
  "Status",
  "Reason",
];

function reviewLine(r: repo.ExportedEvent, shop: ShopRow): string[] {
  return [
    storeDateTime(new Date(r.created_at), storeTimeZoneOf(shop)),
    customerName(r),
    neutraliseCell(r.email),
    r.rating === null ? "" : String(r.rating),
    neutraliseCell(r.content),
    String(r.media_count),
    r.verified_buyer ? "yes" : "no",
    String(r.points_paid),
    String(r.points_due),
    r.status,
    neutraliseCell(r.reason),
    neutraliseCell(r.source),
  ];
}

function googleLine(r: repo.ExportedEvent, shop: ShopRow): string[] {
  return [
    storeDateTime(new Date(r.created_at), storeTimeZoneOf(shop)),
    customerName(r),
    neutraliseCell(r.email),
    neutraliseCell(r.url),
    String(r.points_paid),
    String(r.points_due),
    r.status,
    neutraliseCell(r.reason),
  ];
}

/** The cursor: the last written event's exact creation instant and id. */
function cursorOf(r: repo.ExportedEvent): string {
  return JSON.stringify([r.key_at, r.id]);
}

function afterOf(cursor: string | null): { at: string; id: string } | null {
  if (cursor === null) return null;
  const [at, id] = JSON.parse(cursor) as [string, string];
  return { at, id };
}

function specOf(kind: ReviewExportKind): ChunkedExport<ReviewExportRow, repo.ExportedEvent> {
  return {
    tables: { exports: "review_exports", chunks: "review_export_chunks" },
    name: kind === "review" ? "reviews" : "Google reviews",
    adminPath: kind === "review" ? "/customers/programs/review" : "/customers/programs/google-maps-review",
    header: kind === "review" ? REVIEW_HEADER : GOOGLE_HEADER,
    find: repo.findReviewExport,
    readPage: (trx, _shop, e, limit) =>
      repo.listEventsAfter(trx, e.shop_id, e.kind, e.status_filter, afterOf(e.cursor), limit + 1),
    line: kind === "review" ? reviewLine : googleLine,
    cursorOf,
    failedMessage: reviewExportMessages[kind].failed,
    logLabel: kind === "review" ? "review export" : "google review export",
  };
}

function present(e: ReviewExportRow): ReviewExport {
  return {
    id: e.id,
    kind: e.kind,
    statusFilter: e.status_filter,
    status: e.status,
    totalRows: e.total_rows,
    doneRows: e.done_rows,
    error: e.error,
    createdAt: e.created_at.toISOString(),
    finishedAt: e.finished_at?.toISOString() ?? null,
  };
}

/**
 * Starts an export of the list's events of a status (all when none): none is a 404 'No reviews
 * found to export' (or 'No Google reviews …') and records nothing; otherwise the export and its
 * job are written in one transaction (outbox). Essential-gated like the other exports.
 */
export async function startReviewExport(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
  kind: ReviewExportKind,
  body: { status?: string | undefined },
): Promise<ReviewExport> {
  await assertExportAllowed(deps, shopId);
  const status = body.status ?? null;
  const total = await repo.countEventsOf(deps.db, shopId, kind, status);
  if (total === 0) throw new AppError("not_found", 404, reviewExportMessages[kind].empty);
  const id = deps.newId("rex");
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertReviewExport(trx, {
      shop_id: shopId,
      id,
      kind,
      status_filter: status,
      total_rows: total,
      actor_email: actor.userEmail,
    });
    await deps.queue.sendInTransaction(trx, exportReviews, { shopId, exportId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "reviews.export_started", { exportId: id, kind, status });
    return present(row);
  });
}

async function specFor(deps: Deps, shopId: string, id: string) {
  const row = await repo.findReviewExport(deps.db, shopId, id);
  if (!row) throw new AppError("not_found", 404, "This export does not exist.");
  return { row, spec: specOf(row.kind) };
}

export async function getReviewExport(deps: Deps, shopId: string, id: string): Promise<ReviewExport> {
  const { spec } = await specFor(deps, shopId, id);
  return present(await exportOrThrow(deps, spec, shopId, id));
}

/** Writes the next page of a running export (one transaction); answers whether more remain. */
export async function writeNextReviewExportPage(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<boolean> {
  const found = await repo.findReviewExport(deps.db, shopId, id);
  if (!found) return false;
  return writeNextPage(deps, specOf(found.kind), shopId, id, pageSize);
}

/** The job's run: pages until none remain; a failure is recorded as 'Failed to export reviews'. */
export async function runReviewExport(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<void> {
  const found = await repo.findReviewExport(deps.db, shopId, id);
  if (!found) return;
  await runExport(deps, specOf(found.kind), shopId, id, pageSize);
}

/** A finished export's CSV, streamed chunk by chunk. */
export async function reviewExportFile(deps: Deps, shopId: string, id: string): Promise<Readable> {
  const { spec } = await specFor(deps, shopId, id);
  return exportFile(deps, spec, shopId, id);
}
