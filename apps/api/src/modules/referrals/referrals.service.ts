import { createHmac, randomBytes } from "node:crypto";
import {
  type ErrorCode,
  type ProxyReferralClaimBody,
  type ProxyReferralClaimResult,
  type ProxyReferralView,
  type ReferralListQuery,
  type ReferralListResponse,
  type ReferralSettings,
  type ReferralSettingsResponse,
  type ReferralWhitelistBody,
  type ReferralWhitelistResponse,
  referralSettingsSchema,
} from "@laurel/contracts";
import { type CustomerRow, type Db, DEMO_SHOP_DOMAIN, type ShopRow, type Tx } from "@laurel/db";
import {
  buildReferralCode,
  buildReferralLink,
  checkReferralCap,
  codeSuffixFromBytes,
  DEFAULT_ANTI_CHEAT,
  DEFAULT_CURRENCY,
  decideClaim,
  grantOf,
  mayRefer,
  type ReferralRefusal,
  type ReferralRules,
  referralRewardKey,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { createDiscountOnce } from "../../platform/create-discount-once";
import type { DiscountRequest } from "../../platform/port";
import { type Actor, auditWrite } from "../audit/audit.service";
import { ensureCustomer, findCustomer, findCustomerByPlatformId } from "../customers/customers.service";
import { postEntry } from "../ledger/ledger.service";
import { cycleStartOf } from "../orders/order-facts";
import { tierInForceOf } from "../tiers/tiers.service";
import { inviteOf } from "./referral-branding";
import * as repo from "./referrals.repository";

/** What a shop that never saved its referral settings has: off, with sensible rewards. */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  enabled: false,
  title: "Refer a friend",
  description: "Give your friends a discount on their first order, and earn points when they buy.",
  friendReward: { kind: "percentage", percentage: 10 },
  referrerReward: { kind: "points", points: 500 },
  redirectUrl: "/",
  linkPrefix: "REF",
  eligibility: "members_only",
  orderTags: [],
  customerTags: [],
  perCustomerLimit: { limit: null, perTier: {} },
  antiCheat: { ...DEFAULT_ANTI_CHEAT },
  cancelWindowDays: 30,
};

/** How many device ids and IP hashes are kept per referrer (decision 0080). */
const FINGERPRINTS_KEPT = 5;

export async function loadReferralSettings(conn: Deps["db"] | Tx, shopId: string) {
  const row = await repo.findSettings(conn, shopId);
  const parsed = row ? referralSettingsSchema.safeParse(row.settings) : null;
  return {
    settings: parsed?.success ? parsed.data : DEFAULT_REFERRAL_SETTINGS,
    unlockUnlimited: row?.unlock_unlimited ?? false,
  };
}

export async function hasReferralSettings(deps: Deps, shopId: string): Promise<boolean> {
  return (await repo.findSettings(deps.db, shopId)) !== undefined;
}

export function rulesOf(s: ReferralSettings): ReferralRules {
  return s;
}

export async function capCheckOf(conn: Deps["db"] | Tx, shop: ShopRow, unlockUnlimited: boolean, now: Date) {
  const used = await repo.countCompletedSince(conn, shop.id, cycleStartOf(shop, now));
  return checkReferralCap({
    plan: shop.plan,
    posExtension: shop.is_enable_pos_pro3,
    unlockUnlimited,
    completedThisCycle: used,
  });
}

/** `GET /apiSa/referral/settings`: the settings and the plan's cap with this cycle's use (E-06, E-07). */
export async function getReferralSettings(deps: Deps, shop: ShopRow): Promise<ReferralSettingsResponse> {
  const { settings, unlockUnlimited } = await loadReferralSettings(deps.db, shop.id);
  const cap = await capCheckOf(deps.db, shop, unlockUnlimited, deps.clock.now());
  return {
    settings,
    usage: {
      cap: cap.cap,
      used: cap.used,
      warningFrom: cap.warningFrom,
      status: cap.status,
      unlockUnlimited,
    },
  };
}

export async function saveReferralSettings(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  settings: ReferralSettings,
): Promise<ReferralSettingsResponse> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsertSettings(trx, shop.id, settings, deps.clock.now());
    await auditWrite(trx, shop.id, actor, "referral.settings.saved", { enabled: settings.enabled });
  });
  return getReferralSettings(deps, shop);
}

const nameOf = (c: { first_name: string | null; last_name: string | null; email: string | null }) =>
  [c.first_name, c.last_name].filter(Boolean).join(" ") || c.email || "";

