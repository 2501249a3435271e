import { z } from "zod";
import { parseInput } from "../infra/errors";
import { redactCustomer } from "../modules/customers/customers.service";
import { eraseNotificationRecipient } from "../modules/mail/mail.service";
import { eraseReferralPersonalData } from "../modules/referrals/referrals.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

const payload = z.object({ customer: z.object({ id: z.union([z.string(), z.number()]).transform(String) }) });

/**
 * customers/redact (mandatory compliance topic): the customer's personal data, and its copies in
 * referrals (friend e-mail, device, IP hash) and in the notification log (address, name).
 */
export const customersRedact: WebhookHandler = async (deps, trx, ctx) => {
  const { customer } = parseInput(payload, ctx.payload);
  const c = await redactCustomer(trx, ctx.shop.id, customer.id, deps.clock.now());
  if (!c) return;
  await eraseReferralPersonalData(trx, ctx.shop.id, c.id);
  await eraseNotificationRecipient(trx, ctx.shop.id, c.id);
};
