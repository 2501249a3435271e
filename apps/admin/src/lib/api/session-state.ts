import { useSyncExternalStore } from "react";

/**
 * What the API has told us about the whole session, whichever call learned it: the shop is
 * blocked (403 `shop_blocked`, A-11) or there is no signed-in user. The shell watches this
 * and shows Access Denied or goes to the sign-in page.
 */
export interface SessionState {
  blocked: boolean;
  signedOut: boolean;
}

let state: SessionState = { blocked: false, signedOut: false };
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  if (next.blocked === state.blocked && next.signedOut === state.signedOut) return;
  state = next;
  for (const listener of listeners) listener();
}

export const sessionState = {
  get: (): SessionState => state,
  markBlocked: (): void => set({ ...state, blocked: true }),
  markSignedOut: (): void => set({ ...state, signedOut: true }),
  /** After a successful sign-in or an impersonation switch. */
  reset: (): void => set({ blocked: false, signedOut: false }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionState.subscribe, sessionState.get, sessionState.get);
}
