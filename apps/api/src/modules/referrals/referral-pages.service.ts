import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type ProxyReferralPopup,
  REFERRAL_EXPORT_DAYS,
  type ReferralBranding,
  type ReferralBrandingResponse,
  type ReferralExportBody,
  type ReferralExportResult,
} from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import * as jobs from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { enqueueMerchantEmails } from "../mail/mail.service";
import { fillPlaceholders, loadReferralBranding, rewardText } from "./referral-branding";
import * as repo from "./referrals.repository";
import { loadReferralSettings, referralsCsv } from "./referrals.service";

/**
 * Referrals, the rest (issue 18): the referral pages' design (E-13, decision 0125) and the referral
 * export e-mailed as a signed link (E-12, decision 0126).
 */

/** `GET /apiSa/referral/branding`: the design, and what the designer's preview fills in. */
export async function getReferralBranding(deps: Deps, shop: ShopRow): Promise<ReferralBrandingResponse> {
  const [branding, { settings }] = await Promise.all([
    loadReferralBranding(deps.db, shop.id),
    loadReferralSettings(deps.db, shop.id),
  ]);
  return {
    branding,
    sample: { reward: rewardText(settings.friendReward, shop), referrer: "Ava", shop: shop.name },
    programEnabled: settings.enabled,
  };
}

export async function saveReferralBranding(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  branding: ReferralBranding,
): Promise<ReferralBrandingResponse> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsertBranding(trx, shop.id, branding, deps.clock.now());
    await auditWrite(trx, shop.id, actor, "referral.branding.saved", { popup: branding.popup.enabled });
  });
  return getReferralBranding(deps, shop);
}

/**
 * `GET /proxy/referral/popup?code=`: what a friend who opened a link sees (E-13). Nothing to show
 * when the program or the popup is off; an unknown code is 'Account not found' (E-08).
 */
export async function getReferralPopup(
  deps: Deps,
  auth: ProxyAuth,
  code: string,
): Promise<ProxyReferralPopup> {
  const context = await deps.shopContexts.byId(auth.shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  const { shop } = context;
  const [{ settings }, branding, referrer] = await Promise.all([
    loadReferralSettings(deps.db, shop.id),
    loadReferralBranding(deps.db, shop.id),
    repo.findReferrerOfCode(deps.db, shop.id, code),
  ]);
  if (!referrer)
    throw new AppError("referral_code_unknown", 404, undefined, [{ field: "code", message: "unknown" }]);
  const { popup } = branding;
  const values = {
    reward: rewardText(settings.friendReward, shop),
    referrer: referrer.first_name?.trim() || "Your friend",
    shop: shop.name,
  };
  return {
    show: settings.enabled && popup.enabled,
    layout: popup.layout,
    title: fillPlaceholders(popup.title, values),
    description: fillPlaceholders(popup.description, values),
    buttonText: fillPlaceholders(popup.buttonText, values),
    claimedText: fillPlaceholders(popup.claimedText, values),
    imageUrl: popup.imageUrl,
    delaySeconds: popup.delaySeconds,
    colors: { ...popup.colors },
  };
}

// ------------------------------------------------------------------------------------------------
// E-12: the export by e-mail

function exportSignature(deps: Deps, shopId: string, id: string): string {
  return createHmac("sha256", `referral-export:${deps.sessionSecret}`)
    .update(`${shopId}\n${id}`)
    .digest("base64url");
}

export function exportLink(deps: Deps, shopId: string, id: string): string {
  const base = deps.config.appUrl.replace(/\/$/, "");
  return `${base}/exports/referrals/${encodeURIComponent(shopId)}/${encodeURIComponent(id)}?s=${exportSignature(deps, shopId, id)}`;
}

/**
 * `POST /apiSa/referrals/export`: records the export and queues its job in one transaction; the
 * job builds the CSV and e-mails the shop a link ('No referrals found to export' when none match).
 */
export async function requestReferralExport(
  deps: Deps,
  shop: ShopRow,
  actor: Actor,
  body: ReferralExportBody,
): Promise<ReferralExportResult> {
  const counts = await repo.countByStatus(deps.db, shop.id, body.referrerId);
  const count = body.status ? counts[body.status] : counts.pending + counts.completed + counts.canceled;
  if (count === 0) throw new AppError("referral_export_empty", 404);
  const id = deps.newId("rex");
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertExport(trx, {
      shopId: shop.id,
      id,
      filter: body,
      recipient: shop.email,
      requestedBy: actor.userId,
      at: deps.clock.now(),
    });
    await deps.queue.sendInTransaction(trx, jobs.exportReferrals, { shopId: shop.id, exportId: id });
    await auditWrite(trx, shop.id, actor, "referral.export.requested", { exportId: id });
  });
  return { exportId: id, recipient: shop.email, count };
}

/**
 * The job `export-referrals`: builds the file, keeps it for the link's life and e-mails the link
 * (`export_ready`) in the same transaction. A retried job finds the export done and does nothing;
 * the e-mail is keyed by the export, so it is sent once.
 */
export async function buildReferralExport(deps: Deps, shopId: string, exportId: string): Promise<void> {
  const row = await repo.findExport(deps.db, shopId, exportId);
  if (row?.status !== "queued") return;
  const context = await deps.shopContexts.byId(shopId);
  if (!context) return;
  const filter = row.filter as ReferralExportBody;
  const { csv, count } = await referralsCsv(deps, shopId, filter);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + REFERRAL_EXPORT_DAYS * 86_400_000);
  await deps.db.transaction().execute(async (trx) => {
    await repo.dropExpiredExports(trx, shopId, now);
    if (!(await repo.finishExport(trx, shopId, exportId, { csv, rowCount: count, at: now, expiresAt })))
      return;
    await enqueueMerchantEmails(deps, trx, context.shop, [
      {
        event: "export_ready",
        occasion: `export:${exportId}`,
        values: {
          export: "referral",
          count,
          days: REFERRAL_EXPORT_DAYS,
          url: exportLink(deps, shopId, exportId),
        },
        to: [row.recipient],
      },
    ]);
  });
}

/** `GET /exports/referrals/:shopId/:id?s=`: the file while the signed link lives. */
export async function downloadReferralExport(
  deps: Deps,
  shopId: string,
  id: string,
  signature: string,
): Promise<string> {
  const expected = Buffer.from(exportSignature(deps, shopId, id));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError("referral_export_link_invalid", 403);
  }
  const row = await repo.findExport(deps.db, shopId, id);
  if (!row || row.status === "failed") throw new AppError("referral_export_link_invalid", 404);
  if (row.status !== "ready") throw new AppError("referral_export_failed", 409);
  if (row.csv === null || (row.expires_at && row.expires_at <= deps.clock.now())) {
    throw new AppError("referral_export_expired", 410);
  }
  return row.csv;
}

/** The daily export sweep (issue 13): every shop's referral export files past their expiry. */
export function sweepExpiredReferralExports(deps: Deps): Promise<number> {
  return repo.dropExpiredExports(deps.db, null, deps.clock.now());
}
