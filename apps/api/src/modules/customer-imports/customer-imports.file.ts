import { createHash } from "node:crypto";
import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import {
  type CustomerImportKindName,
  findTierImportColumn,
  importFileMessages,
  importHeaders,
  MAX_IMPORT_FILE_BYTES,
  type MigrationMapping,
  type MigrationTierRule,
  type TierBasisName,
  textProblem,
  tierImportColumnMessage,
  tierImportHeaders,
} from "@laurel/contracts";
import { MAX_POINTS_BALANCE, parseBirthday } from "@laurel/domain";
import { type CsvError, parse } from "csv-parse";
import { AppError } from "../../infra/errors";

/**
 * Reading an import file (J-07 … J-10) as a stream: bytes are counted and hashed as they pass, the
 * text must be UTF-8 (a UTF-8 BOM is dropped; UTF-16 or broken bytes make the file invalid), and
 * csv-parse yields one record at a time, so memory stays flat whatever the file's size. Each record
 * becomes a staged row: its identifiers and value, or the column and reason it is refused.
 */

export interface StagedRow {
  line: number;
  platformCustomerId: string | null;
  email: string | null;
  phone: string | null;
  points: number | null;
  birthMonth: number | null;
  birthDay: number | null;
  sourceDate: string | null;
  /** Tier imports and migrations with a tier rule: the measure on the tier basis (money in minor units). */
  tierValue: number | null;
  /** Migrations (C-30, decision 0178): the other app's order count and amount spent (minor units). */
  orderCount: number | null;
  spentMinor: number | null;
  errorField: string | null;
  errorMessage: string | null;
}

/**
 * J-11 / J-14 (decision 0167): what a file's tier column means. A tier import's column must be the
 * shop's tier basis (its values are the measure); a migration's mapped column holds the other app's
 * tier names, which the rule turns into entry requirements.
 */
export interface TierReading {
  basis: TierBasisName;
  /** Digits after the decimal point of the store's currency (amount spent). */
  minorDigits: number;
  /** Migrations: the file's tier name column and the merchant's rule. */
  column?: string;
  rule?: MigrationTierRule;
}

export interface ReadFileResult {
  sha256: string;
  bytes: number;
  rows: number;
}

type Column = keyof typeof importHeaders;
type Columns = Partial<Record<Column, number>> & {
  /** A migration's headers as the file names them (its errors name these). */
  names?: Partial<Record<Column, string>>;
  /** The tier column (J-11, J-14) and its header as the file names it. */
  tier?: { index: number; label: string };
};

/** A file-level refusal: a 400 naming `file`, in the spec's words where it has them. */
export function fileError(message: string): AppError {
  return new AppError("validation_failed", 400, message, [{ field: "file", message }]);
}

/** The longest identifier cell kept (an e-mail address is at most 254 characters). */
const MAX_CELL = 254;

const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/\s+/g, " ");
const HEADER_OF = new Map(
  (Object.entries(importHeaders) as Array<[Column, string]>).map(([k, v]) => [normaliseHeader(v), k]),
);
/** Other spellings competitors' exports use for the same columns. */
for (const [alias, column] of [
  ["customer id", "customerId"],
  ["customer_id", "customerId"],
  ["e-mail", "email"],
  ["email address", "email"],
  ["phone number", "phone"],
  ["create date", "createDate"],
  ["created at", "createDate"],
] as const) {
  HEADER_OF.set(alias, column);
}

/**
 * J-13 / J-14: a migration's columns are the headers the merchant mapped; each must be in the file,
 * and the file must have an e-mail column and a points column.
 */
function findMappedColumns(header: readonly string[], mapping: MigrationMapping): Columns {
  const columns: Columns = { names: {} };
  for (const [column, name] of Object.entries(mapping) as Array<[Column, string]>) {
    const i = header.findIndex((h) => normaliseHeader(h) === normaliseHeader(name));
    if (i < 0) throw fileError(`Your file has no column named ${name}.`);
    columns[column] = i;
    (columns.names as Partial<Record<Column, string>>)[column] = header[i]?.trim() ?? name;
  }
  if (columns.email === undefined)
    throw fileError("Your file must contain an email column: map it to Email.");
  if (columns.points === undefined) throw fileError("Map your file's points balance column to Points.");
  return columns;
}

