import type { FastifyRequest } from "fastify";

/**
 * Query parameters whose values are credentials: the app proxy's `signature`, the embedded
 * admin's `hmac`, `id_token` and `session` (Shopify adds them to the app URL). A logged signed URL
 * could be replayed within its window, so the info log keeps the parameter and hides its value.
 */
const SECRET_PARAMS = new Set(["signature", "hmac", "id_token", "session", "token"]);

export const REDACTED = "[redacted]";

/** The URL with every secret parameter's value replaced; the rest of the query is kept as sent. */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      } catch {
        // An undecodable key cannot be one of ours; keep it as sent.
      }
      return SECRET_PARAMS.has(key) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's default `req` log serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
