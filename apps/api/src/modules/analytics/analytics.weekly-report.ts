import type { WeeklyReportSettings, WeeklyReportSettingsResponse } from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import {
  currencyMinorDigits,
  DEFAULT_CURRENCY,
  formatStoreDate,
  lastFullWeek,
  localDateOf,
  redemptionRate,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { type Actor, auditWrite } from "../audit/audit.service";
import { enqueueMerchantEmails } from "../mail/mail.service";
import { mailLanguageOf } from "../mail/mail.texts";
import * as repo from "./analytics.repository";
import { periodTotals, timeZoneOf } from "./analytics.service";

/**
 * K-12 (decision 0161): the weekly report. The merchant turns it on and names its recipients
 * (M-02); every Monday, store time, the last full week's key figures — the analytics pages' own
 * sums — are e-mailed through the notification log (`enqueueMerchantEmails`, L-11).
 */

export async function getWeeklyReportSettings(
  deps: Deps,
  shop: ShopRow,
): Promise<WeeklyReportSettingsResponse> {
  const row = await repo.findWeeklyReport(deps.db, shop.id);
  return {
    enabled: row?.weekly_enabled ?? false,
    recipients: row?.weekly_recipients ?? [],
    shopEmail: shop.email,
    lastWeek: row?.weekly_last_week ?? null,
  };
}

export async function saveWeeklyReportSettings(
  deps: Deps,
  shop: ShopRow,
  body: WeeklyReportSettings,
  actor: Actor,
): Promise<WeeklyReportSettingsResponse> {
  const recipients = [...new Set(body.recipients)];
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findWeeklyReport(trx, shop.id);
    await repo.saveWeeklyReport(trx, shop.id, { enabled: body.enabled, recipients });
    await auditWrite(trx, shop.id, actor, "analytics.weekly_report_updated", {
      before: before ? { enabled: before.weekly_enabled, recipients: before.weekly_recipients } : null,
      after: { enabled: body.enabled, recipients },
    });
  });
  return getWeeklyReportSettings(deps, shop);
}

/** The e-mail's values: the week's figures, written in the shop's e-mail language. */
async function reportValues(deps: Deps, shop: ShopRow, week: { from: string; to: string }) {
  const t = await periodTotals(deps, shop, week);
  const language = mailLanguageOf(shop.settings.translation?.primaryLanguage);
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;
  const digits = currencyMinorDigits(currency);
  const n = new Intl.NumberFormat(language);
  const money = (minor: number) =>
    new Intl.NumberFormat(language, { style: "currency", currency }).format(minor / 10 ** digits);
  // M-02: the week's days in the shop's date format (decision 0166).
  const day = (d: string) => formatStoreDate(d, shop.settings.general?.dateFormat ?? "month_day", language);
  const rate = redemptionRate(t.points.redeemed, t.points.earned);
  return {
    from: day(week.from),
    to: day(week.to),
    orders: n.format(t.orders.orders),
    memberOrders: n.format(t.orders.memberOrders),
    newMembers: n.format(t.orders.membersJoined),
    members: n.format(t.members),
    earned: n.format(t.points.earned),
    redeemed: n.format(t.points.redeemed),
    rate:
      rate === null
        ? "–"
        : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(rate),
    assisted: money(t.orders.assistedRevenue),
    referred: money(t.orders.referredRevenue),
    url: `${deps.config.appUrl.replace(/\/+$/, "")}/analytics?from=${week.from}&to=${week.to}`,
  };
}

/**
 * Sends one shop's weekly report for the last full week of its store calendar, once: the claim on
 * the week and the e-mails commit together, so a retried or concurrent run sends nothing twice.
 * Answers how many e-mails were queued (0 when off, already sent, or no recipient).
 */
export async function sendWeeklyReport(deps: Deps, shop: ShopRow): Promise<number> {
  const settings = await repo.findWeeklyReport(deps.db, shop.id);
  if (!settings?.weekly_enabled) return 0;
  const week = lastFullWeek(localDateOf(deps.clock.now(), timeZoneOf(shop)));
  if (settings.weekly_last_week !== null && settings.weekly_last_week >= week.from) return 0;
  const values = await reportValues(deps, shop, week);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.claimWeeklyReport(trx, shop.id, week.from))) return 0;
    const to = settings.weekly_recipients.length > 0 ? settings.weekly_recipients : [shop.email];
    return enqueueMerchantEmails(deps, trx, shop, [
      { event: "weekly_report", occasion: `week:${week.from}`, values, to },
    ]);
  });
}

/** The hourly job's pass: each shop with the report on gets last week's once its Monday has begun. */
export async function sendDueWeeklyReports(deps: Deps): Promise<{ sent: number }> {
  let sent = 0;
  for (const id of await repo.listShopsWithWeeklyReport(deps.db)) {
    const shop = await deps.db.selectFrom("shops").selectAll().where("id", "=", id).executeTakeFirst();
    if (shop) sent += await sendWeeklyReport(deps, shop);
  }
  return { sent };
}
