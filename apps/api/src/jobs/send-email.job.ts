import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { sendNotification } from "../modules/mail/mail.service";
import * as refs from "./refs";

/** Sends one logged e-mail; idempotent (a sent e-mail is never sent again). */
export const sendEmailJob: JobDefinition<{ shopId: string; notificationId: string }, Deps> = {
  ...refs.sendEmail,
  async handle(deps, { shopId, notificationId }) {
    await sendNotification(deps, shopId, notificationId);
  },
};

/**
 * Sends a batch of logged e-mails, each on its own (one failure does not stop the others), then
 * fails the job if any failed so the queue retries it with back-off; a retry skips those sent.
 */
export const sendEmailsJob: JobDefinition<{ shopId: string; notificationIds: string[] }, Deps> = {
  ...refs.sendEmails,
  async handle(deps, { shopId, notificationIds }) {
    let firstError: unknown = null;
    for (const id of notificationIds) {
      try {
        await sendNotification(deps, shopId, id);
      } catch (error) {
        firstError ??= error;
      }
    }
    if (firstError !== null) throw firstError;
  },
};