/** `GET /apiSa/referrals` (E-12): newest first, filtered by status, with the counts for the tabs. */
export async function listReferrals(
  deps: Deps,
  shopId: string,
  q: ReferralListQuery,
): Promise<ReferralListResponse> {
  const [rows, counts] = await Promise.all([
    repo.listReferrals(deps.db, shopId, { status: q.status, referrerId: q.referrerId }, q.page, q.pageSize),
    repo.countByStatus(deps.db, shopId, q.referrerId),
  ]);
  return {
    referrals: rows.map((r) => ({
      id: r.id,
      code: r.code,
      referrer: { id: r.referrer_id, name: nameOf(r), email: r.email },
      friend: { id: r.friend_id, email: r.friend_email },
      status: r.status,
      reason: r.reason,
      orderId: r.order_id,
      createdAt: r.created_at.toISOString(),
      completedAt: r.completed_at?.toISOString() ?? null,
      canceledAt: r.canceled_at?.toISOString() ?? null,
    })),
    total: q.status ? counts[q.status] : counts.pending + counts.completed + counts.canceled,
    counts,
  };
}

/** The CSV's rows are read a page at a time, so a large export never holds one huge result. */
const CSV_PAGE = 1_000;

/**
 * CSV of the referral list (E-12): the file download, and the e-mailed export's file. Cells that a
 * spreadsheet would run as a formula are quoted with a leading apostrophe.
 */
export async function referralsCsv(
  deps: Deps,
  shopId: string,
  filter: { status?: ReferralListQuery["status"]; referrerId?: string | undefined },
): Promise<{ csv: string; count: number }> {
  const cell = (v: string | null) => {
    const s = v ?? "";
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = ["Referrer,Referrer email,Friend email,Code,Status,Reason,Order,Created at,Completed at"];
  const where = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.referrerId ? { referrerId: filter.referrerId } : {}),
  };
  for (let page = 1; ; page++) {
    const rows = await repo.listReferrals(deps.db, shopId, where, page, CSV_PAGE);
    for (const r of rows) {
      lines.push(
        [
          nameOf(r),
          r.email,
          r.friend_email,
          r.code,
          r.status,
          r.reason,
          r.order_id,
          r.created_at.toISOString(),
          r.completed_at?.toISOString() ?? null,
        ]
          .map(cell)
          .join(","),
      );
    }
    if (rows.length < CSV_PAGE) break;
  }
  return { csv: `${lines.join("\n")}\n`, count: lines.length - 1 };
}

/** `GET /apiSa/referrals/export`: the CSV as a file download ('No referrals found to export'). */
export async function exportReferralsCsv(deps: Deps, shopId: string, q: ReferralListQuery): Promise<string> {
  const { csv, count } = await referralsCsv(deps, shopId, q);
  if (count === 0) throw new AppError("referral_export_empty", 404);
  return csv;
}

export async function listWhitelist(deps: Deps, shopId: string, search: string | undefined) {
  const rows = await repo.listWhitelisted(deps.db, shopId, search);
  return rows.map((c) => ({ id: c.id, name: nameOf(c), email: c.email }));
}

/** E-10: add (or remove) customers by id, platform id or e-mail; answers the list and what matched nothing. */
export async function changeWhitelist(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: ReferralWhitelistBody,
  on: boolean,
): Promise<ReferralWhitelistResponse> {
  const matched = await deps.db.transaction().execute(async (trx) => {
    const rows = await repo.setWhitelisted(trx, shopId, body.customers, on, deps.clock.now());
    await auditWrite(trx, shopId, actor, on ? "referral.whitelist.added" : "referral.whitelist.removed", {
      count: rows.length,
    });
    return rows;
  });
  const found = new Set(
    matched.flatMap((r) => [r.id, r.platform_customer_id, (r.email ?? "").toLowerCase()]),
  );
  return {
    customers: await listWhitelist(deps, shopId, undefined),
    notFound: body.customers.filter((k) => !found.has(k) && !found.has(k.toLowerCase())),
  };
}

// ------------------------------------------------------------------------------------------------
// Storefront

