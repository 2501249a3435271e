import { z } from "zod";
import { parseInput } from "../infra/errors";
import { redactCustomer } from "../modules/customers/customers.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

const payload = z.object({ customer: z.object({ id: z.union([z.string(), z.number()]).transform(String) }) });

/** customers/redact (mandatory compliance topic). */
export const customersRedact: WebhookHandler = async (deps, trx, ctx) => {
  const { customer } = parseInput(payload, ctx.payload);
  await redactCustomer(trx, ctx.shop.id, customer.id, deps.clock.now());
};
