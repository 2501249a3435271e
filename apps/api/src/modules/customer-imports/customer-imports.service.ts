import { Readable } from "node:stream";
import {
  type CustomerImport,
  type CustomerImportRowError,
  type CustomerImportUploadQuery,
  type CustomerImportUploadResponse,
  importFileMessages,
  MAX_IMPORT_FILE_BYTES,
  type MigrationMapping,
  validateMigrationTierRule,
} from "@laurel/contracts";
import type { CustomerImportRow, CustomerImportRowsTable, ShopRow, Tx } from "@laurel/db";
import { currencyMinorDigits, DEFAULT_CURRENCY } from "@laurel/domain";
import { stringify } from "csv-stringify";
import type { Selectable } from "kysely";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { importCustomers } from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { importBirthdays, joinProgramMany, lockCustomers } from "../customers/customers.service";
import { type EntryInput, postEntries } from "../ledger/ledger.service";
import { enqueueMerchantEmails } from "../mail/mail.service";
import { findShopById } from "../shops/shops.service";
import {
  importTierBaselines,
  tierBasisOf,
  tierRunInProgress,
  updateMembersTiers,
} from "../tiers/tiers.service";
import { fileError, readImportFile, type TierReading } from "./customer-imports.file";
import * as repo from "./customer-imports.repository";

/**
 * Customer imports (J-07 … J-12, decision 0105). The upload is read as a stream and staged,
 * checked and matched before anything about a customer is written; the merchant sees every refused
 * row (line, column, reason) and starts the import, which a job applies in batches with progress.
 * Each batch commits its entries, its customers' changes and the import's cursor together, so a
 * crash resumes where it stopped; ledger keys derive from the file's hash and line, so the same
 * file imported again adds nothing.
 */

/**
 * Lines applied per transaction by the job. The ledger's columns travel as arrays, so the size is
 * bound by a transaction's length, not by PostgreSQL's 65,535 parameters (decision 0169).
 */
export const IMPORT_BATCH = 5_000;

type CustomerImportRowsSelect = Selectable<CustomerImportRowsTable>;

export function presentImport(i: CustomerImportRow): CustomerImport {
  return {
    id: i.id,
    kind: i.kind,
    mode: i.mode,
    source: i.source,
    tierBasis: i.tier_basis,
    fileName: i.file_name,
    fileBytes: i.file_bytes,
    status: i.status,
    totalRows: i.total_rows,
    errorRows: i.error_rows,
    validRows: i.total_rows - i.error_rows,
    doneRows: i.done_rows,
    changedRows: i.changed_rows,
    actorEmail: i.actor_email,
    error: i.error,
    createdAt: i.created_at.toISOString(),
    startedAt: i.started_at?.toISOString() ?? null,
    finishedAt: i.finished_at?.toISOString() ?? null,
  };
}

const presentError = (r: { line: number; error_field: string | null; error_message: string | null }) => ({
  line: r.line,
  field: r.error_field ?? "",
  message: r.error_message ?? "",
});

/** J-07: the file's name must end in .csv and its size (when announced) be at most 25 MB. */
export function checkUpload(fileName: string, contentLength: number | undefined): void {
  if (!/\.csv$/i.test(fileName.trim())) throw fileError(importFileMessages.notCsv);
  if (contentLength !== undefined && contentLength > MAX_IMPORT_FILE_BYTES) {
    throw fileError(importFileMessages.tooLarge);
  }
}

/**
 * Reads, stages and checks an uploaded file. A file-level problem (not CSV, too big, not UTF-8,
 * a header missing) refuses it with a 400 naming `file` and leaves nothing behind; otherwise the
 * import is `ready`, with its refused rows.
 */