/** A tier import's column refused: a 400 naming `file` with J-11's replace-column message. */
function tierColumnError(basis: TierBasisName, found: string | null): AppError {
  const message = tierImportColumnMessage(basis, found);
  const code = found === null ? "tier_import_missing_column" : "tier_import_replace_column";
  return new AppError(code, 400, message, [{ field: "file", message }]);
}

/** J-08 … J-10: which columns a kind needs; a missing one refuses the whole file, naming it. */
export function findColumns(
  header: readonly string[],
  kind: CustomerImportKindName,
  mapping?: MigrationMapping,
  tier?: TierReading,
): Columns {
  if (kind === "migration") {
    const mapped = findMappedColumns(header, mapping ?? {});
    if (tier?.column) {
      const name = tier.column;
      const i = header.findIndex((h) => normaliseHeader(h) === normaliseHeader(name));
      if (i < 0) throw fileError(`Your file has no column named ${name}.`);
      mapped.tier = { index: i, label: header[i]?.trim() ?? name };
    }
    return mapped;
  }
  const columns: Columns = {};
  header.forEach((h, i) => {
    const column = HEADER_OF.get(normaliseHeader(h));
    if (column && columns[column] === undefined) columns[column] = i;
  });
  if (columns.customerId === undefined && columns.email === undefined && columns.phone === undefined) {
    throw fileError(
      `Your file is missing the ${importHeaders.email} header (or ${importHeaders.customerId} or ${importHeaders.phone}).`,
    );
  }
  if (kind === "tier") {
    if (!tier) throw new Error("a tier import needs its basis");
    const found = findTierImportColumn(header, tier.basis);
    if ("wrong" in found) throw tierColumnError(tier.basis, found.wrong);
    if ("missing" in found) throw tierColumnError(tier.basis, null);
    columns.tier = {
      index: found.index,
      label: header[found.index]?.trim() ?? tierImportHeaders[tier.basis],
    };
    return columns;
  }
  const needed: Column = kind === "points" ? "points" : "birthday";
  if (columns[needed] === undefined) {
    throw fileError(`Your file is missing the ${importHeaders[needed]} header.`);
  }
  return columns;
}

const WHOLE_NUMBER = /^[+-]?\d{1,12}$/;
const MAX_TIER_VALUE = 100_000_000_000;

/**
 * J-11: a tier import's value on its basis: points and orders whole numbers, an amount spent in the
 * store's currency (`1,250.50`) turned into minor units; a blank cell is refused (blank VIP data).
 */
export function parseTierValue(raw: string | null, label: string, tier: TierReading): number | string {
  if (raw === null) return `${label} is blank`;
  const compact = raw.replace(/[,\s]/g, "");
  if (tier.basis === "amount_spent") {
    const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(compact);
    if (!m) return `${label} must be an amount (for example 1250.50)`;
    const fraction = (m[2] ?? "").replace(/0+$/, "");
    if (fraction.length > tier.minorDigits)
      return `${label} has more than ${tier.minorDigits} decimal${tier.minorDigits === 1 ? "" : "s"}`;
    const minor =
      Number(m[1]) * 10 ** tier.minorDigits + Number(fraction.padEnd(tier.minorDigits, "0") || "0");
    if (minor > MAX_TIER_VALUE) return `${label} is too large`;
    return minor;
  }
  const whole = compact.replace(/\.0+$/, "");
  if (!/^\d{1,12}$/.test(whole)) return `${label} must be a whole number of 0 or more`;
  const n = Number(whole);
  return n > MAX_TIER_VALUE ? `${label} is too large` : n;
}

/** The most orders one customer may bring from another app (more is a broken file, not a shopper). */
export const MAX_MIGRATED_ORDERS = 1_000_000;
/** The largest amount spent one customer may bring, in minor units (the tier milestones' bound). */
export const MAX_MIGRATED_SPENT_MINOR = MAX_TIER_VALUE;

