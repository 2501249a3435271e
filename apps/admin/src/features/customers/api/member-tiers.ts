import type { MemberTierBody, MemberTiers, MemberTierView } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

/**
 * `GET /apiSa/tiers/members/:id` (I-17, I-18, decision 0177): the customer's tier in each program
 * they stand in (VIP; B2B partner tiers for a company member while the shop meets the requirements).
 */
export async function getMemberTiers(id: string, signal?: AbortSignal): Promise<MemberTiers> {
  return (await api.get<MemberTiers>(`/tiers/members/${encodeURIComponent(id)}`, signal)).data;
}

export function useMemberTiers(id: string) {
  return useQuery({
    queryKey: customerKeys.tiers(id),
    queryFn: ({ signal }) => getMemberTiers(id, signal),
  });
}

/**
 * `PUT /apiSa/tiers/members/:id` or `PUT /apiSa/b2b/tiers/members/:id`: assign or unassign an
 * exclusive tier (I-17, VIP only), or change the tier directly (I-18).
 */
export function putMemberTier(id: string, program: "vip" | "b2b", body: MemberTierBody) {
  const base = program === "b2b" ? "/b2b/tiers/members" : "/tiers/members";
  return api.put<MemberTierView>(`${base}/${encodeURIComponent(id)}`, body);
}
