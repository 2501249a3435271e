import { Badge, type BadgeProps } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/**
 * the status vocabulary shared by every screen, with one tone each. Labels are translated
 * (`status.<key>`).
 */
export const statusTones = {
  draft: undefined,
  active: "success",
  inactive: undefined,
  expired: "critical",
  scheduled: "info",
  connected: "success",
  disconnected: undefined,
  paused: "warning",
  installed: "success",
  member: "success",
  guest: undefined,
  left: "critical",
  pro: "info",
  advanced: "magic",
  earnPoint: "success",
  spendPoint: "info",
  minusPoint: "critical",
  pending: "attention",
  approved: "success",
  disapproved: "critical",
  referralComplete: "success",
  pendingOrFailed: "warning",
  deprecated: "warning",
  outdated: "warning",
  on: "success",
  off: undefined,
  syncing: "info",
  syncFailed: "critical",
  revoked: "critical",
  declined: "critical",
  loggedIn: "attention",
  available: "success",
  redeemed: "info",
} as const satisfies Record<string, BadgeProps["tone"]>;

export type Status = keyof typeof statusTones;

export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  const tone: BadgeProps["tone"] = statusTones[status];
  return <Badge tone={tone}>{t(`status.${status}`)}</Badge>;
}