async function shopOf(deps: Deps, shopId: string): Promise<ShopRow> {
  const context = await deps.shopContexts.byId(shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  return context.shop;
}

/** Decision 0080: IPs are kept only as a keyed hash (the shop's id salts it), never in clear. */
export function hashIp(deps: Deps, shopId: string, ip: string): string {
  return createHmac("sha256", deps.sessionSecret).update(`${shopId}\n${ip}`).digest("base64url").slice(0, 22);
}

function storeUrlOf(deps: Deps, shop: ShopRow): string {
  if (shop.shopify_domain === DEMO_SHOP_DOMAIN) return `${deps.config.appUrl.replace(/\/+$/, "")}/demo-store`;
  return `https://${shop.domain ?? shop.shopify_domain}`;
}

const keepLast = (list: readonly string[], value: string | null) =>
  value === null ? [...list] : [...list.filter((v) => v !== value), value].slice(-FINGERPRINTS_KEPT);

/** The referrer's stable code (E-09): made once, on first view, and never changed. */
async function ensureLink(trx: Tx, deps: Deps, shopId: string, customerId: string, prefix: string) {
  const existing = await repo.findLinkOfCustomer(trx, shopId, customerId);
  if (existing) return existing;
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = buildReferralCode(prefix, codeSuffixFromBytes(randomBytes(6)));
    await repo.insertLink(trx, shopId, customerId, code, deps.clock.now());
    const row = await repo.findLinkOfCustomer(trx, shopId, customerId);
    if (row) return row;
  }
  throw new AppError("referral_link_failed", 500);
}

/** What the referral rules know of a referrer: state, whitelist, the platform's tags, tier in force. */
async function referrerFacts(conn: Db | Tx, customer: CustomerRow) {
  return {
    customerId: customer.id,
    email: customer.email,
    type: customer.type,
    whitelisted: customer.referral_whitelisted,
    tags: customer.tags,
    tierId: await tierInForceOf(conn, customer.shop_id, customer.id),
  };
}

/**
 * `GET /proxy/referral`: the signed-in shopper's link and code, made on first view, and their
 * counts. The device id and the hashed IP are remembered for the claim checks (E-03).
 */
export async function getShopperReferral(
  deps: Deps,
  auth: ProxyAuth,
  fingerprint: { deviceId: string | null; ip: string },
): Promise<ProxyReferralView> {
  const shop = await shopOf(deps, auth.shopId);
  const { settings } = await loadReferralSettings(deps.db, shop.id);
  const base = {
    enabled: settings.enabled,
    title: settings.title,
    description: settings.description,
    friendReward: settings.friendReward,
    referrerReward: settings.referrerReward,
  };
  const none = {
    ...base,
    code: null,
    link: null,
    completed: 0,
    pending: 0,
    invite: await inviteOf(deps, shop, settings, ""),
  };
  if (!auth.platformCustomerId || !settings.enabled) return none;
  const customer = await findCustomerByPlatformId(deps.db, shop.id, auth.platformCustomerId);
  if (!customer || !mayRefer(settings, await referrerFacts(deps.db, customer))) return none;
  const link = await deps.db.transaction().execute(async (trx) => {
    const row = await ensureLink(trx, deps, shop.id, customer.id, settings.linkPrefix);
    const ipHash = hashIp(deps, shop.id, fingerprint.ip);
    const devices = keepLast(row.device_ids, fingerprint.deviceId);
    const ips = keepLast(row.ip_hashes, ipHash);
    if (devices.join() !== row.device_ids.join() || ips.join() !== row.ip_hashes.join()) {
      await repo.setLinkFingerprints(trx, shop.id, customer.id, devices, ips);
    }
    return row;
  });
  const counts = await repo.countOfReferrer(deps.db, shop.id, customer.id);
  return {
    ...base,
    code: link.code,
    link: buildReferralLink(storeUrlOf(deps, shop), link.code, settings.redirectUrl),
    completed: counts.completed,
    pending: counts.pending,
    invite: none.invite,
  };
}

const REFUSAL_ERRORS: Partial<Record<ReferralRefusal, readonly [ErrorCode, number]>> = {
  plan_cap: ["referral_limit", 422],
  referrer_limit: ["referral_limit", 422],
  already_referred: ["referral_email_referred", 409],
};

/**
 * `POST /proxy/referral/claim`: the signed-in friend claims the code their link carried (the widget
 * kept it in a first-party cookie). Every decision is stored; an accepted claim is `pending` and
 * the friend gets their reward at once (points, or a customer-only discount code).
 */
