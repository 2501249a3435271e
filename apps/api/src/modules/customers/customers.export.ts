import { Readable } from "node:stream";
import type { CustomerExport, CustomerListTab, StartCustomerExportBody } from "@laurel/contracts";
import type { CustomerExportRow, CustomerRow } from "@laurel/db";
import { minimumPlanFor, planAllows, planRankOf, planTierDisplayName } from "@laurel/domain";
import { stringify } from "csv-stringify";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { exportCustomers } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { getShopOrThrow } from "../shops/shops.service";
import {
  type ChunkedExport,
  EXPORT_BATCH,
  exportFile,
  exportOrThrow,
  runExport,
  writeNextPage,
} from "./chunked-export";
import { presentCustomer } from "./customers.admin";
import * as repo from "./customers.repository";

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
    // Rows read per keyset page while streaming: memory stays flat whatever the shop's size.
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

type KeysetRow = Awaited<ReturnType<typeof repo.listCustomersKeyset>>[number];

/** The customer export as a chunked export job: a tab's customers (and search), newest first. */
const customerExport: ChunkedExport<CustomerExportRow, KeysetRow> = {
  tables: { exports: "customer_exports", chunks: "customer_export_chunks" },
  name: "customers",
  adminPath: "/customers",
  header: HEADER,
  find: repo.findCustomerExport,
  readPage: (trx, _shop, e, limit) =>
    repo.listCustomersKeyset(trx, e.shop_id, {
      tab: e.tab as CustomerListTab,
      sort: "newest",
      search: e.search ?? undefined,
      after: e.cursor ? (JSON.parse(e.cursor) as repo.ListKey) : undefined,
      limit,
    }),
  line: (row) => exportLine(row),
  cursorOf: (row) => JSON.stringify([row.sort_key, row.id]),
  failedMessage: "Failed to export customers",
  logLabel: "export",
};

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
    const row = await repo.insertCustomerExport(trx, {
      shop_id: shopId,
      id,
      tab: body.tab,
      search: body.search || null,
      total_rows: total,
      actor_email: actor.userEmail,
    });
    await deps.queue.sendInTransaction(trx, exportCustomers, { shopId, exportId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "customers.export_started", { exportId: id, tab: body.tab });
    return presentExport(row);
  });
}

export async function getCustomerExport(deps: Deps, shopId: string, id: string): Promise<CustomerExport> {
  return presentExport(await exportOrThrow(deps, customerExport, shopId, id));
}

/** Writes the next page of a running export (one transaction); answers whether more remain. */
export function writeNextExportPage(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<boolean> {
  return writeNextPage(deps, customerExport, shopId, id, pageSize);
}

/** The job's run: pages until none remain; a failure is recorded for the merchant to see. */
export function runCustomerExport(
  deps: Deps,
  shopId: string,
  id: string,
  pageSize = EXPORT_BATCH,
): Promise<void> {
  return runExport(deps, customerExport, shopId, id, pageSize);
}

/** A finished export's CSV, streamed chunk by chunk (a few pages in memory at a time). */
export function customerExportFile(deps: Deps, shopId: string, id: string): Promise<Readable> {
  return exportFile(deps, customerExport, shopId, id);
}
