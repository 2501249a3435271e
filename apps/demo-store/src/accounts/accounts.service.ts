/**
 * Shopper accounts: the platform's customers. Sign-up announces the new customer to Laurel with a
 * signed customers/create, as Shopify does; nothing here writes Laurel's tables.
 */
import type { DemoShopper } from "@laurel/db";
import { newPlatformId, shopifyTime } from "../platform/ids";
import { customerPayload, type StoredCustomer } from "../platform/shopify-payloads";
import { type DeliveryResult, deliverWebhook, type WebhookTransport } from "../platform/webhook-sender";
import * as repo from "../store.repository";
import type { Logger, StoreDeps, StoreShop } from "../store-deps";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "./password";

export interface Shopper {
  customerId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}

const toShopper = (row: {
  customer_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
}): Shopper => ({
  customerId: row.customer_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  createdAt: row.created_at,
});

export async function findShopper(
  deps: StoreDeps,
  shop: StoreShop,
  customerId: string,
): Promise<Shopper | null> {
  const row = await repo.findShopper(deps.db, shop.shopId, customerId);
  return row ? toShopper(row) : null;
}

/** E-mail and password; an unknown e-mail costs the same time as a wrong password. */
export async function authenticateShopper(
  deps: StoreDeps,
  shop: StoreShop,
  email: string,
  password: string,
): Promise<Shopper | null> {
  const row = await repo.findShopperByEmail(deps.db, shop.shopId, email.trim());
  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  return row && ok ? toShopper(row) : null;
}

/** Creates a shopper account unless the id or e-mail exists; answers the account and whether it is new. */
async function createShopperAccount(
  deps: StoreDeps,
  shop: StoreShop,
  input: {
    customerId?: string;
    email: string;
    password: string;
    firstName: string | null;
    lastName: string | null;
  },
): Promise<{ shopper: Shopper; created: boolean } | { emailTaken: true }> {
  const now = deps.clock.now();
  const customerId = input.customerId ?? newPlatformId(now);
  const created = await repo.insertShopper(deps.db, {
    shopId: shop.shopId,
    customerId,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    createdAt: now,
  });
  // Not inserted: the id exists (seeding again: that account), or the e-mail belongs to someone else.
  const row =
    created || input.customerId ? await repo.findShopper(deps.db, shop.shopId, customerId) : undefined;
  return row ? { shopper: toShopper(row), created } : { emailTaken: true };
}

export function storedCustomerOf(s: Shopper): StoredCustomer {
  return {
    id: s.customerId,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    createdAt: shopifyTime(s.createdAt),
  };
}

/** The customers/create body for a shopper (Shopify's Customer serialization). */
function customerCreatePayload(s: Shopper) {
  return customerPayload(storedCustomerOf(s));
}

/** Sign-up: a new customer on the platform, announced to Laurel with a signed customers/create. */
export async function registerShopper(
  deps: StoreDeps,
  shop: StoreShop,
  input: { email: string; password: string; firstName: string | null; lastName: string | null },
  transport: WebhookTransport,
  log: Logger,
): Promise<{ shopper: Shopper; delivery: DeliveryResult } | { emailTaken: true }> {
  const existing = await repo.findShopperByEmail(deps.db, shop.shopId, input.email);
  if (existing) return { emailTaken: true };
  const result = await createShopperAccount(deps, shop, input);
  if ("emailTaken" in result) return result;
  const delivery = await deliverWebhook(deps, shop, transport, log, {
    topic: "customers/create",
    payload: customerCreatePayload(result.shopper),
    orderId: null,
    customerId: result.shopper.customerId,
  });
  return { shopper: result.shopper, delivery };
}

/**
 * The seeded shoppers' accounts (idempotent: an existing id is left alone). Laurel's side of them
 * (the members, their points) is seeded by Laurel's own seed, under the same platform ids.
 */
export async function seedStoreShoppers(
  deps: StoreDeps,
  shop: StoreShop,
  shoppers: readonly DemoShopper[],
): Promise<number> {
  let created = 0;
  for (const s of shoppers) {
    if (await findShopper(deps, shop, s.customerId)) continue;
    const result = await createShopperAccount(deps, shop, s);
    if ("shopper" in result && result.created) created += 1;
  }
  return created;
}
