import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed links inside e-mails (decision 0075): the open pixel, click redirects and one-click
 * unsubscribe. Each signature covers its purpose, the shop, the notification and (for clicks) the
 * target, so a link cannot be turned into an open redirect or point at another shopper.
 */
export type LinkPurpose = "open" | "click" | "unsubscribe" | "sender";

export function signLink(
  secret: string,
  purpose: LinkPurpose,
  shopId: string,
  id: string,
  target = "",
): string {
  return createHmac("sha256", `mail-links:${secret}`)
    .update(`${purpose}\n${shopId}\n${id}\n${target}`)
    .digest("base64url");
}

export function verifyLink(
  secret: string,
  purpose: LinkPurpose,
  shopId: string,
  id: string,
  signature: string,
  target = "",
): boolean {
  const expected = Buffer.from(signLink(secret, purpose, shopId, id, target));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function mailLinks(appUrl: string, secret: string, shopId: string, id: string) {
  const base = appUrl.replace(/\/$/, "");
  const path = `${encodeURIComponent(shopId)}/${encodeURIComponent(id)}`;
  return {
    pixel: `${base}/mail/o/${path}/${signLink(secret, "open", shopId, id)}.gif`,
    click: (target: string) =>
      `${base}/mail/c/${path}?u=${encodeURIComponent(target)}&s=${signLink(secret, "click", shopId, id, target)}`,
    unsubscribe: `${base}/mail/u/${path}/${signLink(secret, "unsubscribe", shopId, id)}`,
  };
}
