import type { CustomerSummary } from "@laurel/contracts";

/** "First Last", else the e-mail, else the platform id. */
export function displayName(
  c: Pick<CustomerSummary, "firstName" | "lastName" | "email" | "platformCustomerId">,
) {
  const name = [c.firstName, c.lastName].filter(Boolean).join(" ").trim();
  return name || c.email || `#${c.platformCustomerId}`;
}

export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export function formatDate(iso: string | null, language: string): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
}

/** A date and time; in `timeZone` (the store's) when given, else the browser's. */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(new Date(iso));
    } catch {
      // An unknown zone name: the browser's.
    }
  }
  return new Intl.DateTimeFormat(language, options).format(new Date(iso));
}
