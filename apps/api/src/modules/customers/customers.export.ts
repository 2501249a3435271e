import { Readable } from "node:stream";
import type { CustomerExport, CustomerListTab, StartCustomerExportBody } from "@laurel/contracts";
import type { CustomerExportRow, CustomerRow } from "@laurel/db";
import { minimumPlanFor, planAllows, planRankOf, planTierDisplayName } from "@laurel/domain";
import { stringify } from "csv-stringify";
import { stringify as stringifyNow } from "csv-stringify/sync";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { exportCustomers } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { enqueueMerchantEmails } from "../mail/mail.service";
import { getShopOrThrow } from "../shops/shops.service";
import { presentCustomer } from "./customers.admin";
import * as repo from "./customers.repository";

/** Rows read per keyset page while streaming: memory stays flat whatever the shop's size. */
const EXPORT_BATCH = 1_000;

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab or carriage return first) gets a
 * leading apostrophe, as OWASP advises against CSV injection. Only text cells: the numbers are ours.
 */
export function neutraliseCell(value: string | null): string {
  if (value === null) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const HEADER = [
  "Customer ID",
  "Email",
  "First name",
  "Last name",
  "Phone",
  "Birthday",
  "Type",
  "B2B",
  "Points",
  "Pending points",
  "Joined",
  "Customer since",
  "Last update",
];

/** J-15: export is Essential-gated; the gate answers 403 `plan_required` before anything happens. */
export async function assertExportAllowed(deps: Deps, shopId: string) {
  const shop = await getShopOrThrow(deps, shopId);
  if (!planAllows(planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }), "export")) {
    const plan = planTierDisplayName(minimumPlanFor("export"));
    throw new AppError("plan_required", 403, `Export is available on the ${plan} plan and above.`);
  }
  return shop;
}

/** One customer as an export line, text cells neutralised. */
function exportLine(row: CustomerRow): string[] {
  const c = presentCustomer(row);
  return [
    neutraliseCell(c.platformCustomerId),
    neutraliseCell(c.email),
    neutraliseCell(c.firstName),
    neutraliseCell(c.lastName),
    neutraliseCell(c.phone),
    neutraliseCell(c.birthday),
    c.type,
    c.isB2b ? "yes" : "no",
    String(c.availablePoints),
    String(c.pendingPoints),
    c.joinedAt ?? "",
    c.createdAt,
    c.updatedAt,
  ];
}

/**
 * J-15: the customers of a tab (and search) as CSV, streamed page by page in creation order
 * (newest first). Essential plan and above; the gate answers 403 `plan_required` before any byte.
 */
export async function exportCustomersCsv(
  deps: Deps,
  shopId: string,
  q: { tab: CustomerListTab; search?: string | undefined },
): Promise<Readable> {
  await assertExportAllowed(deps, shopId);
  async function* rows() {
    yield HEADER;
    let after: repo.ListKey | undefined;
    for (;;) {
      const page = await repo.listCustomersKeyset(deps.db, shopId, {
        tab: q.tab,
        sort: "newest",
        search: q.search || undefined,
        after,
        limit: EXPORT_BATCH,
      });
      for (const row of page.slice(0, EXPORT_BATCH)) yield exportLine(row);
      const last = page[EXPORT_BATCH - 1];
      if (page.length <= EXPORT_BATCH || !last) return;
      after = [last.sort_key, last.id];
    }
  }
  // A BOM so spreadsheet apps read UTF-8 names right.
  return Readable.from(rows()).pipe(stringify({ bom: true, record_delimiter: "\r\n" }));
}

// ---------------------------------------------------------------------------------------------
// J-15 as a background job (decision 0152): started from the admin, written page by page by a job
// (each page a chunk committed with the progress, so a crash resumes after the last page), the
// merchant e-mailed when it is ready (export_ready), the file downloaded from the admin.

export function presentExport(e: CustomerExportRow): CustomerExport {
  return {
    id: e.id,
    tab: e.tab as CustomerListTab,
    search: e.search,
    status: e.status,
    totalRows: e.total_rows,
    doneRows: e.done_rows,
    error: e.error,
    createdAt: e.created_at.toISOString(),
    finishedAt: e.finished_at?.toISOString() ?? null,
  };
}

