import { Readable } from "node:stream";
import type { ActivityExport, StartActivityExportBody } from "@laurel/contracts";
import type { ActivityExportRow } from "@laurel/db";
import { activityTypes } from "@laurel/domain";
import { stringify as stringifyNow } from "csv-stringify/sync";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { exportActivities } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { enqueueMerchantEmails } from "../mail/mail.service";
import { getShopOrThrow } from "../shops/shops.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import { shopActivityFilter } from "./customers.admin";
import { assertExportAllowed, neutraliseCell } from "./customers.export";
import * as repo from "./customers.repository";

/**
 * K-05 (decision 0169): the shop's point activity exported as a job, as the customer export is
 * (decision 0152): started with the list's filters, written a page per transaction (each page a
 * chunk committed with the progress and the keyset cursor, so a crash resumes), downloaded from the
 * admin, and the merchant e-mailed (`export_ready`) when it is ready.
 */

/** Entries written per transaction. */
const EXPORT_BATCH = 1_000;

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
    const row = await trx
      .insertInto("activity_exports")
      .values({
        shop_id: shopId,
        id,
        filters: JSON.stringify(filters),
        total_rows: total,
        actor_email: actor.userEmail,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await deps.queue.sendInTransaction(trx, exportActivities, { shopId, exportId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "activities.export_started", { exportId: id, filters });
    return presentActivityExport(row);
  });
}

async function exportOrThrow(deps: Deps, shopId: string, id: string): Promise<ActivityExportRow> {
  const row = await deps.db
    .selectFrom("activity_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", 404, "This export does not exist.");
  return row;
}

export async function getActivityExport(deps: Deps, shopId: string, id: string): Promise<ActivityExport> {
  return presentActivityExport(await exportOrThrow(deps, shopId, id));
}

/** Writes the next page of a running export (one transaction); answers whether more remain. */
export async function writeNextActivityExportPage(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<boolean> {
  // Read before the transaction: on PGlite the one connection belongs to the transaction (0004).
  const shop = await getShopOrThrow(deps, shopId);
  const timeZone = storeTimeZoneOf(shop);
  return deps.db.transaction().execute(async (trx) => {
    const e = await trx
      .selectFrom("activity_exports")
      .selectAll()
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!e || e.status === "done" || e.status === "failed") return false;
    const page = await repo.listShopActivity(trx, shopId, {
      ...shopActivityFilter(timeZone, e.filters),
      beforeId: e.cursor === null ? undefined : Number(e.cursor),
      limit: pageSize,
    });
    const rows = page.slice(0, pageSize);
    const lines = rows.map((r) => exportLine(r, timeZone));
    // The first chunk opens with the header; the BOM is added when the file is sent.
    const text = stringifyNow(e.chunks === 0 ? [HEADER, ...lines] : lines, { record_delimiter: "\r\n" });
    if (text.length > 0) {
      await trx
        .insertInto("activity_export_chunks")
        .values({ shop_id: shopId, export_id: id, seq: e.chunks, data: text })
        .execute();
    }
    const last = rows.at(-1);
    const more = page.length > pageSize && last !== undefined;
    await trx
      .updateTable("activity_exports")
      .set((eb) => ({
        status: more ? "running" : "done",
        cursor: last ? String(last.id) : e.cursor,
        done_rows: eb("done_rows", "+", rows.length),
        chunks: eb("chunks", "+", text.length > 0 ? 1 : 0),
        ...(more ? {} : { finished_at: deps.clock.now() }),
      }))
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .execute();
    if (!more) {
      await enqueueMerchantEmails(deps, trx, shop, [
        {
          event: "export_ready",
          occasion: `export:${id}`,
          values: {
            export: "activities",
            count: e.done_rows + rows.length,
            days: 7,
            url: `${deps.config.appUrl.replace(/\/$/, "")}/customers/activity?export=${encodeURIComponent(id)}`,
          },
          ...(e.actor_email ? { to: [e.actor_email] } : {}),
        },
      ]);
    }
    return more;
  });
}

/** The job's run: pages until none remain; a failure is recorded as 'Failed to export activities'. */
export async function runActivityExport(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<void> {
  try {
    while (await writeNextActivityExportPage(deps, shopId, id, pageSize)) {
      // One page per transaction: progress is visible between them.
    }
  } catch (error) {
    await deps.db
      .updateTable("activity_exports")
      .set({ status: "failed", error: activityExportMessages.failed, finished_at: deps.clock.now() })
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .execute();
    console.warn(`[activity export ${id}] ${String(error)}`);
  }
}

/** A finished export's CSV, streamed chunk by chunk. */
export async function activityExportFile(deps: Deps, shopId: string, id: string): Promise<Readable> {
  const e = await exportOrThrow(deps, shopId, id);
  if (e.status !== "done") {
    const message = "This export is not ready yet.";
    throw new AppError("validation_failed", 409, message, [{ field: "status", message }]);
  }
  async function* chunks() {
    // A BOM so spreadsheet apps read UTF-8 names right (as the customer export).
    yield Buffer.from([0xef, 0xbb, 0xbf]);
    for (let from = 0; from < e.chunks; from += 10) {
      const rows = await deps.db
        .selectFrom("activity_export_chunks")
        .select("data")
        .where("shop_id", "=", shopId)
        .where("export_id", "=", id)
        .where("seq", ">=", from)
        .where("seq", "<", from + 10)
        .orderBy("seq")
        .execute();
      for (const r of rows) yield Buffer.from(r.data, "utf8");
    }
  }
  return Readable.from(chunks());
}
