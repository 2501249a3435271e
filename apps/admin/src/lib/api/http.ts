import type { Envelope, FieldError } from "@laurel/contracts";
import { i18n } from "../i18n/i18n";
import { ApiError } from "./errors";

/** Spec 000 §7: calls to the admin API time out after 60 s. */
export const API_TIMEOUT_MS = 60_000;

export interface HttpRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface HttpResult {
  status: number;
  envelope: Envelope<unknown> | null;
}

/**
 * One HTTP exchange with the Laurel server: JSON in, the `{ success, data | error }` envelope
 * out. Network failures and time-outs become an `ApiError`; a caller's abort stays an abort.
 */
export async function sendJson(req: HttpRequest): Promise<HttpResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs ?? API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  req.signal?.addEventListener("abort", onCallerAbort);

  const headers: Record<string, string> = { Accept: "application/json", ...req.headers };
  if (req.body !== undefined) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(req.url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: "same-origin",
      signal: controller.signal,
    });
  } catch (cause) {
    if (timedOut) {
      throw new ApiError({ status: 0, code: "timeout", message: i18n.t("errors.timeout") });
    }
    if (req.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: "network_error", message: i18n.t("errors.network") });
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener("abort", onCallerAbort);
  }

  const text = await response.text();
  let envelope: Envelope<unknown> | null = null;
  if (text !== "") {
    try {
      const parsed: unknown = JSON.parse(text);
      envelope = isEnvelope(parsed) ? parsed : null;
    } catch {
      envelope = null;
    }
  }
  return { status: response.status, envelope };
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { success?: unknown }).success === "boolean"
  );
}

/** The error a failed exchange stands for, with the server's own words when it gave them. */
export function toApiError(result: HttpResult): ApiError {
  const env = result.envelope;
  if (env && env.success === false) {
    return new ApiError({
      status: result.status,
      code: env.code,
      message: env.error,
      serverError: env.error,
      errors: normaliseFieldErrors(env.errors),
    });
  }
  return new ApiError({
    status: result.status,
    code: result.status >= 500 ? "internal_error" : "invalid_response",
    message: i18n.t("errors.unexpected"),
  });
}

function normaliseFieldErrors(errors: FieldError[] | undefined): FieldError[] {
  return Array.isArray(errors) ? errors.filter((e) => typeof e?.message === "string") : [];
}