/** C-30: a migrated order count: a whole number from 0 to MAX_MIGRATED_ORDERS. */
export function parseMigratedOrders(raw: string, label: string): number | string {
  const compact = raw.replace(/[,\s]/g, "").replace(/\.0+$/, "");
  if (/^-\d/.test(compact)) return `${label} must be 0 or more`;
  if (!/^\+?\d{1,12}$/.test(compact)) return `${label} must be a whole number of orders`;
  const n = Number(compact);
  return n > MAX_MIGRATED_ORDERS
    ? `${label} must be at most ${MAX_MIGRATED_ORDERS.toLocaleString("en-US")}`
    : n;
}

/**
 * C-30: a migrated amount spent in the store's currency (`1,250.50`, a leading currency sign
 * allowed), in minor units; negative, non-numeric, too precise or absurd amounts are refused.
 */
export function parseMigratedSpent(raw: string, label: string, minorDigits: number): number | string {
  const compact = raw.replace(/[,\s]/g, "").replace(/^[$€£¥]/, "");
  if (/^-/.test(compact)) return `${label} must be 0 or more`;
  const m = /^\+?(\d{1,13})(?:\.(\d+))?$/.exec(compact);
  if (!m) return `${label} must be an amount (for example 1250.50)`;
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  if (fraction.length > minorDigits)
    return `${label} has more than ${minorDigits} decimal${minorDigits === 1 ? "" : "s"}`;
  const minor = Number(m[1]) * 10 ** minorDigits + Number(fraction.padEnd(minorDigits, "0") || "0");
  return minor > MAX_MIGRATED_SPENT_MINOR ? `${label} is too large` : minor;
}

/** A cell of the record, trimmed; blank is null. */
function cellOf(cells: readonly string[], columns: Columns, c: Column): string | null {
  const i = columns[c];
  const v = i === undefined ? "" : (cells[i] ?? "").trim();
  return v === "" ? null : v;
}

/** The tier column's cell, trimmed; blank is null. */
function tierCellOf(cells: readonly string[], columns: Columns): string | null {
  const v = columns.tier === undefined ? "" : (cells[columns.tier.index] ?? "").trim();
  return v === "" ? null : v;
}

/** A column as the file's header names it (a migration's own headers), else the spec's header. */
const labelOf = (columns: Columns, c: Column) => columns.names?.[c] ?? importHeaders[c];

/** The row refused on `column`: its identifiers dropped, the column and the reason kept. */
function refuseRow(row: StagedRow, columns: Columns, column: Column, message: string): StagedRow {
  return {
    ...row,
    platformCustomerId: null,
    email: null,
    phone: null,
    errorField: labelOf(columns, column),
    errorMessage: message,
  };
}

/** The row refused on the tier column. */
function refuseTierRow(row: StagedRow, columns: Columns, message: string): StagedRow {
  return { ...refuseRow(row, columns, "email", message), errorField: columns.tier?.label ?? "" };
}

/**
 * One record's checks: the first problem found names the column as the file's header does. Its
 * helpers are module functions, not closures made per record (a quarter of a 250,000-row read went
 * to making them, decision 0169).
 */
