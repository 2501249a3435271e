import type { TierProgramKind, Tx } from "@laurel/db";
import { type TierDef, type TierSettings, tierTagChange } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { syncTierTags } from "../../jobs/refs";
import { getShopOrThrow } from "../shops/shops.service";
import * as repo from "./tiers.repository";

/**
 * I-08 (decision 0118): members are tagged on the platform with the tag prefix (default 'Joy') and
 * their tier's name. Every tier move enqueues, in the transaction that writes it (outbox), one job
 * for the batch's members; the job reads each member's tier as it is then and sets the tags through
 * the platform port (remove the ladder's other tier tags, add the current one). Tags the merchant
 * set by hand stay. Re-running changes nothing (adding and removing tags are idempotent), so a
 * retried job and two moves in a row converge on the tier in force. An empty prefix turns it off.
 */
export async function enqueueTierTags(
  deps: Deps,
  trx: Tx,
  shopId: string,
  customerIds: readonly string[],
  program: TierProgramKind = "vip",
) {
  const unique = [...new Set(customerIds)];
  for (let i = 0; i < unique.length; i += 2_000) {
    await deps.queue.sendInTransaction(trx, syncTierTags, {
      shopId,
      customerIds: unique.slice(i, i + 2_000),
      ...(program === "b2b" ? { program } : {}),
    });
  }
}

/** The job's body: sets the platform tags of these members from their tier in force. */
export async function syncMemberTierTags(
  deps: Deps,
  shopId: string,
  customerIds: readonly string[],
  kind: TierProgramKind = "vip",
): Promise<number> {
  const shop = await getShopOrThrow(deps, shopId);
  if (shop.uninstalled_at) return 0;
  // B2B partner tiers tag with their own prefix and ladder (I-20), apart from the VIP tags.
  const program = await repo.findProgram(deps.db, shopId, kind);
  // The ladder in force (decision 0070's `live` snapshot), read here without the tiers service.
  const ladder =
    program?.status === "launched"
      ? (program.live as { settings: TierSettings; tiers: TierDef[] } | null)
      : null;
  const prefix = ladder?.settings.tagPrefix.trim() ?? "";
  if (!ladder || prefix === "") return 0;
  const rows = await deps.db
    .selectFrom("customers as c")
    .leftJoin("customer_tiers as ct", (j) =>
      j
        .onRef("ct.shop_id", "=", "c.shop_id")
        .onRef("ct.customer_id", "=", "c.id")
        .on("ct.program", "=", kind),
    )
    .select(["c.platform_customer_id", "ct.tier_id"])
    .where("c.shop_id", "=", shopId)
    .where("c.id", "in", [...customerIds])
    .orderBy("c.id")
    .execute();
  const platformShop = { domain: shop.shopify_domain, accessToken: shop.access_token };
  for (const r of rows) {
    // A member not measured yet stands in no tier (no tag); a tier no longer in force is untagged.
    await deps.platform.updateCustomerTags(
      platformShop,
      r.platform_customer_id,
      tierTagChange(prefix, ladder.tiers, r.tier_id ?? null),
    );
  }
  return rows.length;
}

/**
 * I-08 (decision 0118): the merchant's "Sync tags": every member standing in a tier is re-tagged,
 * one job per 2,000 members, enqueued in one transaction ('Synced tags processed'). Refused (409)
 * without launched tiers or with tagging off (an empty prefix).
 */
export async function syncAllTierTags(
  deps: Deps,
  shopId: string,
  kind: TierProgramKind = "vip",
): Promise<{ members: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const program = await repo.findProgram(trx, shopId, kind);
    const ladder =
      program?.status === "launched" ? (program.live as { settings: TierSettings } | null) : null;
    if (!ladder) throw new AppError(kind === "b2b" ? "b2b_tier_not_launched" : "tier_not_launched", 409);
    if (ladder.settings.tagPrefix.trim() === "") throw new AppError("tier_tags_off", 409);
    let members = 0;
    for (let after: string | null = null; ; ) {
      const ids = await repo.standingMemberIds(trx, shopId, after, 2_000, kind);
      if (ids.length === 0) break;
      await enqueueTierTags(deps, trx, shopId, ids, kind);
      members += ids.length;
      after = ids.at(-1) ?? null;
    }
    return { members };
  });
}
