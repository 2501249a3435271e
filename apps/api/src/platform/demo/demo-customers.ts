import type { Db } from "@laurel/db";
import { sql } from "kysely";
import type { CataloguePage, CustomerPageRequest, PlatformCustomerDetails } from "../port";

/**
 * The demo platform's customer API (J-21): the demo store keeps its customers in `demo_shoppers`,
 * their tags in `demo_customer_tags` and their e-mail marketing consent in
 * `demo_customer_marketing_consents`; this reads them as Shopify's `customer(id:)` and
 * `customers(first:, after:)` would. Pages are in customer id order; the cursor is the last id.
 */
export function createDemoCustomers(db: Db) {
  function select(shopId: string) {
    return db
      .selectFrom("demo_shoppers as s")
      .leftJoin("demo_customer_marketing_consents as m", (j) =>
        j.onRef("m.shop_id", "=", "s.shop_id").onRef("m.customer_id", "=", "s.customer_id"),
      )
      .select((eb) => [
        "s.customer_id",
        "s.email",
        "s.first_name",
        "s.last_name",
        "s.created_at",
        "m.state as marketing_state",
        "m.updated_at as marketing_updated_at",
        eb
          .selectFrom("demo_customer_tags as t")
          .select(sql<string[]>`coalesce(array_agg(t.tag order by t.tag), '{}')`.as("tags"))
          .whereRef("t.shop_id", "=", "s.shop_id")
          .whereRef("t.customer_id", "=", "s.customer_id")
          .as("tags"),
      ])
      .where("s.shop_id", "=", shopId);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];
  function toDetails(r: Row): PlatformCustomerDetails {
    return {
      id: r.customer_id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      tags: r.tags ?? [],
      emailMarketing:
        r.marketing_state === null
          ? null
          : { state: r.marketing_state.toLowerCase(), at: r.marketing_updated_at ?? null },
      updatedAt: r.created_at,
    };
  }
  return {
    async get(shopId: string, customerId: string): Promise<PlatformCustomerDetails | null> {
      const row = await select(shopId).where("s.customer_id", "=", customerId).executeTakeFirst();
      return row ? toDetails(row) : null;
    },
    async list(shopId: string, page: CustomerPageRequest): Promise<CataloguePage<PlatformCustomerDetails>> {
      let q = select(shopId);
      if (page.after !== null) q = q.where("s.customer_id", ">", page.after);
      const rows = await q
        .orderBy("s.customer_id")
        .limit(page.first + 1)
        .execute();
      const items = rows.slice(0, page.first).map(toDetails);
      const hasNextPage = rows.length > page.first;
      return { items, pageInfo: { hasNextPage, endCursor: items.at(-1)?.id ?? null } };
    },
    async count(shopId: string): Promise<number> {
      const row = await db
        .selectFrom("demo_shoppers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("shop_id", "=", shopId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