export async function uploadImport(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
  q: CustomerImportUploadQuery,
  body: Readable,
  contentLength: number | undefined,
): Promise<CustomerImportUploadResponse> {
  checkUpload(q.fileName, contentLength);
  const mapping = q.kind === "migration" ? migrationMappingOf(q) : undefined;
  const tier = await tierReadingOf(deps, shopId, q);
  // C-30: a migration's amount spent is in the store's currency, stored in its minor units.
  const minorDigits =
    q.kind === "migration" && mapping?.spent
      ? currencyMinorDigits((await findShopById(deps.db, shopId))?.platform_info.currency ?? DEFAULT_CURRENCY)
      : 2;
  // A migration sets each balance to the other app's (reset); a points import adds unless told.
  const mode = q.kind === "points" ? (q.mode ?? "add") : q.kind === "migration" ? "reset" : null;
  const id = deps.newId("imp");
  await repo.insertImport(deps.db, {
    shopId,
    id,
    kind: q.kind,
    mode,
    fileName: q.fileName.trim(),
    actorEmail: actor.userEmail,
    source: q.kind === "migration" ? (q.source ?? "other") : null,
    columns: mapping ?? null,
    tierBasis: tier?.basis ?? null,
    tierRule: tier?.rule ?? null,
  });
  try {
    const file = await readImportFile(
      body,
      q.kind,
      mode,
      (rows) => repo.insertRows(deps.db, shopId, id, rows),
      5_000,
      mapping,
      tier,
      minorDigits,
    );
    await repo.matchRows(deps.db, shopId, id);
    const row = await deps.db.transaction().execute(async (trx) => {
      const done = await repo.finishValidation(trx, shopId, id, file);
      await auditWrite(trx, shopId, actor, "customers.import_uploaded", {
        importId: id,
        fileName: done.file_name,
        rows: done.total_rows,
        refused: done.error_rows,
      });
      return done;
    });
    const errors = await repo.listErrors(deps.db, shopId, id, 0, 20);
    const counts =
      q.kind === "migration"
        ? await repo.migrationDryRun(deps.db, shopId, id)
        : q.kind === "tier"
          ? await repo.tierImportDryRun(deps.db, shopId, id)
          : null;
    const currency = (await findShopById(deps.db, shopId))?.platform_info.currency ?? DEFAULT_CURRENCY;
    const dryRun = counts ? { ...counts, currency } : null;
    return { import: presentImport(row), errors: errors.map(presentError), dryRun };
  } catch (error) {
    // Nothing half-written: the staged rows go with the import.
    await repo.deleteImport(deps.db, shopId, id);
    throw error;
  }
}

/** J-13 / J-14: the merchant's mapping; Email and Points must be mapped (a 400 naming the field). */
function migrationMappingOf(q: CustomerImportUploadQuery): MigrationMapping {
  const mapping: MigrationMapping = {};
  if (q.emailColumn) mapping.email = q.emailColumn;
  if (q.pointsColumn) mapping.points = q.pointsColumn;
  if (q.customerIdColumn) mapping.customerId = q.customerIdColumn;
  if (q.phoneColumn) mapping.phone = q.phoneColumn;
  if (q.birthdayColumn) mapping.birthday = q.birthdayColumn;
  if (q.ordersColumn) mapping.orders = q.ordersColumn;
  if (q.spentColumn) mapping.spent = q.spentColumn;
  for (const [field, column] of [
    ["emailColumn", "email"],
    ["pointsColumn", "points"],
  ] as const) {
    if (!mapping[column]) {
      const message = `${field} is required: map your file's ${column === "email" ? "e-mail" : "points balance"} column.`;
      throw new AppError("validation_failed", 400, message, [{ field, message }]);
    }
  }
  return mapping;
}

/**
 * J-11 / J-14 (decision 0167): how the file's tier column is read. A tier import is measured on the
 * shop's tier basis (the ladder in force, else the draft); a migration's tier step needs both its
 * tier column and its rule, checked by J-14 (a 400 naming each field at fault).
 */