export async function claimReferral(
  deps: Deps,
  auth: ProxyAuth,
  body: ProxyReferralClaimBody,
  ip: string,
): Promise<ProxyReferralClaimResult> {
  if (!auth.platformCustomerId) throw new AppError("customer_not_logged_in", 401);
  const platformCustomerId = auth.platformCustomerId;
  const shop = await shopOf(deps, auth.shopId);
  const { settings, unlockUnlimited } = await loadReferralSettings(deps.db, shop.id);
  const now = deps.clock.now();
  const ipHash = hashIp(deps, shop.id, ip);

  const outcome = await deps.db.transaction().execute(async (trx) => {
    const link = await repo.findLinkByCode(trx, shop.id, body.code);
    if (!link) throw new AppError("referral_code_unknown", 404);
    const referrer = await findCustomer(trx, shop.id, link.customer_id);
    if (!referrer) throw new AppError("referral_code_unknown", 404);
    const friend = await ensureCustomer(deps, trx, shop.id, {
      platformCustomerId,
      email: body.email ?? null,
      firstName: null,
      lastName: null,
    });
    const live = await repo.findLiveReferralOfFriend(trx, shop.id, friend.id);
    if (live && live.referrer_id === referrer.id) return { kind: "replay" as const, row: live };
    const [counts, cap, orderedBefore] = await Promise.all([
      repo.countOfReferrer(trx, shop.id, referrer.id),
      capCheckOf(trx, shop, unlockUnlimited, now),
      repo.hasPaidOrder(trx, shop.id, friend.id),
    ]);
    const decision = decideClaim({
      rules: rulesOf(settings),
      referrer: {
        ...(await referrerFacts(trx, referrer)),
        deviceIds: link.device_ids,
        ipHashes: link.ip_hashes,
        completedReferrals: counts.completed,
      },
      friend: {
        customerId: friend.id,
        email: friend.email ?? body.email ?? null,
        deviceId: body.deviceId ?? null,
        ipHash,
        hasOrderedBefore: orderedBefore,
        alreadyReferred: live !== undefined,
      },
      cap,
    });
    const id = deps.newId("ref");
    const row = await repo.insertReferral(trx, {
      shopId: shop.id,
      id,
      code: link.code,
      referrerId: referrer.id,
      friendId: decision.accepted ? friend.id : null,
      friendEmail: friend.email ?? body.email ?? null,
      status: decision.accepted ? "pending" : "canceled",
      reason: decision.accepted ? null : decision.reason,
      deviceId: decision.accepted ? (body.deviceId ?? null) : null,
      ipHash: decision.accepted ? ipHash : null,
      at: now,
    });
    if (!decision.accepted) return { kind: "refused" as const, reason: decision.reason };
    if (!row) return { kind: "refused" as const, reason: "already_referred" as const };
    const grant = grantOf(settings.friendReward);
    if (grant.kind === "points") {
      await postEntry(trx, {
        shopId: shop.id,
        customerId: friend.id,
        activityType: "earn_referral",
        available: grant.points,
        idempotencyKey: referralRewardKey(row.id, "friend"),
        sourceRef: `referral:${row.id}`,
        note: "Referred by a friend",
      });
      await repo.setFriendReward(trx, shop.id, row.id, { kind: "points", points: grant.points });
    }
    return { kind: "created" as const, created: row, friend };
  });

  if (outcome.kind === "refused") {
    const [code, status] = REFUSAL_ERRORS[outcome.reason] ?? (["referral_refused", 422] as const);
    throw new AppError(code, status, undefined, [{ field: "code", message: outcome.reason }]);
  }
  if (outcome.kind === "replay") {
    const reward = outcome.row.friend_reward as { kind: string; code?: string; points?: number } | null;
    return { referralId: outcome.row.id, status: outcome.row.status, reward: presentReward(reward) };
  }
  const { created, friend } = outcome;
  const grant = grantOf(settings.friendReward);
  if (grant.kind === "points") {
    return { referralId: created.id, status: "pending", reward: { kind: "points", points: grant.points } };
  }
  // A customer-only code through the platform port, after the commit (as redemption does).
  const code = `${settings.linkPrefix.toUpperCase().replace(/[^A-Z0-9]/g, "")}F${codeSuffixFromBytes(randomBytes(8))}`;
  await deps.platform.createDiscount(
    { domain: shop.shopify_domain, accessToken: shop.access_token },
    friendDiscount(code, settings, shop, friend.platform_customer_id, now),
  );
  await deps.db
    .transaction()
    .execute((trx) => repo.setFriendReward(trx, shop.id, created.id, { kind: "discount", code }));
  return { referralId: created.id, status: "pending", reward: { kind: "discount", code } };
}

