import { DEMO_PARTNER_SHOPPER, DEMO_SHOP_DOMAIN } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { ensureCustomer, findCustomerByPlatformId } from "../modules/customers/customers.service";
import { findShopByDomain } from "../modules/shops/shops.service";

/**
 * The customers area's demo data (issue 9): guests who ordered without joining, members the
 * merchant excluded (the Left segment), a B2B buyer, and birthdays and phones on the seeded
 * members, so every tab, column and search of the list has something to show. Written once: a
 * start that finds the last seeded customer changes nothing (the merchant's edits stay).
 */

const DAY = 86_400_000;

interface SeedCustomer {
  customerId: string;
  email: string;
  firstName: string;
  lastName: string;
  type: "guest" | "member" | "left";
  createdDaysAgo: number;
  phone?: string;
  birthday?: [number, number];
  b2b?: boolean;
}

export const DEMO_CUSTOMERS: SeedCustomer[] = [
  ...[
    ["Hugo", "Bernard", "+33 6 12 34 56 78", 12],
    ["Sofia", "Rossi", "+39 347 123 4567", 25],
    ["Kenji", "Sato", "+81 90 1234 5678", 33],
    ["Amara", "Okafor", null, 41],
    ["Lena", "Fischer", "+49 151 2345 6789", 58],
    ["Diego", "Martín", "+34 612 345 678", 66],
    ["Priya", "Nair", null, 79],
    ["Tom", "Walsh", "+44 7700 900123", 90],
  ].map(([first, last, phone, days], i) => ({
    customerId: `7301000000000200${String(i + 1).padStart(3, "0")}`,
    email: `${String(first)}.${String(last)}@guest.laurel.test`.toLowerCase().replace("í", "i"),
    firstName: String(first),
    lastName: String(last),
    type: "guest" as const,
    createdDaysAgo: Number(days),
    ...(phone ? { phone: String(phone) } : {}),
  })),
  {
    // Its store account is seeded too (decision 0177): same id and e-mail.
    customerId: DEMO_PARTNER_SHOPPER.customerId,
    email: DEMO_PARTNER_SHOPPER.email,
    firstName: "Northwind",
    lastName: "Trading",
    type: "member",
    createdDaysAgo: 120,
    phone: "+1 206 555 0142",
    b2b: true,
  },
  {
    customerId: "7301000000000300002",
    email: "rachel.kim@laurel.test",
    firstName: "Rachel",
    lastName: "Kim",
    type: "left",
    createdDaysAgo: 140,
    birthday: [3, 14],
  },
  {
    customerId: "7301000000000300003",
    email: "marco.bianchi@laurel.test",
    firstName: "Marco",
    lastName: "Bianchi",
    type: "left",
    createdDaysAgo: 100,
    phone: "+39 333 765 4321",
  },
];

/** Birthdays (month, day) and phones given to the seeded members, in their order. */
const MEMBER_DETAILS: [number, number, string | null][] = [
  [1, 23, "+1 415 555 0101"],
  [2, 7, null],
  [4, 30, "+1 312 555 0188"],
  [6, 2, null],
  [7, 19, "+44 20 7946 0958"],
  [9, 11, null],
  [10, 5, "+61 2 9374 4000"],
  [12, 24, null],
];

/** Children info (J-02) of the first seeded members, in their order: name, gender, birth date. */
const MEMBER_CHILDREN: Array<
  Array<{ name: string; gender: "girl" | "boy" | "other" | null; birthDate: string | null }>
> = [
  [
    { name: "Mia", gender: "girl", birthDate: "2018-05-14" },
    { name: "Noah", gender: "boy", birthDate: "2021-11-02" },
  ],
  [{ name: "Sam", gender: "other", birthDate: "2016-02-29" }],
  [{ name: "Yuki", gender: null, birthDate: null }],
];

/**
 * Gives the first members children info, once: a shop that has any recorded children (seeded or
 * the merchant's own) is left alone, so this runs on databases seeded before children existed too.
 */
async function seedDemoChildren(deps: Deps, shopId: string): Promise<void> {
  const any = await deps.db
    .selectFrom("customer_children")
    .select("customer_id")
    .where("shop_id", "=", shopId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  const members = await deps.db
    .selectFrom("customers")
    .select("id")
    .where("shop_id", "=", shopId)
    .where("type", "=", "member")
    .where("redacted_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .limit(MEMBER_CHILDREN.length)
    .execute();
  const rows = members.flatMap((m, i) =>
    (MEMBER_CHILDREN[i] ?? []).map((c, position) => ({
      shop_id: shopId,
      customer_id: m.id,
      position,
      name: c.name,
      gender: c.gender,
      birth_date: c.birthDate,
    })),
  );
  if (rows.length > 0) await deps.db.insertInto("customer_children").values(rows).execute();
}

export async function seedDemoCustomers(deps: Deps): Promise<{ seeded: boolean }> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return { seeded: false };
  await seedDemoChildren(deps, shop.id);
  const last = DEMO_CUSTOMERS[DEMO_CUSTOMERS.length - 1] as SeedCustomer;
  if (await findCustomerByPlatformId(deps.db, shop.id, last.customerId)) return { seeded: false };
  const now = deps.clock.now().getTime();
  await deps.db.transaction().execute(async (trx) => {
    // Members already seeded (oldest first) get birthdays and phones.
    const members = await trx
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", shop.id)
      .where("type", "=", "member")
      .where("birth_month", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .limit(MEMBER_DETAILS.length)
      .execute();
    for (const [i, m] of members.entries()) {
      const [month, day, phone] = MEMBER_DETAILS[i] as [number, number, string | null];
      await trx
        .updateTable("customers")
        .set({ birth_month: month, birth_day: day, ...(phone ? { phone } : {}) })
        .where("shop_id", "=", shop.id)
        .where("id", "=", m.id)
        .execute();
    }
    for (const c of DEMO_CUSTOMERS) {
      const created = new Date(now - c.createdDaysAgo * DAY);
      const row = await ensureCustomer(
        deps,
        trx,
        shop.id,
        { platformCustomerId: c.customerId, email: c.email, firstName: c.firstName, lastName: c.lastName },
        c.type,
        c.type === "guest" ? null : created,
      );
      await trx
        .updateTable("customers")
        .set({
          created_at: created,
          updated_at: created,
          phone: c.phone ?? null,
          birth_month: c.birthday?.[0] ?? null,
          birth_day: c.birthday?.[1] ?? null,
          is_b2b: c.b2b ?? false,
          left_reason: c.type === "left" ? "excluded" : null,
          updated_source: c.type === "left" ? "admin" : "system",
        })
        .where("shop_id", "=", shop.id)
        .where("id", "=", row.id)
        .execute();
    }
  });
  return { seeded: true };
}
