import { z } from "zod";
import { parseInput } from "../infra/errors";
import { removeDeletedCustomer } from "../modules/customers/customers.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

const payload = z.object({ id: z.union([z.string(), z.number()]).transform(String) });

export const customersDelete: WebhookHandler = async (deps, trx, ctx) => {
  const { id } = parseInput(payload, ctx.payload);
  await removeDeletedCustomer(trx, ctx.shop.id, id, deps.clock.now());
};
