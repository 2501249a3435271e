import { randomBytes, randomUUID } from "node:crypto";

export type IdGenerator = (prefix: string) => string;

/** Prefixed, unguessable ids (`shop_…`, `usr_…`): readable in logs, safe in URLs. */
export const newId: IdGenerator = (prefix) => `${prefix}_${randomUUID().replaceAll("-", "")}`;

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
