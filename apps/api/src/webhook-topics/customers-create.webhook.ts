import { z } from "zod";
import { parseInput } from "../infra/errors";
import { ensureCustomer, setCustomerTags } from "../modules/customers/customers.service";
import { applyNewsletterConsent } from "../modules/earning/account-earning.service";
import { applyPlatformMarketingConsent } from "../modules/mail/mail.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

export const platformCustomerPayload = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  updated_at: z.string().nullish(),
  /** Comma-separated, as the REST Customer has them. */
  tags: z.string().nullish(),
  /** The REST Customer's e-mail marketing consent: `state` is subscribed, not_subscribed, unsubscribed, pending, … */
  email_marketing_consent: z
    .object({ state: z.string().nullish(), consent_updated_at: z.string().nullish() })
    .nullish(),
});

/** When the consent was given or withdrawn: its own time, else the customer's update time. */
function consentTime(c: z.infer<typeof platformCustomerPayload>): Date | null {
  const at = Date.parse(c.email_marketing_consent?.consent_updated_at ?? c.updated_at ?? "");
  return Number.isNaN(at) ? null : new Date(at);
}

/**
 * customers/create and customers/update: keep Laurel's copy of the shopper's contact details and
 * tags (referral eligibility), and their newsletter consent (C-26: subscribing earns the newsletter program's points;
 * decision 0130: unsubscribing there stops Laurel's e-mails, subscribing again resumes them).
 */
export const customersUpsert: WebhookHandler = async (deps, trx, { shop, payload }) => {
  const c = parseInput(platformCustomerPayload, payload);
  const customer = await ensureCustomer(deps, trx, shop.id, {
    platformCustomerId: c.id,
    email: c.email ?? null,
    firstName: c.first_name ?? null,
    lastName: c.last_name ?? null,
  });
  if (c.tags !== undefined && c.tags !== null) await setCustomerTags(trx, shop.id, customer.id, c.tags);
  const state = c.email_marketing_consent?.state;
  if (!state) return;
  const at = consentTime(c) ?? deps.clock.now();
  const known = customer.email_marketing_updated_at;
  await applyNewsletterConsent(deps, trx, shop, customer, { state, at });
  // Older news than the consent Laurel holds (out-of-order deliveries) changes nothing.
  if (known && at.getTime() < known.getTime()) return;
  await applyPlatformMarketingConsent(trx, shop.id, customer.id, {
    before: customer.email_marketing_state,
    state,
    at,
  });
};
