import type { CustomerRow, Db } from "@laurel/db";
import { sql } from "kysely";

/**
 * The shopper of `GET /proxy/customer` and which of the given one-time programs (sign up,
 * newsletter) have already rewarded them — one statement, as the widget asks on every page view.
 */
export async function findShopperWithOneTimeAwards(
  db: Db,
  shopId: string,
  platformCustomerId: string,
  oneTimeProgramIds: readonly string[],
): Promise<{ customer: CustomerRow; awardedProgramIds: string[] } | undefined> {
  const row = await db
    .selectFrom("customers as c")
    .selectAll("c")
    .select(
      oneTimeProgramIds.length === 0
        ? sql<string[]>`'{}'::text[]`.as("awarded_program_ids")
        : sql<string[]>`array(
            select distinct e.program_id from ledger_entries e
            where e.shop_id = c.shop_id and e.customer_id = c.id and e.available_delta > 0
              and e.program_id = any(${sql.val(oneTimeProgramIds)}::text[]))`.as("awarded_program_ids"),
    )
    .where("c.shop_id", "=", shopId)
    .where("c.platform_customer_id", "=", platformCustomerId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { awarded_program_ids: awardedProgramIds, ...customer } = row;
  return { customer: customer as CustomerRow, awardedProgramIds };
}
