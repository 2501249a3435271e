import { type FieldError, textProblem } from "@laurel/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors";
import { API_PREFIXES } from "./http";

/**
 * The boundary policy every request passes before any route sees it (decision 0030): JSON bodies,
 * query strings and path parameters may not carry a NUL character or a lone UTF-16 surrogate
 * (PostgreSQL refuses both, as text and in jsonb), a key named `__proto__`, a number JSON cannot
 * hold exactly (1e400 → Infinity) or nesting deeper than `MAX_JSON_DEPTH`. Field-level bounds
 * (lengths, ranges, dates) are the contracts' schemas' job.
 */

/** Longest path segment of an API URL (ids are at most 100 characters); longer answers 414. */
export const MAX_PARAM_LENGTH = 200;

/** Far deeper than any Laurel body (a program's settings are 4 levels); refuses pathological input. */
export const MAX_JSON_DEPTH = 32;

const fieldOf = (path: readonly (string | number)[], root: string) =>
  path.length === 0 ? root : path.map(String).join(".");

/**
 * The first unacceptable thing in a parsed JSON value (or a query/params object), naming its
 * field. Iterative, so a deeply nested body cannot overflow the stack before it is refused.
 */
export function findUnsafeInput(value: unknown, root: string): FieldError | null {
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    const field = fieldOf(path, root);
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return { field, message: `${field} ${problem}.` };
    } else if (typeof v === "number") {
      if (!Number.isFinite(v)) return { field, message: `${field} is not a number JSON can hold.` };
    } else if (v !== null && typeof v === "object") {
      if (path.length >= MAX_JSON_DEPTH) {
        return { field, message: `${field} is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` };
      }
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) stack.push({ value: v[i], path: [...path, i] });
        continue;
      }
      for (const key of Object.keys(v)) {
        const keyField = fieldOf([...path, key], root);
        if (key === "__proto__") {
          return { field: keyField, message: "Field name __proto__ is not allowed." };
        }
        const problem = textProblem(key);
        if (problem) return { field: keyField, message: `Field name ${problem}.` };
        stack.push({ value: (v as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

function refuse(error: FieldError): AppError {
  return new AppError("validation_failed", 400, error.message, [error]);
}

/** Parses a JSON body with the policy above; a syntax error stays `malformed_json`. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") throw new AppError("malformed_json", 400);
  let value: unknown;
  try {
    // Plain JSON.parse makes `__proto__` an own data property (never the prototype); the walk
    // below then refuses it by name instead of calling the body "not valid JSON".
    value = JSON.parse(text);
  } catch {
    throw new AppError("malformed_json", 400);
  }
  const problem = findUnsafeInput(value, "body");
  if (problem) throw refuse(problem);
  return value;
}

/** Every JSON body, query string and path parameter of the app goes through the policy. */
export function installInputGuard(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // The SPA's catch-all route would otherwise swallow an overlong id as an unknown page (404).
  app.addHook("onRequest", async (request) => {
    const url = request.url;
    if (url.length <= MAX_PARAM_LENGTH || !API_PREFIXES.some((p) => url.startsWith(p))) return;
    const path = url.split("?", 1)[0] ?? "";
    if (path.split("/").some((segment) => segment.length > MAX_PARAM_LENGTH)) {
      throw new AppError("uri_too_long", 414);
    }
  });
  // preValidation: after parsing, before any guard or handler reads the values.
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const problem =
      findUnsafeInput(request.params ?? {}, "path") ?? findUnsafeInput(request.query ?? {}, "query");
    if (problem) throw refuse(problem);
  });
}
