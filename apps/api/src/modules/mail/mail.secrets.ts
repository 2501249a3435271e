import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest (decision 0110): the SMTP password and each sending domain's DKIM private key are
 * stored as AES-256-GCM ciphertext, `v1.<iv>.<tag>.<ciphertext>` in base64url. The key is derived
 * (HKDF-SHA256) from the session secret, which production takes from the environment
 * (SESSION_SECRET); the database alone does not reveal them. The tag makes tampering an error.
 */
function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "laurel", "mail-secrets-at-rest/v1", 32));
}

export function sealSecret(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function openSecret(secret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("unreadable stored secret");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
