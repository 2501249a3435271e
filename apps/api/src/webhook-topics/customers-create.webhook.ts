import { z } from "zod";
import { parseInput } from "../infra/errors";
import { splitTags } from "../modules/customers/customers.service";
import { applyPlatformCustomers } from "../modules/customers/customers.sync";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";
import type { PlatformCustomerDetails } from "../platform/port";

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

const dateOf = (s: string | null | undefined) => {
  const at = Date.parse(s ?? "");
  return Number.isNaN(at) ? null : new Date(at);
};

/**
 * The REST Customer of a customers/create or customers/update webhook in the port's customer shape
 * (J-21), so webhooks and syncs go through one mapping. Consent time: its own, else the customer's
 * update time. Tags absent from the payload are unknown (kept), not empty.
 */
function platformCustomerOf(c: z.infer<typeof platformCustomerPayload>): PlatformCustomerDetails {
  const state = c.email_marketing_consent?.state;
  return {
    id: c.id,
    email: c.email ?? null,
    firstName: c.first_name ?? null,
    lastName: c.last_name ?? null,
    tags: c.tags === undefined || c.tags === null ? null : splitTags(c.tags),
    emailMarketing: state
      ? {
          state: state.toLowerCase(),
          at: dateOf(c.email_marketing_consent?.consent_updated_at) ?? dateOf(c.updated_at),
        }
      : null,
    updatedAt: dateOf(c.updated_at),
  };
}

/**
 * customers/create and customers/update: keep Laurel's copy of the shopper's contact details and
 * tags (referral eligibility), and their newsletter consent (C-26: subscribing earns the newsletter program's points;
 * decision 0130: unsubscribing there stops Laurel's e-mails, subscribing again resumes them).
 */
export const customersUpsert: WebhookHandler = async (deps, trx, { shop, payload }) => {
  const c = parseInput(platformCustomerPayload, payload);
  await applyPlatformCustomers(deps, trx, shop, [platformCustomerOf(c)]);
};
