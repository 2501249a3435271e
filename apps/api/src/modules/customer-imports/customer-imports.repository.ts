import type {
  CustomerImportKind,
  CustomerImportRow,
  CustomerImportRowsTable,
  CustomerMigrationSource,
  Db,
  Tx,
} from "@laurel/db";
import { type Selectable, sql } from "kysely";
import type { StagedRow } from "./customer-imports.file";

type Conn = Db | Tx;

export function insertImport(
  conn: Conn,
  row: {
    shopId: string;
    id: string;
    kind: CustomerImportKind;
    mode: "add" | "reset" | null;
    fileName: string;
    actorEmail: string | null;
    source?: CustomerMigrationSource | null;
    columns?: Record<string, string> | null;
    tierBasis?: "points_earned" | "amount_spent" | "orders" | null;
    tierRule?: { name: string; requirement: number }[] | null;
  },
) {
  return conn
    .insertInto("customer_imports")
    .values({
      shop_id: row.shopId,
      id: row.id,
      kind: row.kind,
      mode: row.mode,
      file_name: row.fileName,
      file_sha256: "",
      file_bytes: 0,
      actor_email: row.actorEmail,
      source: row.source ?? null,
      columns: row.columns ? JSON.stringify(row.columns) : null,
      tier_basis: row.tierBasis ?? null,
      tier_rule: row.tierRule ? JSON.stringify(row.tierRule) : null,
    })
    .execute();
}

/**
 * J-13 dry run of a checked migration: how many good rows would change a balance or keep it, how
 * many set a birthday, and the first good rows with the balance now and after.
 */
export async function migrationDryRun(conn: Conn, shopId: string, id: string, previewRows = 10) {
  const counts = await sql<{ change: number; keep: number; refused: number; birthdays: number }>`
    select
      count(*) filter (where r.error_message is null and c.id is not null and r.points <> c.available_points)::int as change,
      count(*) filter (where r.error_message is null and c.id is not null and r.points = c.available_points)::int as keep,
      count(*) filter (where r.error_message is not null)::int as refused,
      count(*) filter (where r.error_message is null and c.id is not null and r.birth_month is not null)::int as birthdays
    from customer_import_rows r
    left join customers c on c.shop_id = r.shop_id and c.id = r.customer_id
    where r.shop_id = ${shopId} and r.import_id = ${id}`.execute(conn);
  const preview = await conn
    .selectFrom("customer_import_rows as r")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "r.shop_id").onRef("c.id", "=", "r.customer_id"),
    )
    .leftJoin("customer_migrated_orders as m", (j) =>
      j.onRef("m.shop_id", "=", "r.shop_id").onRef("m.customer_id", "=", "r.customer_id"),
    )
    .select([
      "r.line",
      "c.email",
      "c.available_points",
      "r.points",
      "r.order_count",
      "r.spent_minor",
      "m.order_count as migrated_orders",
      "m.spent_minor as migrated_spent",
    ])
    .where("r.shop_id", "=", shopId)
    .where("r.import_id", "=", id)
    .where("r.error_message", "is", null)
    .orderBy("r.line")
    .limit(previewRows)
    .execute();
  const c = counts.rows[0] ?? { change: 0, keep: 0, refused: 0, birthdays: 0 };
  return {
    ...c,
    ...(await tierDryRun(conn, shopId, id)),
    ...(await migratedOrdersDryRun(conn, shopId, id)),
    preview: preview.map((p) => ({
      line: p.line,
      email: p.email,
      currentPoints: p.available_points,
      newPoints: p.points ?? 0,
      orders: p.order_count === null ? null : Number(p.order_count),
      spentMinor: p.spent_minor === null ? null : Number(p.spent_minor),
      ordersOutcome: ordersOutcomeOf(p),
    })),
  };
}

/**
 * C-30: what a good row would do to the customer's migrated order history, as applying decides it:
 * nothing brought (null), none migrated yet (create), other figures (change) or the same (keep); a
 * blank figure keeps the one migrated before.
 */
function ordersOutcomeOf(p: {
  order_count: number | null;
  spent_minor: number | string | null;
  migrated_orders: number | null;
  migrated_spent: number | string | null;
}): "create" | "change" | "keep" | null {
  if (p.order_count === null && p.spent_minor === null) return null;
  if (p.migrated_orders === null || p.migrated_spent === null) return "create";
  const orders = p.order_count ?? p.migrated_orders;
  const spent = Number(p.spent_minor ?? p.migrated_spent);
  return orders === Number(p.migrated_orders) && spent === Number(p.migrated_spent) ? "keep" : "change";
}

/**
 * J-11 / J-14 dry run: good rows whose imported tier measure differs from the one the member has
 * on the import's basis (a rerun of the same file: none), and those that keep it.
 */
