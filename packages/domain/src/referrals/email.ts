/**
 * E-03 "similar e-mail": two addresses that reach the same inbox, or differ by a typo, count as
 * the same person. Pure string work; the server never stores the normalised form longer than the
 * referral it guards.
 */

/** Domains whose mailboxes ignore dots in the local part and everything after a `+` (gmail-like). */
const DOT_BLIND_DOMAINS: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/** Providers that deliver `local+tag@domain` to `local@domain` (dots still count there). */
const PLUS_TAG_DOMAINS = new Set([
  "gmail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "icloud.com",
  "me.com",
  "fastmail.com",
  "proton.me",
  "protonmail.com",
  "yahoo.com",
]);

/**
 * The mailbox an address reaches: lower case, trimmed; on gmail-like domains dots and `+tags` are
 * dropped and `googlemail.com` is `gmail.com`; on other known providers `+tags` are dropped.
 * Returns null for something that is not an address.
 */
export function normaliseEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return null;
  let local = trimmed.slice(0, at);
  const rawDomain = trimmed.slice(at + 1);
  const domain = DOT_BLIND_DOMAINS[rawDomain] ?? rawDomain;
  if (DOT_BLIND_DOMAINS[rawDomain] !== undefined || PLUS_TAG_DOMAINS.has(domain)) {
    const plus = local.indexOf("+");
    if (plus >= 0) local = local.slice(0, plus);
  }
  if (DOT_BLIND_DOMAINS[rawDomain] !== undefined) local = local.replaceAll(".", "");
  if (local.length === 0) return null;
  return `${local}@${domain}`;
}

/** Levenshtein distance, stopping early once it exceeds `max` (then returns max + 1). */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/** Local parts this short are too common to call a near match similar ("ann" vs "anna"). */
const MIN_LOCAL_FOR_FUZZY = 5;
/** At most this many single-character edits between the local parts, on the same domain. */
export const SIMILAR_EMAIL_MAX_DISTANCE = 2;

/**
 * Same mailbox once normalised, or the same domain with local parts at most
 * SIMILAR_EMAIL_MAX_DISTANCE edits apart (both long enough for that to mean something).
 */
export function emailsAreSimilar(a: string, b: string): boolean {
  const na = normaliseEmail(a);
  const nb = normaliseEmail(b);
  if (na === null || nb === null) return false;
  if (na === nb) return true;
  const [la = "", da = ""] = na.split("@");
  const [lb = "", db = ""] = nb.split("@");
  if (da !== db) return false;
  if (Math.min(la.length, lb.length) < MIN_LOCAL_FOR_FUZZY) return false;
  return editDistance(la, lb, SIMILAR_EMAIL_MAX_DISTANCE) <= SIMILAR_EMAIL_MAX_DISTANCE;
}