async function tierReadingOf(
  deps: Deps,
  shopId: string,
  q: CustomerImportUploadQuery,
): Promise<TierReading | undefined> {
  const wantsTier = q.kind === "tier" || (q.kind === "migration" && (q.tierColumn || q.tierRule));
  if (!wantsTier) return undefined;
  const shop = await findShopById(deps.db, shopId);
  const reading: TierReading = {
    basis: await tierBasisOf(deps.db, shopId),
    minorDigits: currencyMinorDigits(shop?.platform_info.currency ?? DEFAULT_CURRENCY),
  };
  if (q.kind === "tier") return reading;
  for (const [field, present] of [
    ["tierColumn", q.tierColumn],
    ["tierRule", q.tierRule],
  ] as const) {
    if (!present) {
      const message = `${field} is required with a tier step: map your file's tier column and set the tier rule.`;
      throw new AppError("validation_failed", 400, message, [{ field, message }]);
    }
  }
  const issues = validateMigrationTierRule(q.tierRule ?? []);
  const first = issues[0];
  if (first) throw new AppError("validation_failed", 400, first.message, issues);
  return { ...reading, column: q.tierColumn as string, rule: q.tierRule as TierReading["rule"] };
}

async function importOrThrow(deps: Deps, shopId: string, id: string): Promise<CustomerImportRow> {
  const row = await repo.findImport(deps.db, shopId, id);
  if (!row) throw new AppError("not_found", 404, "This import does not exist.");
  return row;
}

export async function getImport(deps: Deps, shopId: string, id: string): Promise<CustomerImport> {
  return presentImport(await importOrThrow(deps, shopId, id));
}

export async function listImports(
  deps: Deps,
  shopId: string,
  q: { cursor?: number | undefined; pageSize: number },
) {
  const rows = await repo.listImports(deps.db, shopId, q.cursor, q.pageSize);
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    imports: page.map(presentImport),
    nextCursor: rows.length > q.pageSize && last ? String(last.seq) : null,
  };
}

export async function listAllImports(deps: Deps, q: { cursor?: number | undefined; pageSize: number }) {
  const rows = await repo.listAllImports(deps.db, q.cursor, q.pageSize);
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    imports: page.map((r) => ({ ...presentImport(r), shopDomain: r.shopify_domain })),
    nextCursor: rows.length > q.pageSize && last ? String(last.seq) : null,
  };
}

export async function listImportErrors(
  deps: Deps,
  shopId: string,
  id: string,
  q: { after: number; pageSize: number },
): Promise<{ errors: CustomerImportRowError[]; nextAfter: number | null }> {
  await importOrThrow(deps, shopId, id);
  const rows = await repo.listErrors(deps.db, shopId, id, q.after, q.pageSize + 1);
  const page = rows.slice(0, q.pageSize);
  return {
    errors: page.map(presentError),
    nextAfter: rows.length > q.pageSize ? (page.at(-1)?.line ?? null) : null,
  };
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (as the customer export). */
const neutralise = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The refused rows as CSV (Line, Column, Reason), streamed page by page. */
export async function importErrorsCsv(deps: Deps, shopId: string, id: string): Promise<Readable> {
  await importOrThrow(deps, shopId, id);
  async function* rows() {
    yield ["Line", "Column", "Reason"];
    let after = 0;
    for (;;) {
      const page = await repo.listErrors(deps.db, shopId, id, after, 1_000);
      for (const r of page)
        yield [String(r.line), neutralise(r.error_field ?? ""), neutralise(r.error_message ?? "")];
      const last = page.at(-1);
      if (!last || page.length < 1_000) return;
      after = last.line;
    }
  }
  return Readable.from(rows()).pipe(stringify({ bom: true, record_delimiter: "\r\n" }));
}

/** The merchant starts a checked import: the job is enqueued with the status change (outbox). */
export async function startImport(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string,
): Promise<CustomerImport> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await repo.findImportForUpdate(trx, shopId, id);
    if (!current) throw new AppError("not_found", 404, "This import does not exist.");
    if (current.status !== "ready") {
      const message = "This import has already been started.";
      throw new AppError("validation_failed", 409, message, [{ field: "status", message }]);
    }
    if (current.total_rows === current.error_rows) {
      const message = "Every row of this file was refused: fix the file and upload it again.";
      throw new AppError("validation_failed", 400, message, [{ field: "file", message }]);
    }
    // I-10: a tier import (or a migration's tier step) does not start while a tier run recalculates.
    if (movesTiers(current) && (await tierRunInProgress(trx, shopId, true))) {
      throw new AppError("tier_run_in_progress", 409);
    }
    const started = await repo.startImport(trx, shopId, id, deps.clock.now());
    if (!started) throw new Error(`import ${id} vanished`);
    await deps.queue.sendInTransaction(trx, importCustomers, { shopId, importId: id }, { singletonKey: id });
    await auditWrite(trx, shopId, actor, "customers.import_started", { importId: id });
    return presentImport(started);
  });
}

