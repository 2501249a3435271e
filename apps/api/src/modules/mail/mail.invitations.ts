import { type ProxyReferralInviteResult, REFERRAL_INVITES_PER_DAY } from "@laurel/contracts";
import { notificationKey } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import * as jobs from "../../jobs/refs";
import { findCustomerByPlatformId, lockCustomer } from "../customers/customers.service";
import { getShopperReferral } from "../referrals/referrals.service";
import { getShopOrThrow } from "../shops/shops.service";
import * as repo from "./mail.repository";
import { mailLanguageOf } from "./mail.texts";

/**
 * `POST /proxy/referral/invite` (decision 0131): the signed-in shopper e-mails a friend their
 * referral link and code. The e-mail is the `referral_invitation` template, queued in the log like
 * any other (outbox, sent once by the send job through the shop's route). The friend is not a
 * customer: the log row names no customer, so the e-mail carries no unsubscribe link and the button
 * leads to the referral link. Each friend once per referrer, at most REFERRAL_INVITES_PER_DAY in any
 * 24 hours, counted under the referrer's row lock so parallel requests cannot exceed it.
 */
export async function inviteFriend(
  deps: Deps,
  auth: ProxyAuth,
  body: { email: string },
  ip: string,
): Promise<ProxyReferralInviteResult> {
  const shop = await getShopOrThrow(deps, auth.shopId);
  const referral = await getShopperReferral(deps, auth, { deviceId: null, ip });
  const referrer = auth.platformCustomerId
    ? await findCustomerByPlatformId(deps.db, shop.id, auth.platformCustomerId)
    : undefined;
  const template = await repo.findTemplate(deps.db, shop.id, "referral_invitation");
  if (!referrer || !referral.code || !referral.link || template?.enabled === false) {
    throw new AppError("referral_invite_unavailable", 403);
  }
  const friend = body.email.trim().toLowerCase();
  if (referrer.email?.toLowerCase() === friend) {
    throw new AppError("referral_invite_self", 400, undefined, [
      { field: "email", message: "You cannot invite yourself" },
    ]);
  }
  const { code, link } = referral;
  return deps.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, shop.id, referrer.id);
    const prefix = notificationKey("referral_invitation", referrer.id, "");
    const sent = await repo.countKeyedInLastDay(trx, shop.id, prefix);
    if (sent >= REFERRAL_INVITES_PER_DAY) throw new AppError("referral_invite_limit", 429);
    const ids = await repo.insertNotifications(trx, shop.id, [
      {
        id: deps.newId("ntf"),
        event: "referral_invitation",
        customerId: null,
        recipient: friend,
        language: mailLanguageOf(shop.settings.translation?.primaryLanguage),
        key: notificationKey("referral_invitation", referrer.id, friend),
        data: { code, url: link, referrer: referrer.id },
      },
    ]);
    const id = ids[0];
    if (!id) {
      throw new AppError("referral_invite_repeat", 409, undefined, [
        { field: "email", message: "You have already invited this friend" },
      ]);
    }
    await deps.queue.sendInTransaction(trx, jobs.sendEmail, { shopId: shop.id, notificationId: id });
    return { invited: friend, remainingToday: REFERRAL_INVITES_PER_DAY - sent - 1 };
  });
}