function presentReward(
  r: { kind: string; code?: string; points?: number } | null,
): ProxyReferralClaimResult["reward"] {
  if (r?.kind === "discount" && r.code) return { kind: "discount", code: r.code };
  if (r?.kind === "points" && typeof r.points === "number") return { kind: "points", points: r.points };
  return { kind: "none" };
}

function friendDiscount(
  code: string,
  settings: ReferralSettings,
  shop: ShopRow,
  customerPlatformId: string,
  now: Date,
): DiscountRequest {
  const reward = settings.friendReward;
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;
  return {
    code,
    title: `${settings.title} (${code})`,
    value:
      reward.kind === "percentage"
        ? { kind: "percentage", percentage: reward.percentage, items: { all: true } }
        : {
            kind: "amount",
            amount: { amount: reward.kind === "amount" ? reward.amount : 0, currency },
            items: { all: true },
          },
    minimum: null,
    customerPlatformId,
    usageLimit: 1,
    appliesOncePerCustomer: true,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    purchaseType: "one_time",
    salesChannel: "all",
    startsAt: now,
    endsAt: null,
  };
}

/**
 * The referrer's discount for a completed referral (job `issue-referral-reward`): a customer-only,
 * single-use code whose name derives from the referral, so a retried job cannot make a second one.
 * A referral canceled meanwhile, or already issued, is left as it is.
 */
export async function issueReferrerDiscount(deps: Deps, shopId: string, referralId: string): Promise<void> {
  const shop = await shopOf(deps, shopId);
  const row = await repo.findReferral(deps.db, shopId, referralId);
  const reward = row?.referrer_reward as {
    kind?: string;
    status?: string;
    value?: ReferralGrantValue;
  } | null;
  if (row?.status !== "completed" || reward?.kind !== "discount" || reward.status !== "to_issue") return;
  const referrer = await findCustomer(deps.db, shopId, row.referrer_id);
  if (!referrer || !reward.value) return;
  const { settings } = await loadReferralSettings(deps.db, shopId);
  const digest = createHmac("sha256", deps.sessionSecret).update(`${shopId}\n${referralId}`).digest();
  const code = `${settings.linkPrefix.toUpperCase().replace(/[^A-Z0-9]/g, "")}R${codeSuffixFromBytes(digest.subarray(0, 8))}`;
  const value = reward.value;
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;
  // The code is derived from the referral: a retry after a crash takes the one already made.
  const created = await createDiscountOnce(
    deps.platform,
    { domain: shop.shopify_domain, accessToken: shop.access_token },
    {
      ...friendDiscount(code, settings, shop, referrer.platform_customer_id, deps.clock.now()),
      value:
        value.kind === "percentage"
          ? { kind: "percentage", percentage: value.percentage, items: { all: true } }
          : { kind: "amount", amount: { amount: value.amount, currency }, items: { all: true } },
    },
  );
  await deps.db.transaction().execute((trx) =>
    repo.setReferrerReward(trx, shopId, referralId, {
      kind: "discount",
      value,
      status: "issued",
      code,
      platformDiscountId: created.platformDiscountId,
    }),
  );
}

/**
 * A referral canceled after completion (job `revoke-referral-reward`): its referrer discount is
 * deactivated on the platform, or — not issued yet — marked so it never is. Idempotent: a revoked
 * reward is left as it is, and deactivating twice is harmless on the platform.
 */
export async function revokeReferrerDiscount(deps: Deps, shopId: string, referralId: string): Promise<void> {
  const row = await repo.findReferral(deps.db, shopId, referralId);
  const reward = row?.referrer_reward as {
    kind?: string;
    status?: string;
    platformDiscountId?: string;
  } | null;
  if (row?.status !== "canceled" || reward?.kind !== "discount") return;
  if (reward.status === "issued" && reward.platformDiscountId) {
    const shop = await shopOf(deps, shopId);
    await deps.platform.deactivateDiscount(
      { domain: shop.shopify_domain, accessToken: shop.access_token },
      reward.platformDiscountId,
    );
  } else if (reward.status !== "to_issue") return;
  await deps.db
    .transaction()
    .execute((trx) => repo.setReferrerReward(trx, shopId, referralId, { ...reward, status: "revoked" }));
}

type ReferralGrantValue = { kind: "percentage"; percentage: number } | { kind: "amount"; amount: number };

/** customers/redact: erase the shopper's personal traces in referrals (decision 0080). */
export function eraseReferralPersonalData(trx: Tx, shopId: string, customerId: string): Promise<void> {
  return repo.eraseReferralTraces(trx, shopId, customerId);
}
