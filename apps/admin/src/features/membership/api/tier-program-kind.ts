import { createContext, useContext } from "react";

/**
 * Decision 0174: the tier screens serve two programs, VIP tiers and B2B partner tiers, over the
 * same API shape (`/apiSa/tiers/*` and `/apiSa/b2b/tiers/*`). A screen says which one it shows by
 * providing this context; the endpoints' hooks and the screens' links read it (VIP by default).
 */
export type TierProgramKind = "vip" | "b2b";

export const TierProgramKindContext = createContext<TierProgramKind>("vip");

export function useTierProgramKind(): TierProgramKind {
  return useContext(TierProgramKindContext);
}

/** The API path of a program's tiers, under `/apiSa`. */
export const tierApiBase = (kind: TierProgramKind) => (kind === "b2b" ? "/b2b/tiers" : "/tiers");

/** Where a program's screens live (before the app's path prefix). */
export function tierPaths(kind: TierProgramKind) {
  return kind === "b2b"
    ? {
        home: "/wholesale/vip",
        create: "/wholesale/privileges/create",
        editTier: (id: string) => `/wholesale/privileges/${id}?tab=tier`,
        rewards: (id: string) => `/wholesale/privileges/${id}`,
      }
    : {
        home: "/membership",
        create: "/programs/tier/create",
        editTier: (id: string) => `/programs/tier/${id}`,
        rewards: (id: string) => `/membership/tier-reward/${id}`,
      };
}
