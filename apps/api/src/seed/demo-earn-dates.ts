import type { CreateProgramBody } from "@laurel/contracts";
import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import { planAllows, planRankOf } from "@laurel/domain";
import type { Deps } from "../infra/deps";
import { seedEarnDatesHistory } from "../modules/earn-dates/earn-dates.service";
import { createProgram, listAllProgramRows } from "../modules/programs/programs.service";
import { findShopByDomain } from "../modules/shops/shops.service";

const SEED_ACTOR = { userId: null, impersonatedBy: null };

/**
 * Issue 15, part 1 in the demo shop: visit website (G-22 defaults) and a 7-day streak (G-18),
 * switched off; a member anniversary and an Instagram follow (G-24), on; and birthday when the
 * shop's plan has it (R-02: the demo shop starts on Starter). Ava has a birthday and three streak
 * days behind her, shown once the streak is switched on. Idempotent: a title the shop has is left alone, and the streak
 * history is written once.
 */
function programs(birthday: boolean): CreateProgramBody[] {
  const list: CreateProgramBody[] = [
    // Switched off: on, every demo shopper's page view earns, and the demo's storefront journeys
    // (e2e/specs/storefront.spec.ts) count balances exactly. One switch in the admin turns them on.
    { event: "interact_website", title: "Visit our store", status: "inactive", config: {} },
    { event: "streak_interact_website", title: "7-day visit streak", status: "inactive", config: {} },
    {
      event: "member_anniversary",
      title: "Member anniversary",
      status: "active",
      config: { earnPoint: 100 },
    },
    {
      event: "social_activity",
      title: "Follow us on Instagram",
      status: "active",
      config: { action: "follow_instagram", url: "https://www.instagram.com/laurel.demo", earnPoint: 50 },
    },
  ];
  if (birthday)
    list.push({ event: "birthday", title: "Happy birthday", status: "active", config: { rewardValue: 200 } });
  return list;
}

export async function seedDemoEarnDates(deps: Deps): Promise<number> {
  const shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return 0;
  const titles = new Set((await listAllProgramRows(deps.db, shop.id)).map((p) => p.title));
  const birthday = planAllows(
    planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
    "birthday_reward",
  );
  let created = 0;
  for (const body of programs(birthday)) {
    if (body.title && titles.has(body.title)) continue;
    await createProgram(deps, shop, SEED_ACTOR, "earning", body);
    created += 1;
  }
  const ava = DEMO_SHOPPERS[0];
  await seedEarnDatesHistory(deps, shop.id, ava.customerId, {
    birthday: { month: 3, day: 14 },
    streakDays: 3,
  });
  return created;
}
