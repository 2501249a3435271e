import type { ProgramSummary } from "@laurel/contracts";
import type { TFunction } from "i18next";
import { earnDatesSummary, isEarnDatesEditor } from "./earn-dates-form";
import { formatMoney } from "./money";

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * What a program gives, in words (C-05): "10 points for every $100.00 spent", "$5.00 off for 500
 * points". Money settings are minor units of the shop's currency. Null when the settings are not
 * readable (the list then shows the program's settings problem instead).
 */
export function pointsSummary(
  program: Pick<ProgramSummary, "event" | "config">,
  t: TFunction,
  currency: string,
  locale: string,
): string | null {
  const c = program.config;
  if (isEarnDatesEditor(program.event)) return earnDatesSummary(program.event, c, t);
  const points = num(c.earnPoint);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  switch (program.event) {
    case "place_order":
    case "place_order_subscription": {
      if (points === null) return null;
      const rateMoney = num(c.rateMoney);
      if (c.earnBy === "price" && rateMoney)
        return t("programs.summary.price", { points, money: money(rateMoney) });
      if (c.earnBy === "fixed_order" && rateMoney) {
        return t("programs.summary.fixedOrder", { points, money: money(rateMoney) });
      }
      if (c.earnBy === "item") return t("programs.summary.item", { points, count: num(c.rateItem) ?? 1 });
      if (c.earnBy === "order") return t("programs.summary.order", { points });
      return null;
    }
    case "sign_up":
      return points === null ? null : t("programs.summary.signUp", { points });
    case "sign_up_newsletter":
      return points === null ? null : t("programs.summary.newsletter", { points });
    default:
      return rewardSummary(program.event, c, t, money);
  }
}

function rewardSummary(
  event: string,
  c: Record<string, unknown>,
  t: TFunction,
  money: (minor: number) => string,
): string | null {
  const points = num(c.pointsCost);
  if (points === null) return null;
  const value = num(c.rewardValue);
  const dynamic = c.redeemType === "dynamic";
  switch (event) {
    case "amount_discount":
    case "pos_amount_discount":
      if (dynamic) return t("programs.summary.amountDynamic", { points, money: money(value ?? points) });
      return value === null ? null : t("programs.summary.amount", { points, money: money(value) });
    case "percentage_discount":
    case "pos_percentage_discount":
      return value === null ? null : t("programs.summary.percentage", { points, percent: value });
    case "free_shipping":
      return t("programs.summary.freeShipping", { points });
    case "free_gift":
      return t("programs.summary.freeGift", { points });
    case "buy_x_get_y": {
      const bxgy = (c.bxgy ?? {}) as Record<string, unknown>;
      const buy = num(bxgy.buyQuantity);
      const get = num(bxgy.getQuantity);
      return buy && get ? t("programs.summary.bxgy", { points, buy, get }) : null;
    }
    case "custom_voucher":
      return t("programs.summary.voucher", { points });
    default:
      return null;
  }
}
