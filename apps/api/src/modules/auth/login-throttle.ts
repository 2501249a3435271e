/**
 * Per-account sign-in throttle (A-02 "rate-limited attempts"): 5 failures inside 15 minutes lock
 * the account for 15 minutes. Kept in the database so every api process sees the same count.
 */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_MS = 15 * 60_000;

export interface FailureState {
  count: number;
  windowStart: Date | null;
  lockedUntil: Date | null;
}

export function isLocked(state: FailureState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

export function recordFailure(state: FailureState, now: Date): FailureState {
  const windowOpen =
    state.windowStart !== null && now.getTime() - state.windowStart.getTime() < FAILED_LOGIN_WINDOW_MS;
  const count = windowOpen ? state.count + 1 : 1;
  const windowStart = windowOpen ? state.windowStart : now;
  return {
    count,
    windowStart,
    lockedUntil: count >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCKOUT_MS) : null,
  };
}

export const CLEARED: FailureState = { count: 0, windowStart: null, lockedUntil: null };
