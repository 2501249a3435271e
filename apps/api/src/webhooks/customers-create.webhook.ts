import { z } from "zod";
import { parseInput } from "../infra/errors";
import { ensureCustomer } from "../modules/customers/customers.service";
import type { WebhookHandler } from "../modules/webhooks/webhooks.service";

export const platformCustomerPayload = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
});

/** customers/create and customers/update: keep Laurel's copy of the shopper's contact details. */
export const customersUpsert: WebhookHandler = async (deps, trx, { shop, payload }) => {
  const c = parseInput(platformCustomerPayload, payload);
  await ensureCustomer(deps, trx, shop.id, {
    platformCustomerId: c.id,
    email: c.email ?? null,
    firstName: c.first_name ?? null,
    lastName: c.last_name ?? null,
  });
};
