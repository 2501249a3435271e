import { randomBytes, randomInt } from "node:crypto";

let idSequence = 0;
/** A platform id as Shopify's look: a 19-digit integer beyond 2^53, unique in this process and unlikely to clash across. */
export function newPlatformId(now: Date): string {
  idSequence = (idSequence + 1) % 1000;
  return `${now.getTime()}${String(idSequence).padStart(3, "0")}${String(randomInt(1000)).padStart(3, "0")}`;
}

/** Shopify's timestamp style: seconds and a UTC offset. */
export const shopifyTime = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;

/** An unguessable URL-safe token (cart and order-status keys). */
export const randomToken = (bytes: number) => randomBytes(bytes).toString("base64url");
