/**
 * a shop is blocked when it is flagged isBlockedStore, or when its owner e-mail's
 * domain equals a denied domain or is a subdomain of one (matched on the domain, not a substring).
 */
export function isOwnerEmailDenied(email: string, deniedDomains: readonly string[]): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  if (!domain) return false;
  return deniedDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export function isShopBlocked(
  shop: { is_blocked_store: boolean; email: string },
  deniedDomains: readonly string[],
): boolean {
  return shop.is_blocked_store || isOwnerEmailDenied(shop.email, deniedDomains);
}