export function checkRecord(
  cells: readonly string[],
  line: number,
  columns: Columns,
  kind: CustomerImportKindName,
  mode: "add" | "reset" | null,
  tier?: TierReading,
  /** Digits after the decimal point of the store's currency (a migration's amount spent). */
  minorDigits = 2,
): StagedRow {
  const row: StagedRow = {
    line,
    platformCustomerId: cellOf(cells, columns, "customerId"),
    email: cellOf(cells, columns, "email"),
    phone: cellOf(cells, columns, "phone"),
    points: null,
    birthMonth: null,
    birthDay: null,
    sourceDate: null,
    tierValue: null,
    orderCount: null,
    spentMinor: null,
    errorField: null,
    errorMessage: null,
  };
  for (const c of ["customerId", "email", "phone"] as const) {
    const v = row[c === "customerId" ? "platformCustomerId" : c];
    if (v === null) continue;
    if (v.length > MAX_CELL)
      return refuseRow(row, columns, c, `${labelOf(columns, c)} is longer than ${MAX_CELL} characters`);
    if (textProblem(v))
      return refuseRow(row, columns, c, `${labelOf(columns, c)} contains a character that is not allowed`);
  }
  if (row.platformCustomerId === null && row.email === null && row.phone === null) {
    return refuseRow(row, columns, "email", "Email, Customer ID or Phone is required");
  }
  if (kind === "tier") {
    // J-11: the measure on the shop's tier basis; blank VIP data is refused.
    if (!tier || !columns.tier) throw new Error("a tier import needs its column");
    const value = parseTierValue(tierCellOf(cells, columns), columns.tier.label, tier);
    if (typeof value === "string") return refuseTierRow(row, columns, value);
    row.tierValue = value;
    return row;
  }
  if (kind === "migration") {
    // J-13: the balance the customer had in the other app becomes their balance here (reset).
    const raw = cellOf(cells, columns, "points");
    if (raw === null) return refuseRow(row, columns, "points", `${labelOf(columns, "points")} is blank`);
    const compact = raw.replace(/[,\s]/g, "").replace(/\.0+$/, "");
    if (!WHOLE_NUMBER.test(compact))
      return refuseRow(row, columns, "points", `${labelOf(columns, "points")} must be a whole number`);
    const points = Number(compact);
    if (points < 0 || points > MAX_POINTS_BALANCE) {
      return refuseRow(
        row,
        columns,
        "points",
        `${labelOf(columns, "points")} must be between 0 and ${MAX_POINTS_BALANCE.toLocaleString("en-US")}`,
      );
    }
    row.points = points;
    if (columns.tier && tier?.rule) {
      // J-14: the other app's tier name, given its entry requirement by the merchant's rule.
      const name = tierCellOf(cells, columns);
      if (name === null) return refuseTierRow(row, columns, `${columns.tier.label} is blank`);
      const key = name.toLowerCase();
      const match = tier.rule.find((t) => t.name.trim().toLowerCase() === key);
      if (!match)
        return refuseTierRow(
          row,
          columns,
          `${columns.tier.label} '${name.slice(0, 100)}' is not in your tier rule`,
        );
      row.tierValue = match.requirement;
    }
    const birthday = cellOf(cells, columns, "birthday");
    if (birthday !== null) {
      // Other apps export full dates (1990-05-14, maybe with a time); the year is not kept (J-02).
      const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(birthday);
      const b = parseBirthday(iso ? `${iso[2]}/${iso[3]}` : birthday);
      if (!b)
        return refuseRow(
          row,
          columns,
          "birthday",
          `${labelOf(columns, "birthday")} is not a real day (YYYY-MM-DD or MM/DD)`,
        );
      row.birthMonth = b.month;
      row.birthDay = b.day;
    }
    // C-30 (decision 0178): the other app's order history; a blank cell brings none.
    const orders = cellOf(cells, columns, "orders");
    if (orders !== null) {
      const n = parseMigratedOrders(orders, labelOf(columns, "orders"));
      if (typeof n === "string") return refuseRow(row, columns, "orders", n);
      row.orderCount = n;
    }
    const spent = cellOf(cells, columns, "spent");
    if (spent !== null) {
      const n = parseMigratedSpent(spent, labelOf(columns, "spent"), minorDigits);
      if (typeof n === "string") return refuseRow(row, columns, "spent", n);
      row.spentMinor = n;
    }
    if (row.orderCount === 0 && row.spentMinor !== null && row.spentMinor > 0)
      return refuseRow(
        row,
        columns,
        "spent",
        `${labelOf(columns, "spent")} is above 0 but ${labelOf(columns, "orders")} is 0`,
      );
    return row;
  }
  if (kind === "points") {
    const raw = cellOf(cells, columns, "points");
    if (raw === null) return refuseRow(row, columns, "points", "Points is blank");
    const compact = raw.replace(/[,\s]/g, "");
    if (!WHOLE_NUMBER.test(compact))
      return refuseRow(row, columns, "points", "Points must be a whole number");
    const points = Number(compact);
    const min = mode === "reset" ? 0 : 1;
    if (points < min || points > MAX_POINTS_BALANCE) {
      return refuseRow(
        row,
        columns,
        "points",
        `Points must be between ${min} and ${MAX_POINTS_BALANCE.toLocaleString("en-US")}${mode === "reset" ? "" : " (import add only adds)"}`,
      );
    }
    row.points = points;
    const date = cellOf(cells, columns, "createDate");
    if (date !== null) {
      const at = Date.parse(date);
      const year = Number.isNaN(at) ? 0 : new Date(at).getUTCFullYear();
      if (year < 1970 || year > 9999 || date.length > 40)
        return refuseRow(row, columns, "createDate", "Create Date is not a date");
      row.sourceDate = new Date(at).toISOString().slice(0, 10);
    }
  } else {
    const raw = cellOf(cells, columns, "birthday");
    if (raw === null) return refuseRow(row, columns, "birthday", "Birthday is blank");
    const b = parseBirthday(raw);
    if (!b) return refuseRow(row, columns, "birthday", "Birthday is not a real day (MM/DD)");
    row.birthMonth = b.month;
    row.birthDay = b.day;
  }
  return row;
}

