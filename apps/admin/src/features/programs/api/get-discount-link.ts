import type { DiscountLink } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

/** `GET /apiSa/lp/discounts/:functionId/:id` (D-20): the reward behind a platform discount. */
async function getDiscountLink(functionId: string, id: string, signal?: AbortSignal): Promise<DiscountLink> {
  const path = `/lp/discounts/${encodeURIComponent(functionId)}/${encodeURIComponent(id)}`;
  return (await api.get<DiscountLink>(path, signal)).data;
}

export function useDiscountLink(functionId: string, id: string) {
  return useQuery(
    queryOptions({
      queryKey: programKeys.discount(functionId, id),
      queryFn: ({ signal }) => getDiscountLink(functionId, id, signal),
    }),
  );
}