/**
 * Whether applying an import may move tiers: a tier import, a migration's tier step, or a
 * migration bringing order history (amount-spent and order-count tiers count it, decision 0178).
 */
function movesTiers(i: CustomerImportRow): boolean {
  const columns = (i.columns ?? {}) as MigrationMapping;
  return i.tier_basis !== null || (i.kind === "migration" && Boolean(columns.orders || columns.spent));
}

/** The ledger key of one line of one file: the same file imported again posts nothing new. */
const lineKey = (i: CustomerImportRow, line: number | "") =>
  `import:${i.file_sha256}:${i.kind}:${i.mode ?? "-"}:${line}`;

/**
 * J-12 / L-11: the merchant who started the import (or the shop's address) is told it finished, in
 * the transaction that finishes it; keyed by the import, so a retried job tells once.
 */
async function tellMerchantImportDone(deps: Deps, trx: Tx, imp: CustomerImportRow): Promise<void> {
  const shop = await findShopById(trx, imp.shop_id);
  if (!shop) return;
  await enqueueMerchantEmails(deps, trx, shop, [
    {
      event: "import_completed",
      occasion: `import:${imp.id}`,
      values: {
        file: imp.file_name,
        count: imp.done_rows,
        failed: imp.error_rows,
        url: `${deps.config.appUrl.replace(/\/$/, "")}/customers/history`,
      },
      ...(imp.actor_email ? { to: [imp.actor_email] } : {}),
    },
  ]);
}

/**
 * Applies the next batch of an importing import (one transaction); answers whether more remain.
 * Rows whose key the ledger already holds are `unchanged`; guests given points become members.
 */
