import type { GetShopsResponse, Ok, PutShopBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { shopKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/shop`: merchant-editable shop flags (`setupDone`, `isDismissQuickSetup`, `customCSS`, …). */
export function putShop(body: PutShopBody): Promise<Ok<null>> {
  return api.put<null>("/shop", body);
}

/**
 * Saves the flags, showing them in the cached shop at once (optimistic: a dismissed card goes
 * and stays gone, nothing flashes back while the call runs); a refused save puts back the shop as
 * it was.
 */
export function usePutShop() {
  const queryClient = useQueryClient();
  const key = shopKeys.current();
  return useMutation({
    mutationFn: putShop,
    onMutate: async (body) => {
      // A refetch already on its way would land after this update with the old flags.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<GetShopsResponse>(key);
      if (before)
        queryClient.setQueryData<GetShopsResponse>(key, { ...before, shop: { ...before.shop, ...body } });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });
}