export async function startCustomerExport(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
  body: StartCustomerExportBody,
): Promise<CustomerExport> {
  await assertExportAllowed(deps, shopId);
  const id = deps.newId("exp");
  const total = await repo.countCustomers(deps.db, shopId, {
    tab: body.tab,
    search: body.search || undefined,
  });
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("customer_exports")
      .values({
        shop_id: shopId,
        id,
        tab: body.tab,
        search: body.search || null,
        total_rows: total,
        actor_email: actor.userEmail,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await deps.queue.sendInTransaction(trx, exportCustomers, { shopId, exportId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "customers.export_started", { exportId: id, tab: body.tab });
    return presentExport(row);
  });
}

async function exportOrThrow(deps: Deps, shopId: string, id: string): Promise<CustomerExportRow> {
  const row = await deps.db
    .selectFrom("customer_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", 404, "This export does not exist.");
  return row;
}

export async function getCustomerExport(deps: Deps, shopId: string, id: string): Promise<CustomerExport> {
  return presentExport(await exportOrThrow(deps, shopId, id));
}

/** Writes the next page of a running export (one transaction); answers whether more remain. */
export async function writeNextExportPage(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<boolean> {
  // Read before the transaction: on PGlite the one connection belongs to the transaction (0004).
  const shop = await getShopOrThrow(deps, shopId);
  return deps.db.transaction().execute(async (trx) => {
    const e = await trx
      .selectFrom("customer_exports")
      .selectAll()
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!e || e.status === "done" || e.status === "failed") return false;
    const after = e.cursor ? (JSON.parse(e.cursor) as repo.ListKey) : undefined;
    const page = await repo.listCustomersKeyset(trx, shopId, {
      tab: e.tab as CustomerListTab,
      sort: "newest",
      search: e.search ?? undefined,
      after,
      limit: pageSize,
    });
    const rows = page.slice(0, pageSize);
    const lines = rows.map(exportLine);
    // The first chunk opens with the header; the BOM is added when the file is sent (decoders drop a
    // leading BOM from stored text).
    const text = stringifyNow(e.chunks === 0 ? [HEADER, ...lines] : lines, { record_delimiter: "\r\n" });
    if (text.length > 0) {
      await trx
        .insertInto("customer_export_chunks")
        .values({ shop_id: shopId, export_id: id, seq: e.chunks, data: text })
        .execute();
    }
    const last = rows.at(-1);
    const more = page.length > pageSize && last !== undefined;
    await trx
      .updateTable("customer_exports")
      .set((eb) => ({
        status: more ? "running" : "done",
        cursor: last ? JSON.stringify([last.sort_key, last.id]) : e.cursor,
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
            export: "customers",
            count: e.done_rows + rows.length,
            days: 7,
            url: `${deps.config.appUrl.replace(/\/$/, "")}/customers?export=${encodeURIComponent(id)}`,
          },
          ...(e.actor_email ? { to: [e.actor_email] } : {}),
        },
      ]);
    }
    return more;
  });
}

/** The job's run: pages until none remain; a failure is recorded for the merchant to see. */
export async function runCustomerExport(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<void> {
  try {
    while (await writeNextExportPage(deps, shopId, id, pageSize)) {
      // One page per transaction: progress is visible between them.
    }
  } catch (error) {
    await deps.db
      .updateTable("customer_exports")
      .set({ status: "failed", error: "Failed to export customers", finished_at: deps.clock.now() })
      .where("shop_id", "=", shopId)
      .where("id", "=", id)
      .execute();
    console.warn(`[export ${id}] ${String(error)}`);
  }
}

/** A finished export's CSV, streamed chunk by chunk (a few pages in memory at a time). */
export async function customerExportFile(deps: Deps, shopId: string, id: string): Promise<Readable> {
  const e = await exportOrThrow(deps, shopId, id);
  if (e.status !== "done") {
    const message = "This export is not ready yet.";
    throw new AppError("validation_failed", 409, message, [{ field: "status", message }]);
  }
  async function* chunks() {
    // A BOM so spreadsheet apps read UTF-8 names right (as the streamed export).
    yield Buffer.from([0xef, 0xbb, 0xbf]);
    for (let from = 0; from < e.chunks; from += 10) {
      const rows = await deps.db
        .selectFrom("customer_export_chunks")
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