export async function applyNextBatch(deps: Deps, shopId: string, id: string): Promise<boolean | "waiting"> {
  return deps.db.transaction().execute(async (trx) => {
    const imp = await repo.findImportForUpdate(trx, shopId, id);
    if (imp?.status !== "importing") return false;
    // I-10: a batch that moves tiers holds the VIP program for share (a launch waits for it) and
    // waits while a launch or relaunch recalculates.
    if (movesTiers(imp) && (await tierRunInProgress(trx, shopId, true))) return "waiting";
    const rows = await repo.nextRows(trx, shopId, id, imp.cursor, IMPORT_BATCH, lineKey(imp, ""));
    const last = rows.at(-1);
    if (!last) {
      await repo.finishImport(trx, shopId, id, "done", deps.clock.now());
      await auditWrite(trx, shopId, { userId: null, impersonatedBy: null }, "customers.import_done", {
        importId: id,
        changed: imp.changed_rows,
      });
      await tellMerchantImportDone(deps, trx, imp);
      return false;
    }
    const good = rows.filter((r) => r.error_message === null && r.customer_id !== null);
    let changed: number[] = [];
    let unchanged: number[] = [];
    /** Lines a later step changed (a tier, a birthday) after their balance stayed: changed. */
    const promote = (lines: readonly number[]) => {
      const kept = new Set(unchanged);
      const now = new Set(lines.filter((l) => kept.has(l)));
      if (now.size === 0) return;
      unchanged = unchanged.filter((l) => !now.has(l));
      changed = [...changed, ...now];
    };
    if (imp.kind === "points" || imp.kind === "migration") {
      const fresh = good.filter((r) => !r.held);
      unchanged.push(...good.filter((r) => r.held).map((r) => r.line));
      const customers = new Map(
        (
          await lockCustomers(
            trx,
            shopId,
            fresh.map((r) => r.customer_id as string),
          )
        ).map((c) => [c.id, c]),
      );
      const entries: EntryInput[] = [];
      for (const r of fresh) {
        const customer = customers.get(r.customer_id as string);
        const target = r.points ?? 0;
        const delta = imp.mode === "reset" ? target - (customer?.available_points ?? 0) : target;
        if (!customer || delta === 0) {
          unchanged.push(r.line);
          continue;
        }
        changed.push(r.line);
        entries.push({
          shopId,
          customerId: customer.id,
          activityType:
            imp.kind === "migration"
              ? "migrate_point"
              : imp.mode === "reset"
                ? "adjust_import_reset"
                : "adjust_import_add",
          available: delta,
          idempotencyKey: lineKey(imp, r.line),
          sourceRef: `import:${imp.id}:${r.line}`,
          note: `${imp.file_name}, line ${r.line}${r.source_date ? ` (created ${r.source_date})` : ""}`,
          actor: imp.actor_email ?? "import",
        });
      }
      await postEntries(trx, entries);
      await joinProgramMany(
        trx,
        shopId,
        fresh.map((r) => r.customer_id as string),
        deps.clock.now(),
      );
      // A migration's birthdays come with its balances (J-13); only where the file gives one.
      const birthdays = fresh.filter((r) => r.birth_month !== null && r.birth_day !== null);
      if (imp.kind === "migration" && imp.tier_basis !== null) {
        const shop = await findShopById(trx, shopId);
        const moved = shop
          ? await importTierBaselinesOf(deps, trx, shop, imp, fresh, "migrate_tier")
          : new Set<string>();
        promote(fresh.filter((r) => moved.has(r.customer_id as string)).map((r) => r.line));
      }
      if (imp.kind === "migration") {
        // Every good row, not only those whose balance line is new: the same export uploaded again
        // with its order columns newly mapped still brings them (the upsert changes only what differs).
        const moved = await migrateOrdersOf(deps, trx, imp, good);
        promote(good.filter((r) => moved.has(r.customer_id as string)).map((r) => r.line));
      }
      if (imp.kind === "migration" && birthdays.length > 0) {
        const moved = new Set(
          await importBirthdays(
            trx,
            shopId,
            birthdays.map((r) => ({
              id: r.customer_id as string,
              month: r.birth_month ?? 0,
              day: r.birth_day ?? 0,
            })),
          ),
        );
        promote(birthdays.filter((r) => moved.has(r.customer_id as string)).map((r) => r.line));
      }
    } else if (imp.kind === "tier") {
      const shop = await findShopById(trx, shopId);
      const moved = shop ? await importTierBaselinesOf(deps, trx, shop, imp, good, "import") : new Set();
      for (const r of good) (moved.has(r.customer_id as string) ? changed : unchanged).push(r.line);
    } else {
      const moved = new Set(
        await importBirthdays(
          trx,
          shopId,
          good.map((r) => ({
            id: r.customer_id as string,
            month: r.birth_month ?? 0,
            day: r.birth_day ?? 0,
          })),
        ),
      );
      for (const r of good) (moved.has(r.customer_id as string) ? changed : unchanged).push(r.line);
    }
    await repo.markOutcomes(trx, shopId, id, changed, unchanged);
    await repo.advance(trx, shopId, id, { cursor: last.line, rows: good.length, changed: changed.length });
    return true;
  });
}

/** The rows' imported tier measures, through the tiers service (baseline, then recalculation). */
function importTierBaselinesOf(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  imp: CustomerImportRow,
  rows: readonly { customer_id: string | null; tier_value: number | null }[],
  reason: "import" | "migrate_tier",
): Promise<Set<string>> {
  if (imp.tier_basis === null) return Promise.resolve(new Set());
  return importTierBaselines(
    deps,
    trx,
    shop,
    imp.tier_basis,
    rows.flatMap((r) =>
      r.customer_id !== null && r.tier_value !== null
        ? [{ customerId: r.customer_id, value: Number(r.tier_value) }]
        : [],
    ),
    { importId: imp.id, reason },
  );
}

