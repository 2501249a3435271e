import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { expiryReminderSettings } from "../modules/mail/mail.service";
import { remindOfExpiringPoints } from "../modules/point-expiry/point-expiry.service";
import { listShopsWithPointExpiry } from "../modules/shops/shops.service";
import * as refs from "./refs";

/**
 * L-05: every hour, each shop whose points expire e-mails the customers whose points expire in the
 * first or last reminder's number of days. Reminders are keyed, so every hour of the store's day
 * may run it and each customer gets each reminder once.
 */
export const remindExpiringPointsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.remindExpiringPoints,
  schedule: "17 * * * *",
  async handle(deps) {
    for (const shop of await listShopsWithPointExpiry(deps)) {
      const reminders = await expiryReminderSettings(deps, shop.id);
      if (reminders) await remindOfExpiringPoints(deps, shop.id, reminders);
    }
  },
};
