import type { Readable } from "node:stream";
import type { ActivityExport, StartActivityExportBody } from "@laurel/contracts";
import type { ActivityExportRow } from "@laurel/db";
import { activityTypes } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { exportActivities } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import {
  type ChunkedExport,
  EXPORT_BATCH,
  exportFile,
  exportOrThrow,
  runExport,
  writeNextPage,
} from "./chunked-export";
import { shopActivityFilter } from "./customers.admin";
import { assertExportAllowed, neutraliseCell } from "./customers.export";
import * as repo from "./customers.repository";

/**
 * K-05 (decision 0169): the shop's point activity exported as a job, as the customer export is
 * (decision 0152): started with the list's filters, written a page per transaction (each page a
 * chunk committed with the progress and the keyset cursor, so a crash resumes), downloaded from the
 * admin, and the merchant e-mailed (`export_ready`) when it is ready.
 */

export const activityExportMessages = {
  failed: "Failed to export activities",
  empty: "No activities found to export",
} as const;

const HEADER = [
  "Date",
  "Customer name",
  "Customer email",
  "Action",
  "Points",
  "Pending points",
  "Program",
  "Note",
  "By",
];

type Filters = ActivityExport["filters"];

function presentActivityExport(e: ActivityExportRow): ActivityExport {
  return {
    id: e.id,
    filters: e.filters,
    status: e.status,
    totalRows: e.total_rows,
    doneRows: e.done_rows,
    error: e.error,
    createdAt: e.created_at.toISOString(),
    finishedAt: e.finished_at?.toISOString() ?? null,
  };
}

/** "2026-11-24 09:05:00" in the store's time zone (the list shows store days). */
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

type ActivityRow = Awaited<ReturnType<typeof repo.listShopActivity>>[number];

/** The activity export as a chunked export job: the shop's entries the filters keep, newest first. */
const activityExport: ChunkedExport<ActivityExportRow, ActivityRow> = {
  tables: { exports: "activity_exports", chunks: "activity_export_chunks" },
  name: "activities",
  adminPath: "/customers/activity",
  header: HEADER,
  find: repo.findActivityExport,
  readPage: (trx, shop, e, limit) =>
    repo.listShopActivity(trx, e.shop_id, {
      ...shopActivityFilter(storeTimeZoneOf(shop), e.filters),
      beforeId: e.cursor === null ? undefined : Number(e.cursor),
      limit,
    }),
  line: (r, shop) => exportLine(r, storeTimeZoneOf(shop)),
  cursorOf: (r) => String(r.id),
  failedMessage: activityExportMessages.failed,
  logLabel: "activity export",
};

/** One entry as an export line; every text cell neutralised against formula injection. */
function exportLine(r: ActivityRow, timeZone: string | undefined): string[] {
  const type = r.activity_type as keyof typeof activityTypes;
  return [
    storeDateTime(new Date(r.created_at), timeZone),
    neutraliseCell([r.first_name, r.last_name].filter(Boolean).join(" ") || null),
    neutraliseCell(r.email),
    neutraliseCell(activityTypes[type]?.label ?? r.activity_type),
    String(r.available_delta),
    String(r.pending_delta),
    neutraliseCell(r.program_title),
    neutraliseCell(r.note),
    neutraliseCell(r.actor),
  ];
}

/**
 * Starts an export of the entries the filters keep: none is a 404 'No activities found to export'
 * and records nothing; otherwise the export and its job are written in one transaction (outbox).
 */
export async function startActivityExport(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
  body: StartActivityExportBody,
): Promise<ActivityExport> {
  const shop = await assertExportAllowed(deps, shopId);
  const filters: Filters = Object.fromEntries(
    Object.entries(body).filter(([, v]) => typeof v === "string" && v !== ""),
  );
  const total = await repo.countShopActivity(
    deps.db,
    shopId,
    shopActivityFilter(storeTimeZoneOf(shop), filters),
  );
  if (total === 0) throw new AppError("not_found", 404, activityExportMessages.empty);
  const id = deps.newId("aex");
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertActivityExport(trx, {
      shop_id: shopId,
      id,
      filters: JSON.stringify(filters),
      total_rows: total,
      actor_email: actor.userEmail,
    });
    await deps.queue.sendInTransaction(trx, exportActivities, { shopId, exportId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "activities.export_started", { exportId: id, filters });
    return presentActivityExport(row);
  });
}

export async function getActivityExport(deps: Deps, shopId: string, id: string): Promise<ActivityExport> {
  return presentActivityExport(await exportOrThrow(deps, activityExport, shopId, id));
}

/** Writes the next page of a running export (one transaction); answers whether more remain. */
export function writeNextActivityExportPage(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<boolean> {
  return writeNextPage(deps, activityExport, shopId, id, pageSize);
}

/** The job's run: pages until none remain; a failure is recorded as 'Failed to export activities'. */
export function runActivityExport(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<void> {
  return runExport(deps, activityExport, shopId, id, pageSize);
}

/** A finished export's CSV, streamed chunk by chunk. */
export function activityExportFile(deps: Deps, shopId: string, id: string): Promise<Readable> {
  return exportFile(deps, activityExport, shopId, id);
}
