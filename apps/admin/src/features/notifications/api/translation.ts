import type { Ok, TranslationSettings } from "@laurel/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { notificationKeys } from "./keys";

const translationKey = ["translation"] as const;

/** `GET /apiSa/translation` (M-10): storefront languages and the shop's texts. */
export async function getTranslation(signal?: AbortSignal): Promise<TranslationSettings> {
  return (await api.get<TranslationSettings>("/translation", signal)).data;
}

export function useTranslationSettings() {
  return useQuery(
    queryOptions({ queryKey: translationKey, queryFn: ({ signal }) => getTranslation(signal) }),
  );
}

/** `POST /apiSa/translation` with the whole object. */
export function postTranslation(body: TranslationSettings): Promise<Ok<TranslationSettings>> {
  return api.post<TranslationSettings>("/translation", body);
}

export function usePostTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTranslation,
    onSuccess: (result) => queryClient.setQueryData(translationKey, result.data),
    // E-mail subjects and previews are written in the primary language.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
