import { QueryClient } from "@tanstack/react-query";
import { ApiError, NotSignedInError } from "./api/errors";

/** Client mistakes (4xx) and a missing session do not get better by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof NotSignedInError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
