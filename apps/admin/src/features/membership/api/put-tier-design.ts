import type { Ok, TierDesignBody, TierDesignView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { membershipKeys } from "./membership-keys";

/** `PUT /apiSa/tiers/design`: not locked while tiers are enabled (it moves no member). */
export function putTierDesign(body: TierDesignBody): Promise<Ok<TierDesignView>> {
  return api.put<TierDesignView>("/tiers/design", body);
}

export function usePutTierDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTierDesign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membershipKeys.tierDesign() }),
  });
}
