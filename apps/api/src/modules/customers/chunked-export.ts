import { Readable } from "node:stream";
import type { ShopRow } from "@laurel/db";
import { stringify as stringifyNow } from "csv-stringify/sync";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { enqueueMerchantEmails } from "../mail/mail.service";
import { getShopOrThrow } from "../shops/shops.service";
import * as repo from "./customers.repository";

/**
 * The job mechanics the customer export (J-15, decision 0152), the activity export (K-05,
 * decision 0169) and the review exports (G-14, G-16) share, so both page, resume, e-mail and serve their CSV the same way: each page is
 * a CSV chunk committed with the progress and the keyset cursor (a crash resumes after the last
 * page), the merchant is e-mailed (`export_ready`) when it is done, and the file is streamed back
 * chunk by chunk with a BOM.
 */

/** Rows written per transaction. */
export const EXPORT_BATCH = 1_000;

/** The columns of an export row the mechanics read (both export tables have them). */
interface ExportProgress {
  status: "queued" | "running" | "done" | "failed";
  chunks: number;
  done_rows: number;
  actor_email: string | null;
  finished_at: Date | null;
}

/** How long a finished export's file is kept (the `export_ready` e-mail says so); then it is swept. */
export const EXPORT_FILE_DAYS = 7;
const DAY_MS = 86_400_000;
const CHUNKED_EXPORT_TABLES: readonly repo.ExportTables[] = [
  { exports: "customer_exports", chunks: "customer_export_chunks" },
  { exports: "activity_exports", chunks: "activity_export_chunks" },
  { exports: "review_exports", chunks: "review_export_chunks" },
];

/** What differs between two exports: their tables, their rows and how a row becomes a line. */
export interface ChunkedExport<E extends ExportProgress, R> {
  tables: repo.ExportTables;
  /** The `export` value of the `export_ready` e-mail. */
  name: "customers" | "activities" | "reviews" | "Google reviews";
  /** The admin screen the e-mail links to (`?export=<id>` is added). */
  adminPath: string;
  header: string[];
  /** The export's row, locked when asked. */
  find(conn: repo.Conn, shopId: string, id: string, lock?: "forUpdate"): Promise<E | undefined>;
  /** Up to `limit + 1` rows after the export's cursor (one more tells whether more remain). */
  readPage(trx: repo.Conn, shop: ShopRow, e: E, limit: number): Promise<R[]>;
  line(row: R, shop: ShopRow): string[];
  cursorOf(row: R): string;
  failedMessage: string;
  logLabel: string;
}

export async function exportOrThrow<E extends ExportProgress, R>(
  deps: Deps,
  spec: ChunkedExport<E, R>,
  shopId: string,
  id: string,
): Promise<E> {
  const row = await spec.find(deps.db, shopId, id);
  if (!row) throw new AppError("not_found", 404, "This export does not exist.");
  return row;
}

/** Writes the next page of a running export (one transaction); answers whether more remain. */
export async function writeNextPage<E extends ExportProgress, R>(
  deps: Deps,
  spec: ChunkedExport<E, R>,
  shopId: string,
  id: string,
  pageSize: number,
): Promise<boolean> {
  // Read before the transaction: on PGlite the one connection belongs to the transaction (0004).
  const shop = await getShopOrThrow(deps, shopId);
  return deps.db.transaction().execute(async (trx) => {
    const e = await spec.find(trx, shopId, id, "forUpdate");
    if (!e || e.status === "done" || e.status === "failed") return false;
    const page = await spec.readPage(trx, shop, e, pageSize);
    const rows = page.slice(0, pageSize);
    const lines = rows.map((r) => spec.line(r, shop));
    // The first chunk opens with the header; the BOM is added when the file is sent (decoders drop a
    // leading BOM from stored text).
    const text = stringifyNow(e.chunks === 0 ? [spec.header, ...lines] : lines, { record_delimiter: "\r\n" });
    if (text.length > 0) {
      await repo.insertExportChunk(trx, spec.tables, { shopId, exportId: id, seq: e.chunks, data: text });
    }
    const last = rows.at(-1);
    const more = page.length > pageSize && last !== undefined;
    await repo.advanceExport(trx, spec.tables, shopId, id, {
      more,
      cursor: last ? spec.cursorOf(last) : undefined,
      rows: rows.length,
      chunks: text.length > 0 ? 1 : 0,
      at: deps.clock.now(),
    });
    if (!more) {
      await enqueueMerchantEmails(deps, trx, shop, [
        {
          event: "export_ready",
          occasion: `export:${id}`,
          values: {
            export: spec.name,
            count: e.done_rows + rows.length,
            days: EXPORT_FILE_DAYS,
            url: `${deps.config.appUrl.replace(/\/$/, "")}${spec.adminPath}?export=${encodeURIComponent(id)}`,
          },
          ...(e.actor_email ? { to: [e.actor_email] } : {}),
        },
      ]);
    }
    return more;
  });
}

/**
 * The job's run: pages until none remain; a failure is recorded for the merchant to see, on an
 * export still queued or running only: a finished export never turns failed (a retried job that
 * fails after the last page, say, leaves the file the merchant was told about downloadable).
 */
export async function runExport<E extends ExportProgress, R>(
  deps: Deps,
  spec: ChunkedExport<E, R>,
  shopId: string,
  id: string,
  pageSize: number,
): Promise<void> {
  try {
    while (await writeNextPage(deps, spec, shopId, id, pageSize)) {
      // One page per transaction: progress is visible between them.
    }
  } catch (error) {
    await repo.markExportFailed(deps.db, spec.tables, shopId, id, {
      error: spec.failedMessage,
      at: deps.clock.now(),
    });
    console.warn(`[${spec.logLabel} ${id}] ${String(error)}`);
  }
}

/** A finished export's CSV, streamed chunk by chunk (a few pages in memory at a time). */
export async function exportFile<E extends ExportProgress, R>(
  deps: Deps,
  spec: ChunkedExport<E, R>,
  shopId: string,
  id: string,
): Promise<Readable> {
  const e = await exportOrThrow(deps, spec, shopId, id);
  if (e.status !== "done") {
    const message = "This export is not ready yet.";
    throw new AppError("validation_failed", 409, message, [{ field: "status", message }]);
  }
  if (e.finished_at && e.finished_at.getTime() < deps.clock.now().getTime() - EXPORT_FILE_DAYS * DAY_MS)
    throw new AppError("export_expired", 410);
  async function* chunks() {
    // A BOM so spreadsheet apps read UTF-8 names right (as the streamed export).
    yield Buffer.from([0xef, 0xbb, 0xbf]);
    for (let from = 0; from < e.chunks; from += 10) {
      for (const data of await repo.listExportChunks(deps.db, spec.tables, shopId, id, from, from + 10)) {
        yield Buffer.from(data, "utf8");
      }
    }
  }
  return Readable.from(chunks());
}

/**
 * The daily export sweep (issue 13): the files of customer, activity and review exports finished
 * more than EXPORT_FILE_DAYS ago are deleted; their rows stay as the record of the export, and the
 * download answers that it expired. Answers how many chunks went.
 */
export async function sweepExpiredExportFiles(deps: Deps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - EXPORT_FILE_DAYS * DAY_MS);
  let swept = 0;
  for (const tables of CHUNKED_EXPORT_TABLES)
    swept += await repo.deleteChunksFinishedBefore(deps.db, tables, before);
  return swept;
}
