import { z } from "zod";
import { parseInput } from "../infra/errors";
import { recordDataRequest } from "../modules/compliance/compliance.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

const id = z.union([z.string(), z.number()]).transform(String);
const payload = z.object({
  customer: z.object({ id }),
  orders_requested: z.array(id).default([]),
  data_request: z.object({ id }),
});

/** customers/data_request (mandatory compliance topic): the export appears in the admin. */
export const customersDataRequest: WebhookHandler = async (deps, trx, ctx) => {
  const p = parseInput(payload, ctx.payload);
  await recordDataRequest(deps, trx, ctx.shop.id, {
    dataRequestId: p.data_request.id,
    platformCustomerId: p.customer.id,
    ordersRequested: p.orders_requested,
  });
};
