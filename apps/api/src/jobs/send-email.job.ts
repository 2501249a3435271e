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