export async function tierDryRun(conn: Conn, shopId: string, id: string) {
  const r = await sql<{ tierChange: number; tierKeep: number }>`
    select
      count(*) filter (where b.value is distinct from r.tier_value)::int as "tierChange",
      count(*) filter (where b.value = r.tier_value)::int as "tierKeep"
    from customer_import_rows r
    join customer_imports i on i.shop_id = r.shop_id and i.id = r.import_id
    join customers c on c.shop_id = r.shop_id and c.id = r.customer_id
    left join customer_tier_baselines b
      on b.shop_id = r.shop_id and b.customer_id = r.customer_id and b.basis = i.tier_basis
    where r.shop_id = ${shopId} and r.import_id = ${id} and r.error_message is null
      and r.tier_value is not null`.execute(conn);
  return r.rows[0] ?? { tierChange: 0, tierKeep: 0 };
}

/**
 * C-30 dry run (decision 0178): good rows bringing order history, for a customer with none
 * migrated yet (created), with other figures than those migrated before (changed), or the same
 * (kept: a rerun of the same file). A blank cell keeps the figure migrated before, as applying does.
 */
export async function migratedOrdersDryRun(conn: Conn, shopId: string, id: string) {
  const r = await sql<{ ordersCreate: number; ordersChange: number; ordersKeep: number }>`
    select
      count(*) filter (where m.customer_id is null)::int as "ordersCreate",
      count(*) filter (where m.customer_id is not null
        and (coalesce(r.order_count, m.order_count), coalesce(r.spent_minor, m.spent_minor))
          is distinct from (m.order_count, m.spent_minor))::int as "ordersChange",
      count(*) filter (where m.customer_id is not null
        and (coalesce(r.order_count, m.order_count), coalesce(r.spent_minor, m.spent_minor))
          is not distinct from (m.order_count, m.spent_minor))::int as "ordersKeep"
    from customer_import_rows r
    join customers c on c.shop_id = r.shop_id and c.id = r.customer_id
    left join customer_migrated_orders m on m.shop_id = r.shop_id and m.customer_id = r.customer_id
    where r.shop_id = ${shopId} and r.import_id = ${id} and r.error_message is null
      and (r.order_count is not null or r.spent_minor is not null)`.execute(conn);
  return r.rows[0] ?? { ordersCreate: 0, ordersChange: 0, ordersKeep: 0 };
}

/**
 * C-30 (decision 0178): sets customers' migrated order history in one statement — a blank figure
 * keeps the one migrated before (0 for a customer without one) — and answers the customers whose
 * figures changed (the same file again changes nothing), with their figures now.
 */
export async function upsertMigratedOrders(
  trx: Tx,
  shopId: string,
  rows: readonly { customerId: string; orders: number | null; spentMinor: number | null }[],
  importId: string,
  at: Date,
): Promise<{ customerId: string; orders: number; spentMinor: number }[]> {
  if (rows.length === 0) return [];
  const r = await sql<{ customer_id: string; order_count: number; spent_minor: string }>`
    insert into customer_migrated_orders as m
      (shop_id, customer_id, order_count, spent_minor, counted_from, import_id, updated_at)
    select ${shopId}, i.customer_id, coalesce(i.order_count, old.order_count, 0),
      coalesce(i.spent_minor, old.spent_minor, 0), ${at}, ${importId}, ${at}
    from unnest(${rows.map((x) => x.customerId)}::text[], ${rows.map((x) => x.orders)}::int[],
      ${rows.map((x) => x.spentMinor)}::bigint[]) as i (customer_id, order_count, spent_minor)
    left join customer_migrated_orders old on old.shop_id = ${shopId} and old.customer_id = i.customer_id
    on conflict (shop_id, customer_id) do update set
      order_count = excluded.order_count, spent_minor = excluded.spent_minor,
      counted_from = excluded.counted_from, import_id = excluded.import_id, updated_at = excluded.updated_at
    where (m.order_count, m.spent_minor) is distinct from (excluded.order_count, excluded.spent_minor)
    returning m.customer_id, m.order_count, m.spent_minor`.execute(trx);
  return r.rows.map((x) => ({
    customerId: x.customer_id,
    orders: Number(x.order_count),
    spentMinor: Number(x.spent_minor),
  }));
}

/** A tier import's dry run: its tier counts; no balances or birthdays move. */
export async function tierImportDryRun(conn: Conn, shopId: string, id: string) {
  const refused = await sql<{ n: number }>`
    select count(*)::int as n from customer_import_rows
    where shop_id = ${shopId} and import_id = ${id} and error_message is not null`.execute(conn);
  return {
    change: 0,
    keep: 0,
    refused: refused.rows[0]?.n ?? 0,
    birthdays: 0,
    ...(await tierDryRun(conn, shopId, id)),
    ordersCreate: 0,
    ordersChange: 0,
    ordersKeep: 0,
    preview: [],
  };
}

