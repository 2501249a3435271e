import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type ErrorCode, errorMessages, type Fail, type Ok } from "@laurel/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { PlatformError } from "../platform/port";
import { AppError, validationError } from "./errors";

/**
 * Every route declares who may call it (DESIGN §3). `app.ts` refuses to start when a route has
 * none, and a test lists every route to prove it.
 * - public: anyone (health, the SPA's files, sign-in)
 * - session: the standalone session cookie (token minting, logout)
 * - admin: an admin token (Shopify session token or Laurel token) scoped to one shop
 * - staff: an admin token of a Laurel staff account (internal zone, X-60)
 * - proxy: a Shopify app-proxy signature (storefront)
 * - webhook: a Shopify webhook HMAC
 * - apiKey: a merchant API key as `Authorization: Bearer` (`/api/v1/*`, decision 0170)
 * - extension: a checkout/customer-account UI extension's session token (`/extensions/*`, decision 0180)
 */
export type Guard = "public" | "session" | "admin" | "staff" | "proxy" | "webhook" | "apiKey" | "extension";

export interface AdminAuth {
  shopId: string;
  shopDomain: string;
  mode: "embedded" | "standalone";
  userId: string | null;
  userEmail: string | null;
  isStaff: boolean;
  impersonatedBy: string | null;
}

/** The storefront caller of a `proxy` route: the shop and, when signed in, the shopper. */
export interface ProxyAuth {
  shopId: string;
  shopDomain: string;
  /** `logged_in_customer_id`: the platform's customer id, or null for an anonymous visitor. */
  platformCustomerId: string | null;
}

declare module "fastify" {
  interface FastifyContextConfig {
    guard?: Guard;
  }
  interface FastifyRequest {
    admin?: AdminAuth;
    proxy?: ProxyAuth;
    /** A UI extension's caller: the same shape as the app proxy's, from the session token. */
    extension?: ProxyAuth;
    apiKey?: ApiKeyCaller;
  }
}

/** The caller of a merchant API route: the shop its key belongs to. */
export interface ApiKeyCaller {
  shopId: string;
  keyId: string;
}

export function requireApiKey(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new AppError("api_key_missing", 401);
  return request.apiKey;
}

export function requireProxy(request: FastifyRequest): ProxyAuth {
  if (!request.proxy) throw new AppError("proxy_unauthorized", 401);
  return request.proxy;
}

export function requireExtension(request: FastifyRequest): ProxyAuth {
  if (!request.extension) throw new AppError("token_invalid", 401);
  return request.extension;
}

export function ok<T>(data: T, message?: string): Ok<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export function requireAdmin(request: FastifyRequest): AdminAuth {
  if (!request.admin) throw new AppError("unauthenticated", 401);
  return request.admin;
}

function failBody(error: AppError): Fail {
  return {
    success: false,
    error: error.message,
    code: error.code,
    ...(error.errors && error.errors.length > 0 ? { errors: error.errors } : {}),
  };
}

/** Turns every failure into the envelope; a client mistake is never a 500 (DESIGN §5). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof PlatformError) return new AppError("platform_unavailable", 502);
  const e = error as FastifyError & { statusCode?: number };
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("malformed_json", 400);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", 413);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("unsupported_media_type", 415);
    case "FST_ERR_BAD_URL":
      return new AppError("bad_url", 400);
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new AppError("uri_too_long", 414);
  }
  if (e instanceof SyntaxError) return new AppError("malformed_json", 400);
  if (e.statusCode === 429) return new AppError("rate_limited", 429);
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError("validation_failed", e.statusCode, e.message);
  }
  return new AppError("internal_error", 500, errorMessages.internal_error);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, "request failed");
    void reply.status(appError.status).send(failBody(appError));
  });
}

/**
 * Fastify's own rejections before routing (broken percent-encoding, a path parameter beyond
 * `maxParamLength`) answered with the envelope instead of Fastify's default body.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) request.log.error({ err: error }, "request failed");
  void reply.status(appError.status).send(failBody(appError));
}

/** The head of a request Node's HTTP parser refused (431, 408, 400): no Fastify request exists yet. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "header_too_large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout"]
        : [400, "bad_request"];
  const body = JSON.stringify(failBody(new AppError(code, status)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function sendFail(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).send(failBody(error));
}

/** Paths that belong to the JSON API: unknown ones answer a JSON 404, never the SPA. */
export const API_PREFIXES = [
  "/apiSa/",
  "/api/",
  "/proxy/",
  "/webhooks",
  "/auth/",
  "/exports/",
  "/mail/",
  "/extensions/",
];
