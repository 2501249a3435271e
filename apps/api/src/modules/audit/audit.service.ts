import type { Tx } from "@laurel/db";
import { insertAuditEntry } from "./audit.repository";

/** Who did something: a merchant user, a Shopify staff member, or Laurel staff acting as the merchant. */
export interface Actor {
  userId: string | null;
  impersonatedBy: string | null;
}

/**
 * every write made while a Laurel staff member impersonates a merchant is logged with the
 * staff id. Writes by the merchant themselves are not audited here (the ledger has its own trail).
 */
export async function auditWrite(
  trx: Tx,
  shopId: string,
  actor: Actor,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  if (!actor.impersonatedBy) return;
  await insertAuditEntry(trx, {
    shopId,
    actor: actor.userId ?? "unknown",
    impersonatedBy: actor.impersonatedBy,
    action,
    details,
  });
}

export async function auditImpersonationStart(trx: Tx, shopId: string, staffUserId: string): Promise<void> {
  await insertAuditEntry(trx, {
    shopId,
    actor: staffUserId,
    impersonatedBy: staffUserId,
    action: "impersonation.started",
    details: {},
  });
}

/**
 * Security events that are always logged, whoever made them (e.g. a merchant API key generated,
 * rotated or revoked; decision 0170). `details` must never hold a secret.
 */
export async function auditSecurityEvent(
  trx: Tx,
  shopId: string,
  actor: Actor,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await insertAuditEntry(trx, {
    shopId,
    actor: actor.userId ?? "merchant",
    impersonatedBy: actor.impersonatedBy,
    action,
    details,
  });
}
