/**
 * A delivery time in the admin's language, to the second (the log is about seconds); `short`
 * dates keep the table's columns narrow, the detail has room for `medium`.
 */
export function formatDeliveryTime(
  iso: string | null,
  language: string,
  dateStyle: "short" | "medium" = "medium",
): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(language, { dateStyle, timeStyle: "medium" }).format(new Date(iso));
}

/** Known topics for the topic filter: the ones Laurel subscribes to (reference §2). */
export const WEBHOOK_TOPICS = [
  "orders/create",
  "orders/paid",
  "orders/fulfilled",
  "orders/cancelled",
  "refunds/create",
  "customers/create",
  "customers/update",
  "customers/delete",
  "customers/data_request",
  "customers/redact",
  "shop/redact",
  "app/uninstalled",
  "app_subscriptions/update",
] as const;
