import type { GetShopsResponse, Ok, PutShopBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { shopKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/shop`: merchant-editable shop flags (`setupDone`, `isDismissQuickSetup`, `customCSS`, …). */
export function putShop(body: PutShopBody): Promise<Ok<null>> {
  return api.put<null>("/shop", body);
}

/** Saves the flags and, once the server accepted them, shows them in the cached shop at once. */
export function usePutShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putShop,
    onSuccess: (_answer, body) => {
      queryClient.setQueryData<GetShopsResponse>(shopKeys.current(), (old) =>
        old ? { ...old, shop: { ...old.shop, ...body } } : old,
      );
    },
  });
}