/**
 * One batch of staged rows in one statement, each column as one array (`unnest`): fifteen
 * parameters whatever the batch's size (decision 0169).
 */
export async function insertRows(conn: Conn, shopId: string, importId: string, rows: readonly StagedRow[]) {
  if (rows.length === 0) return;
  const col = <T>(f: (r: StagedRow) => T) => rows.map(f);
  await sql`
    insert into customer_import_rows (shop_id, import_id, line, platform_customer_id, email, phone,
      points, birth_month, birth_day, source_date, tier_value, order_count, spent_minor, error_field,
      error_message)
    select ${shopId}, ${importId}, r.*
    from unnest(${col((r) => r.line)}::int[], ${col((r) => r.platformCustomerId)}::text[],
      ${col((r) => r.email)}::text[], ${col((r) => r.phone)}::text[], ${col((r) => r.points)}::int[],
      ${col((r) => r.birthMonth)}::smallint[], ${col((r) => r.birthDay)}::smallint[],
      ${col((r) => r.sourceDate)}::text[], ${col((r) => r.tierValue)}::bigint[],
      ${col((r) => r.orderCount)}::int[], ${col((r) => r.spentMinor)}::bigint[],
      ${col((r) => r.errorField)}::text[], ${col((r) => r.errorMessage)}::text[]) as r
    on conflict (shop_id, import_id, line) do nothing`.execute(conn);
}

export function deleteImport(conn: Conn, shopId: string, id: string) {
  return conn.deleteFrom("customer_imports").where("shop_id", "=", shopId).where("id", "=", id).execute();
}

/**
 * J-08: each good row's customer, set-based: by Customer ID, then by Email (exactly, case and all),
 * then by the Phone's digits; a row whose e-mail or phone names several customers, names nobody,
 * names a customer who left, or names a customer an earlier line already named is refused.
 */
export async function matchRows(conn: Conn, shopId: string, importId: string): Promise<void> {
  const mine = sql`r.shop_id = ${shopId} and r.import_id = ${importId}`;
  // Fresh statistics for the rows just staged: without them the planner takes the new rows for one
  // and joins them by nested loops (a minute at 3,000 rows instead of a fraction of a second).
  await sql`analyze customer_import_rows`.execute(conn);
  await sql`
    update customer_import_rows r set customer_id = c.id
    from customers c
    where ${mine} and r.error_message is null and r.platform_customer_id is not null
      and c.shop_id = r.shop_id and c.platform_customer_id = r.platform_customer_id
      and c.redacted_at is null`.execute(conn);
  const byField = async (
    field: "Email" | "Phone",
    join: ReturnType<typeof sql>,
    present: ReturnType<typeof sql>,
  ) => {
    await sql`
      update customer_import_rows r
      set customer_id = case when m.n = 1 then m.id end,
          error_field = case when m.n > 1 then ${field} end,
          error_message = case when m.n > 1 then ${`Several customers have this ${field}`} end
      from (
        select r.line, min(c.id) as id, count(*) as n
        from customer_import_rows r
        join customers c on c.shop_id = r.shop_id and c.redacted_at is null and ${join}
        where ${mine} and r.error_message is null and r.customer_id is null and ${present}
        group by r.line
      ) m
      where ${mine} and r.line = m.line`.execute(conn);
  };
  // The (shop_id, lower(email)) index finds the candidates; equality keeps the match case-sensitive.
  await byField(
    "Email",
    sql`lower(c.email) = lower(r.email) and c.email = r.email`,
    sql`r.email is not null`,
  );
  await byField(
    "Phone",
    sql`(c.phone_digits collate "C") = (regexp_replace(r.phone, '[^0-9]', '', 'g') collate "C")`,
    sql`r.phone is not null and regexp_replace(r.phone, '[^0-9]', '', 'g') <> ''`,
  );
  await sql`
    update customer_import_rows r
    set error_field = case when r.platform_customer_id is not null then 'Customer ID'
                           when r.email is not null then 'Email' else 'Phone' end,
        error_message = case when r.platform_customer_id is not null then 'No customer with this Customer ID in the store'
                             when r.email is not null then 'No customer with this Email in the store'
                             else 'No customer with this Phone in the store' end
    where ${mine} and r.error_message is null and r.customer_id is null`.execute(conn);
  await sql`
    update customer_import_rows r
    set error_field = case when r.platform_customer_id is not null then 'Customer ID'
                           when r.email is not null then 'Email' else 'Phone' end,
        error_message = 'This customer has left the program', customer_id = null
    from customers c
    where ${mine} and r.error_message is null and c.shop_id = r.shop_id and c.id = r.customer_id
      and c.type = 'left'`.execute(conn);
  await sql`
    update customer_import_rows r
    set error_field = case when r.platform_customer_id is not null then 'Customer ID'
                           when r.email is not null then 'Email' else 'Phone' end,
        error_message = 'The same customer is on line ' || d.first_line, customer_id = null
    from (
      select line, min(line) over (partition by customer_id) as first_line
      from customer_import_rows r
      where ${mine} and r.error_message is null and r.customer_id is not null
    ) d
    where ${mine} and r.line = d.line and d.line <> d.first_line`.execute(conn);
}

