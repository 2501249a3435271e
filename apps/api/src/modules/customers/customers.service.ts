import type { CustomerRow, CustomerType, Db, Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import * as repo from "./customers.repository";

export interface PlatformCustomer {
  platformCustomerId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The customer row for a platform customer, created as a guest on first sight; contact details refreshed. */
export function ensureCustomer(
  deps: Pick<Deps, "newId">,
  trx: Tx,
  shopId: string,
  customer: PlatformCustomer,
  type: CustomerType = "guest",
  joinedAt: Date | null = null,
): Promise<CustomerRow> {
  return repo.upsertCustomer(trx, { shopId, id: deps.newId("cus"), type, joinedAt, ...customer });
}

export { findCustomer } from "./customers.repository";

/**
 * `ensureCustomer` for many shoppers at once (the order pipeline's batches): one row each, locked.
 * A shopper named twice keeps the last known e-mail, as one upsert after another would.
 */
export function ensureCustomers(
  deps: Pick<Deps, "newId">,
  trx: Tx,
  shopId: string,
  customers: readonly PlatformCustomer[],
): Promise<CustomerRow[]> {
  const unique = new Map<string, PlatformCustomer>();
  for (const c of customers) {
    const known = unique.get(c.platformCustomerId);
    unique.set(c.platformCustomerId, known ? { ...known, email: c.email ?? known.email } : c);
  }
  return repo.upsertCustomers(
    trx,
    shopId,
    [...unique.values()].map((c) => ({ ...c, id: deps.newId("cus") })),
  );
}

/** Many customers locked for the rest of the transaction (they must exist). */
export function lockCustomers(trx: Tx, shopId: string, ids: readonly string[]): Promise<CustomerRow[]> {
  return repo.findCustomersForUpdate(trx, shopId, [...new Set(ids)]);
}

/** customers/delete: the shopper is gone from the store; they leave the program, personal data erased. */
export async function removeDeletedCustomer(trx: Tx, shopId: string, platformCustomerId: string, at: Date) {
  const c = await repo.findCustomerByPlatformId(trx, shopId, platformCustomerId);
  if (c) await repo.erasePersonalData(trx, shopId, c.id, at, "left");
}

/** customers/redact: erase the shopper's personal data (the ledger's amounts stay, its notes go). */
export async function redactCustomer(
  trx: Tx,
  shopId: string,
  platformCustomerId: string,
  at: Date,
): Promise<CustomerRow | undefined> {
  const c = await repo.findCustomerByPlatformId(trx, shopId, platformCustomerId);
  if (c) await repo.erasePersonalData(trx, shopId, c.id, at);
  return c;
}

/** Everything Laurel holds about one shopper, for customers/data_request. */
export async function collectCustomerData(trx: Tx, shopId: string, platformCustomerId: string) {
  const c = await repo.findCustomerByPlatformId(trx, shopId, platformCustomerId);
  if (!c) return { customer: null, pointActivities: [], note: "Laurel holds no data about this customer." };
  const entries = await repo.listCustomerEntries(trx, shopId, c.id);
  const children = await repo.listChildren(trx, shopId, c.id);
  return {
    customer: {
      platformCustomerId: c.platform_customer_id,
      email: c.email,
      firstName: c.first_name,
      lastName: c.last_name,
      type: c.type,
      joinedAt: c.joined_at?.toISOString() ?? null,
      availablePoints: c.available_points,
      pendingPoints: c.pending_points,
      tierPoints: c.tier_points,
    },
    children: children.map((k) => ({ name: k.name, gender: k.gender, birthDate: k.birth_date })),
    pointActivities: entries.map((e) => ({
      activityType: e.activity_type,
      points: e.available_delta,
      pendingPoints: e.pending_delta,
      tierPoints: e.tier_points_delta,
      programId: e.program_id,
      source: e.source_ref,
      note: e.note,
      at: e.created_at.toISOString(),
    })),
  };
}

/** A guest becomes a member (join). */
export function joinProgram(trx: Tx, shopId: string, customerId: string, at: Date) {
  return repo.markMember(trx, shopId, customerId, at);
}

export function listActivitiesPage(
  conn: Db,
  shopId: string,
  customerId: string,
  page: number,
  pageSize: number,
) {
  return repo.listEntriesPage(conn, shopId, customerId, page, pageSize);
}

export { findCustomerByPlatformId } from "./customers.repository";

/** The customer's row, locked until the transaction ends (balance decisions that read, then write). */
export async function lockCustomer(trx: Tx, shopId: string, id: string): Promise<CustomerRow> {
  const c = await repo.findCustomerForUpdate(trx, shopId, id);
  if (!c) throw new Error(`customer ${id} vanished`);
  return c;
}

/**
 * C-26: records the shopper's e-mail marketing state (`subscribed`, `unsubscribed`, …) as of `at`,
 * unless a newer one is already held (deliveries arrive out of order). Answers the state before and
 * the customer after, or null for older news.
 */
export async function recordEmailMarketingState(
  trx: Tx,
  shopId: string,
  customerId: string,
  state: string,
  at: Date,
): Promise<{ before: string | null; customer: CustomerRow } | null> {
  const current = await lockCustomer(trx, shopId, customerId);
  const known = current.email_marketing_updated_at;
  if (known && at.getTime() < known.getTime()) return null;
  const customer = await repo.setEmailMarketingState(trx, shopId, customerId, state, at);
  return { before: current.email_marketing_state, customer };
}

/**
 * The platform's tags of a customer as Laurel keeps them: trimmed, empty ones and repeats dropped,
 * at most 250 of at most 255 characters each, kept as told.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t.length > 0))]
    .slice(0, 250)
    .map((t) => t.slice(0, 255));
}

/** Shopify's REST Customer gives its tags comma-separated. */
export function splitTags(tags: string): string[] {
  return normalizeTags(tags.split(","));
}

/**
 * J-21: the platform's tags of many customers in one statement (normalised as above); answers the
 * ids whose tags changed (an unchanged row is never rewritten).
 */
export function setCustomersTags(
  trx: Tx,
  shopId: string,
  tags: readonly { id: string; tags: readonly string[] }[],
): Promise<string[]> {
  return repo.setTagsMany(
    trx,
    shopId,
    tags.map((t) => ({ id: t.id, tags: normalizeTags(t.tags) })),
  );
}

/** Imports (J-10): guests named by an import's points become members. */
export function joinProgramMany(trx: Tx, shopId: string, ids: readonly string[], at: Date) {
  return repo.markMembers(trx, shopId, [...new Set(ids)], at);
}

/** Imports (J-09): birthdays set-based; answers the customers whose birthday changed. */
export function importBirthdays(
  trx: Tx,
  shopId: string,
  birthdays: readonly { id: string; month: number; day: number }[],
) {
  return repo.setBirthdays(trx, shopId, birthdays, "import");
}

/** C-27 syncs: members (subscribed ones, when asked) with no ledger entry of `activity`. */
export { countMembersWithoutActivity, listMembersWithoutActivity } from "./customers.repository";
