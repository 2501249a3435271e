import { type ErrorCode, errorMessages, type FieldError } from "@laurel/contracts";
import type { z } from "zod";

/**
 * A failure with a stable code, an HTTP status and the one user-facing message for that code.
 * Services throw it; the HTTP layer turns it into the failure envelope (DESIGN §5).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string = errorMessages[code],
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const notFound = () => new AppError("not_found", 404);

/** Maps a zod failure to field errors named by their path (`settings.primaryLanguageInApp`). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    // One error per unknown key, each named by its full path (`0.titel`), so the form can point at it.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: [...issue.path.map(String), key].join("."),
        message: `Unknown field: ${key}.`,
      }));
    }
    const field = issue.path.map(String).join(".") || "body";
    let message = issue.message;
    // zod's own wording ("Invalid input: expected …") is replaced; a schema's own message is kept.
    if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input")) {
      message =
        issue.input === undefined
          ? `${field} is required.`
          : `${field} must be ${article(String(issue.expected))}.`;
    } else if (issue.code === "invalid_union") {
      message = "The body does not match any accepted shape for this call.";
    }
    return [{ field, message }];
  });
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

export function validationError(error: z.ZodError): AppError {
  const errors = fieldErrors(error);
  return new AppError(
    "validation_failed",
    400,
    errors[0]?.message ?? errorMessages.validation_failed,
    errors,
  );
}

/** Parses input with a schema or throws a 400 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input, { reportInput: true });
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/**
 * Parses a body that must match one of several object shapes, choosing the shape by the keys the
 * body carries, so errors name the wrong field instead of "matches no shape".
 */
export function parseOneOf<S extends z.ZodObject>(shapes: readonly S[], input: unknown): z.infer<S> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new AppError("validation_failed", 400, "The body must be a JSON object.", [
      { field: "body", message: "The body must be a JSON object." },
    ]);
  }
  const keys = Object.keys(input);
  const shape = shapes.find((s) => keys.some((k) => k in s.shape));
  if (!shape) {
    const accepted = [...new Set(shapes.map((s) => Object.keys(s.shape)[0]))].join(", ");
    const message = `The body must contain one of: ${accepted}.`;
    throw new AppError("validation_failed", 400, message, [{ field: "body", message }]);
  }
  return parseInput(shape, input);
}
