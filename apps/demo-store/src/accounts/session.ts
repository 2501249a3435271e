/**
 * The demo store's shopper session: a cookie holding the customer id and an expiry, signed with
 * HMAC-SHA256 (@fastify/cookie's signer) under a key derived from the server's session secret.
 * The cart is a second, unsigned cookie: it holds nothing a shopper could abuse (prices come from
 * the catalogue, codes are checked at every step).
 */
import { createHmac } from "node:crypto";
import { Signer } from "@fastify/cookie";

export const SESSION_COOKIE = "demo_shopper";
export const CART_COOKIE = "demo_cart";
export const SESSION_DAYS = 30;

interface ShopperSession {
  customerId: string;
  expiresAt: Date;
}

export function createSessionSigner(sessionSecret: string) {
  // A key of its own: a demo-store cookie can never be mistaken for anything else the secret signs.
  const key = createHmac("sha256", sessionSecret).update("laurel demo-store shopper session").digest();
  const signer = new Signer(key);
  return {
    sign(session: ShopperSession): string {
      return signer.sign(`${session.customerId}.${Math.floor(session.expiresAt.getTime() / 1000)}`);
    },
    /** The session in a cookie, or null when it is missing, forged or expired. */
    verify(cookie: string | undefined, now: Date): ShopperSession | null {
      if (!cookie || cookie.length > 200) return null;
      const result = signer.unsign(cookie);
      if (!result.valid || !result.value) return null;
      const match = /^(\d{1,19})\.(\d{1,12})$/.exec(result.value);
      if (!match) return null;
      const expiresAt = new Date(Number(match[2]) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return null;
      return { customerId: match[1] as string, expiresAt };
    },
  };
}