/**
 * C-30 (decision 0178): the rows' order history from the other app, set per customer (a blank
 * figure keeps the one migrated before); each customer whose figures changed gets a `migrate_order`
 * line in their activities (no points), keyed by the import and line, and their tier is recalculated
 * as an order recalculates it (amount-spent and order-count tiers count the migrated orders; no
 * entry reward or e-mail: they held that standing in the other app). Answers the customers changed.
 */
async function migrateOrdersOf(
  deps: Deps,
  trx: Tx,
  imp: CustomerImportRow,
  rows: readonly CustomerImportRowsSelect[],
): Promise<Set<string>> {
  const bringing = rows.filter(
    (r) => r.customer_id !== null && (r.order_count !== null || r.spent_minor !== null),
  );
  if (bringing.length === 0) return new Set();
  // As a tier baseline's import: the customers are locked first, so an order effect on one of them
  // (which locks the customer too) runs before or after this batch, never in between.
  await lockCustomers(
    trx,
    imp.shop_id,
    bringing.map((r) => r.customer_id as string),
  );
  const now = deps.clock.now();
  const changed = await repo.upsertMigratedOrders(
    trx,
    imp.shop_id,
    bringing.map((r) => ({
      customerId: r.customer_id as string,
      orders: r.order_count === null ? null : Number(r.order_count),
      spentMinor: r.spent_minor === null ? null : Number(r.spent_minor),
    })),
    imp.id,
    now,
  );
  if (changed.length === 0) return new Set();
  const shop = await findShopById(trx, imp.shop_id);
  const currency = shop?.platform_info.currency ?? DEFAULT_CURRENCY;
  const digits = currencyMinorDigits(currency);
  const lineOf = new Map(bringing.map((r) => [r.customer_id as string, r.line]));
  await postEntries(
    trx,
    changed.map((c) => {
      const line = lineOf.get(c.customerId) ?? 0;
      const spent = (c.spentMinor / 10 ** digits).toFixed(digits);
      return {
        shopId: imp.shop_id,
        customerId: c.customerId,
        activityType: "migrate_order",
        // Keyed by the import, not the file: the upsert above is what keeps a rerun from writing
        // again; the same file uploaded after another changed the figures records the change back.
        idempotencyKey: `import:${imp.id}:migrate_order:${line}`,
        sourceRef: `import:${imp.id}:${line}`,
        note: `${c.orders} orders, ${spent} ${currency} spent (${imp.source ?? "other"}: ${imp.file_name}, line ${line})`,
        actor: imp.actor_email ?? "import",
      } satisfies EntryInput;
    }),
  );
  if (shop) {
    await updateMembersTiers(
      deps,
      trx,
      shop,
      new Map(changed.map((c) => [c.customerId, `import:${imp.id}`])),
      { reason: "migrate_tier", grantEntryRewards: false, emails: false },
    );
  }
  return new Set(changed.map((c) => c.customerId));
}

/** How long a tier-moving import waits for a tier run before it tries again (I-10). */
export const IMPORT_TIER_WAIT_SECONDS = 30;

/**
 * The job's whole run: batches until none remain. A refusal (a balance past its bound, a key
 * conflict) fails the import with its reason for the merchant to see; a crash leaves it importing,
 * and the job's retry resumes after the last committed batch.
 */
export async function runImport(deps: Deps, shopId: string, id: string): Promise<void> {
  try {
    for (;;) {
      const step = await applyNextBatch(deps, shopId, id);
      if (step === "waiting") {
        // A tier launch is recalculating: the job comes back after it (the import stays importing).
        await deps.queue.send(
          importCustomers,
          { shopId, importId: id },
          { startAfter: IMPORT_TIER_WAIT_SECONDS },
        );
        return;
      }
      if (!step) return;
      // One batch per transaction: progress is visible between them.
    }
  } catch (error) {
    const reason = error instanceof AppError ? error.message : "an unexpected error";
    await repo.finishImport(
      deps.db,
      shopId,
      id,
      "failed",
      deps.clock.now(),
      `${importFileMessages.failed}: ${reason}`,
    );
    if (!(error instanceof AppError)) console.warn(`[import ${id}] ${String(error)}`);
  }
}
