import type { CustomerRow, Db } from "@laurel/db";
import { sql } from "kysely";

/** One shopper of `GET /proxy/customer`, and the one-time programs (sign up, newsletter) to check. */
export interface ShopperQuery {
  shopId: string;
  platformCustomerId: string;
  oneTimeProgramIds: readonly string[];
}

/** A member's tier standing as last measured (issue 10); null when never measured. */
export interface TierStanding {
  tier_id: string | null;
  metric: number;
  exclusive: boolean;
  period_key: string;
}

export interface ShopperWithAwards {
  customer: CustomerRow;
  /** Which of the query's one-time programs have already rewarded the shopper. */
  awardedProgramIds: string[];
  standing: TierStanding | null;
}

/**
 * Many shoppers at once, each with the one-time programs that already rewarded them and their
 * tier standing — one
 * statement for all the storefront reads that arrived together (decision 0055). Answers one
 * result per query, in order (undefined: no such customer). Program ids never hold a comma.
 */
export async function findShoppersWithOneTimeAwards(
  db: Db,
  queries: readonly ShopperQuery[],
): Promise<(ShopperWithAwards | undefined)[]> {
  if (queries.length === 0) return [];
  const { rows } = await sql<
    CustomerRow & {
      query_index: number;
      awarded_program_ids: string[];
      standing: {
        tier_id: string | null;
        metric: string | number;
        exclusive: boolean;
        period_key: string;
      } | null;
    }
  >`
    select c.*, q.i::int - 1 as query_index,
      case when ct.customer_id is null then null else json_build_object('tier_id', ct.tier_id,
        'metric', ct.metric, 'exclusive', ct.exclusive, 'period_key', ct.period_key) end as standing,
      case when q.programs = '' then '{}'::text[] else array(
        select distinct e.program_id from ledger_entries e
        where e.shop_id = c.shop_id and e.customer_id = c.id and e.available_delta > 0
          and e.program_id = any(string_to_array(q.programs, ','))) end as awarded_program_ids
    from unnest(${queries.map((q) => q.shopId)}::text[], ${queries.map((q) => q.platformCustomerId)}::text[],
      ${queries.map((q) => q.oneTimeProgramIds.join(","))}::text[]) with ordinality as q (shop_id, pid, programs, i)
    join customers c on c.shop_id = q.shop_id and c.platform_customer_id = q.pid
    left join customer_tiers ct on ct.shop_id = c.shop_id and ct.customer_id = c.id and ct.program = 'vip'`.execute(
    db,
  );
  const found = new Array<ShopperWithAwards | undefined>(queries.length);
  for (const { query_index, awarded_program_ids, standing, ...customer } of rows) {
    found[query_index] = {
      customer,
      awardedProgramIds: awarded_program_ids,
      standing: standing && { ...standing, metric: Number(standing.metric) },
    };
  }
  return found;
}

/** N-16: one uploaded image (migration 0100). */
export async function insertUpload(
  db: Db,
  row: { shopId: string; id: string; contentType: string; sha256: string; bytes: Uint8Array },
): Promise<void> {
  await db
    .insertInto("storefront_uploads")
    .values({
      shop_id: row.shopId,
      id: row.id,
      content_type: row.contentType,
      size: row.bytes.length,
      sha256: row.sha256,
      bytes: row.bytes,
    })
    .execute();
}

export function findUploadRow(db: Db, shopId: string, id: string) {
  return db
    .selectFrom("storefront_uploads")
    .select(["content_type", "bytes"])
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * The storefront language a shopper uses (migration 0214), written only when it changed; their
 * e-mails are written in it when the shop has it (decision 0179).
 */
export async function setCustomerLocale(conn: Db, shopId: string, customerId: string, locale: string) {
  await conn
    .updateTable("customers")
    .set({ locale })
    .where("shop_id", "=", shopId)
    .where("id", "=", customerId)
    .where((eb) => eb.or([eb("locale", "is", null), eb("locale", "!=", locale)]))
    .execute();
}