/** Counts, hashes and decodes the bytes; refuses past 25 MB, UTF-16 and bytes that are not UTF-8. */
class Utf8Guard extends Transform {
  readonly hash = createHash("sha256");
  bytes = 0;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.bytes === 0 && chunk.length >= 2) {
      const [a, b] = [chunk[0], chunk[1]];
      if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) {
        done(fileError(`${importFileMessages.invalid} Save it as CSV UTF-8 (it is UTF-16).`));
        return;
      }
    }
    this.bytes += chunk.length;
    if (this.bytes > MAX_IMPORT_FILE_BYTES) {
      done(fileError(importFileMessages.tooLarge));
      return;
    }
    this.hash.update(chunk);
    try {
      done(null, this.decoder.decode(chunk, { stream: true }));
    } catch {
      done(fileError(`${importFileMessages.invalid} Save it as CSV UTF-8 (some bytes are not UTF-8).`));
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      done(null, this.decoder.decode());
    } catch {
      done(fileError(`${importFileMessages.invalid} The file ends in the middle of a character.`));
    }
  }
}

/**
 * Streams the file's records to `onBatch` in batches of `batchSize` staged rows (awaiting each, so
 * a slow database slows the reading instead of filling memory). A record csv-parse cannot read
 * (an unclosed quote, a file cut in the middle) becomes a refused row on its line.
 */
export async function readImportFile(
  body: Readable,
  kind: CustomerImportKindName,
  mode: "add" | "reset" | null,
  onBatch: (rows: StagedRow[]) => Promise<void>,
  batchSize = 1_000,
  mapping?: MigrationMapping,
  tier?: TierReading,
  minorDigits = 2,
): Promise<ReadFileResult> {
  const guard = new Utf8Guard();
  const skipped: StagedRow[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 64 * 1024,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      const line = Number((error as { lines?: number } | undefined)?.lines ?? 0);
      skipped.push({
        line,
        platformCustomerId: null,
        email: null,
        phone: null,
        points: null,
        birthMonth: null,
        birthDay: null,
        sourceDate: null,
        tierValue: null,
        orderCount: null,
        spentMinor: null,
        errorField: "file",
        errorMessage: `This line cannot be read as CSV (${error?.code === "CSV_QUOTE_NOT_CLOSED" ? "a quote is never closed" : "check its quotes"})`,
      });
    },
  });
  const records = pipeline(body, guard, parser, () => {
    // Errors surface through the iteration below.
  });
  let columns: Columns | undefined;
  let batch: StagedRow[] = [];
  let rows = 0;
  const flush = async () => {
    if (skipped.length > 0) batch.push(...skipped.splice(0));
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    rows += out.length;
    await onBatch(out);
  };
  try {
    for await (const item of records as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = findColumns(item.record, kind, mapping, tier);
        continue;
      }
      batch.push(checkRecord(item.record, item.info.lines, columns, kind, mode, tier, minorDigits));
      if (batch.length + skipped.length >= batchSize) await flush();
    }
  } catch (error) {
    body.resume();
    if (error instanceof AppError) throw error;
    throw fileError(importFileMessages.invalid);
  }
  if (!columns) throw fileError(`${importFileMessages.invalid} It is empty.`);
  await flush();
  if (rows === 0) throw fileError(`${importFileMessages.invalid} It has a header but no rows.`);
  return { sha256: guard.hash.digest("hex"), bytes: guard.bytes, rows };
}
