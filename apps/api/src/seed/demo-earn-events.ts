import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import type { Deps } from "../infra/deps";
import { markShopChanged } from "../infra/shop-changes";
import {
  claimGrowthReward,
  getGrowthRewards,
  getInboundKey,
  inboundSignature,
  receiveInboundEvent,
  setReviewStatus,
} from "../modules/earn-events/earn-events.service";
import { createProgram, listProgramsOfType } from "../modules/programs/programs.service";
import { findShopByDomain } from "../modules/shops/shops.service";

const SEED_ACTOR = { userId: null, impersonatedBy: null };

/** The features the demo shop has as per-shop custom features, so Starter can show them. */
export const DEMO_EARN_EVENT_FEATURES = [
  "write_review",
  "google_maps_review",
  "fill_survey",
  "custom_program",
  "milestone_rewards",
] as const;

/**
 * Issue 15 part 2 on the demo shop: a review program (manual approval) with Ava's review approved
 * and Ben's pending, sent through the signed inbound endpoint as a review app would; a Google Maps
 * review program; an order-count milestone program; the first growth reward claimed. The demo shop
 * is on Starter, so these kinds are its custom features. Runs once: a shop with a review
 * program is left as the merchant made it.
 */
export async function seedDemoEarnEvents(deps: Deps): Promise<{ seeded: boolean }> {
  let shop = await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN);
  if (!shop || shop.uninstalled_at) return { seeded: false };
  const existing = await listProgramsOfType(deps, shop, "earning");
  if (existing.some((p) => p.event === "write_review")) return { seeded: false };
  const features = [...new Set([...(shop.custom_features ?? []), ...DEMO_EARN_EVENT_FEATURES])];
  await deps.db
    .updateTable("shops")
    .set({ custom_features: JSON.stringify(features) })
    .where("id", "=", shop.id)
    .execute();
  markShopChanged(shop.id);
  shop = (await findShopByDomain(deps.db, DEMO_SHOP_DOMAIN)) ?? shop;

  await createProgram(deps, shop, SEED_ACTOR, "earning", {
    title: "Write a review",
    event: "write_review",
    status: "active",
    config: { earnPoint: 50, mediaBonusPoints: 20, minRating: 3, minCharacters: 10, approval: "manual" },
  });
  await createProgram(deps, shop, SEED_ACTOR, "earning", {
    title: "Review us on Google Maps",
    event: "google_maps_review",
    status: "active",
    config: { earnPoint: 100, instantPoints: 20, placeUrl: "https://maps.app.goo.gl/laurel-demo" },
  });
  await createProgram(deps, shop, SEED_ACTOR, "earning", {
    title: "Loyal customer",
    event: "milestone",
    status: "active",
    config: {
      typeMilestone: "milestone_order",
      progression: "all",
      milestones: [
        // A regular's milestones, out of reach of the demo's own shoppers' next orders (a demo
        // balance moves only by what the shopper does there).
        { value: 25, action: "bonus_point", earnPoint: 200 },
        { value: 50, action: "bonus_point", earnPoint: 500 },
        // Coupon actions (decision 0155): issued through the platform when reached.
        { value: 75, action: "percentage", rewardValue: 15 },
        { value: 100, action: "amount", rewardValue: 2500 },
      ],
    },
  });

  const key = await getInboundKey(deps, shop);
  const send = async (body: object) => {
    const raw = Buffer.from(JSON.stringify(body));
    const at = Math.floor(deps.clock.now().getTime() / 1000);
    return receiveInboundEvent(
      deps,
      { shopDomain: shop.shopify_domain, signature: inboundSignature(key.secret, at, raw) },
      raw,
    );
  };
  const [ava, ben] = DEMO_SHOPPERS;
  if (ava) {
    const review = await send({
      type: "review.created",
      id: "demo-review-ava-1",
      source: "laurel",
      customer: { id: ava.customerId },
      review: {
        rating: 5,
        content: "Lovely tea, arrived quickly and well packed.",
        mediaCount: 1,
        verifiedBuyer: true,
      },
    });
    await setReviewStatus(deps, shop, SEED_ACTOR, review.id, { status: "approved" });
  }
  if (ben) {
    await send({
      type: "review.created",
      id: "demo-review-ben-1",
      source: "laurel",
      customer: { id: ben.customerId },
      review: {
        rating: 4,
        content: "Good value, the lid could be sturdier.",
        mediaCount: 0,
        verifiedBuyer: true,
      },
    });
  }
  const growth = await getGrowthRewards(deps, shop);
  if (growth.rewards[0]?.state === "claimable")
    await claimGrowthReward(deps, shop, SEED_ACTOR, growth.rewards[0].threshold);
  return { seeded: true };
}
