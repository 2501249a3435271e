import type { FieldError } from "@laurel/contracts";
import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "./api/errors";
import { useToast } from "./host/host";

/** A-26 / spec 000 §5: a creation answer with this error raises no error toast. */
export const OVERLAP_ERROR = "The active period overlaps with that of another price rule";

/** What a create/delete/edit call came to, in the envelope's terms. */
export type Outcome =
  | { success: true; message?: string }
  | { success: false; error?: string; errors?: FieldError[] };

export interface ToastSpec {
  message: string;
  isError: boolean;
}

/** Turns a thrown error (an `ApiError` from the client, or anything else) into an outcome. */
export function outcomeOfError(error: unknown): Outcome {
  if (error instanceof ApiError) return { success: false, error: error.serverError, errors: error.errors };
  return { success: false };
}

/**
 * A-26, shared create/delete helper. Failure: the supplied message, else the translated 'error'
 * — except the overlap answer, which shows nothing. Success: the server's message, else 'success'.
 */
export function createOrDeleteToast(
  outcome: Outcome,
  t: TFunction,
  failureMessage?: string,
): ToastSpec | null {
  if (outcome.success) return { message: outcome.message || t("toast.success"), isError: false };
  if (outcome.error === OVERLAP_ERROR) return null;
  return { message: failureMessage || t("toast.error"), isError: true };
}

/**
 * A-27, shared edit helper. Failure: the server's `error`, else `errors[0].message`, else the
 * translated 'error'. Success: the server's message, else 'success'.
 */
export function editToast(outcome: Outcome, t: TFunction): ToastSpec {
  if (outcome.success) return { message: outcome.message || t("toast.success"), isError: false };
  return { message: outcome.error || outcome.errors?.[0]?.message || t("toast.error"), isError: true };
}

type Call<T> = () => Promise<{ data: T; message?: string }>;
export type CallResult<T> = { ok: true; data: T; message?: string } | { ok: false; error: unknown };

async function settle<T>(call: Call<T>): Promise<{ result: CallResult<T>; outcome: Outcome }> {
  try {
    const env = await call();
    return {
      result: { ok: true, data: env.data, message: env.message },
      outcome: { success: true, message: env.message },
    };
  } catch (error) {
    return { result: { ok: false, error }, outcome: outcomeOfError(error) };
  }
}

/**
 * `useCreateOrDeleteToast()` → `run(call, { failureMessage })`: runs a create/delete call, shows the
 * A-26 toast and resolves with the result (it never rejects).
 */
export function useCreateOrDeleteToast() {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    async <T>(call: Call<T>, options: { failureMessage?: string } = {}): Promise<CallResult<T>> => {
      const { result, outcome } = await settle(call);
      const spec = createOrDeleteToast(outcome, t, options.failureMessage);
      if (spec) toast(spec.message, { isError: spec.isError });
      return result;
    },
    [toast, t],
  );
}

/** `useEditToast()` → `run(call)`: runs an edit call, shows the A-27 toast, resolves with the result. */
export function useEditToast() {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    async <T>(call: Call<T>): Promise<CallResult<T>> => {
      const { result, outcome } = await settle(call);
      const spec = editToast(outcome, t);
      toast(spec.message, { isError: spec.isError });
      return result;
    },
    [toast, t],
  );
}