export async function finishValidation(
  conn: Conn,
  shopId: string,
  id: string,
  file: { sha256: string; bytes: number },
): Promise<CustomerImportRow> {
  return conn
    .updateTable("customer_imports")
    .set((eb) => ({
      status: "ready",
      file_sha256: file.sha256,
      file_bytes: file.bytes,
      total_rows: eb
        .selectFrom("customer_import_rows")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("shop_id", "=", shopId)
        .where("import_id", "=", id),
      error_rows: eb
        .selectFrom("customer_import_rows")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("shop_id", "=", shopId)
        .where("import_id", "=", id)
        .where("error_message", "is not", null),
    }))
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findImport(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("customer_imports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findImportForUpdate(trx: Tx, shopId: string, id: string) {
  return trx
    .selectFrom("customer_imports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export function listImports(conn: Conn, shopId: string, beforeSeq: number | undefined, limit: number) {
  let q = conn.selectFrom("customer_imports").selectAll().where("shop_id", "=", shopId);
  if (beforeSeq !== undefined) q = q.where("seq", "<", beforeSeq);
  return q
    .orderBy("seq", "desc")
    .limit(limit + 1)
    .execute();
}

/** Every shop's imports (the internal import file manager), newest first. */
export function listAllImports(conn: Conn, beforeSeq: number | undefined, limit: number) {
  let q = conn
    .selectFrom("customer_imports as i")
    .innerJoin("shops as s", "s.id", "i.shop_id")
    .selectAll("i")
    .select("s.shopify_domain");
  if (beforeSeq !== undefined) q = q.where("i.seq", "<", beforeSeq);
  return q
    .orderBy("i.seq", "desc")
    .limit(limit + 1)
    .execute();
}

export function listErrors(conn: Conn, shopId: string, id: string, afterLine: number, limit: number) {
  return conn
    .selectFrom("customer_import_rows")
    .select(["line", "error_field", "error_message"])
    .where("shop_id", "=", shopId)
    .where("import_id", "=", id)
    .where("error_message", "is not", null)
    .where("line", ">", afterLine)
    .orderBy("line")
    .limit(limit)
    .execute();
}

export function startImport(trx: Tx, shopId: string, id: string, at: Date) {
  return trx
    .updateTable("customer_imports")
    .set({ status: "importing", started_at: at })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "=", "ready")
    .returningAll()
    .executeTakeFirst();
}

/**
 * The next `limit` staged lines after `afterLine`, each with whether the ledger already holds its
 * key (`keyPrefix` || line: a file imported before), in one statement.
 */
export async function nextRows(
  trx: Tx,
  shopId: string,
  id: string,
  afterLine: number,
  limit: number,
  keyPrefix: string,
) {
  const r = await sql<Selectable<CustomerImportRowsTable> & { held: boolean }>`
    select r.*, exists (
      select 1 from ledger_entries e
      where e.shop_id = r.shop_id and e.idempotency_key = ${keyPrefix} || r.line
    ) as held
    from customer_import_rows r
    where r.shop_id = ${shopId} and r.import_id = ${id} and r.line > ${afterLine}
    order by r.line
    limit ${limit}`.execute(trx);
  return r.rows;
}

/** Each line's outcome, one statement per outcome, the lines as one array. */
export async function markOutcomes(
  trx: Tx,
  shopId: string,
  id: string,
  changed: readonly number[],
  unchanged: readonly number[],
) {
  for (const [outcome, lines] of [
    ["changed", changed],
    ["unchanged", unchanged],
  ] as const) {
    if (lines.length === 0) continue;
    await sql`
      update customer_import_rows set outcome = ${outcome}
      where shop_id = ${shopId} and import_id = ${id} and line = any(${[...lines]}::int[])`.execute(trx);
  }
}

export function advance(
  trx: Tx,
  shopId: string,
  id: string,
  patch: { cursor: number; rows: number; changed: number },
) {
  return trx
    .updateTable("customer_imports")
    .set((eb) => ({
      cursor: patch.cursor,
      done_rows: eb("done_rows", "+", patch.rows),
      changed_rows: eb("changed_rows", "+", patch.changed),
    }))
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export function finishImport(
  conn: Conn,
  shopId: string,
  id: string,
  status: "done" | "failed",
  at: Date,
  error: string | null = null,
) {
  return conn
    .updateTable("customer_imports")
    .set({ status, finished_at: at, error })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "=", "importing")
    .execute();
}
