import type { GetShopsResponse, Ok, PostSettingsBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { shopKeys } from "../../../lib/query-keys";

/** `POST /apiSa/lp/settings`: saves the shop's admin language. */
export function postLpSettings(body: PostSettingsBody): Promise<Ok<null>> {
  return api.post<null>("/lp/settings", body);
}

export function usePostLpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLpSettings,
    onSuccess: (_answer, body) => {
      queryClient.setQueryData<GetShopsResponse>(shopKeys.current(), (old) =>
        old
          ? {
              ...old,
              shop: {
                ...old.shop,
                settings: { ...old.shop.settings, primaryLanguageInApp: body.primaryLanguageInApp },
              },
            }
          : old,
      );
    },
  });
}
