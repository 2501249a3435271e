import type { Ok, ShippedTranslations, TranslationSettings } from "@laurel/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** The storefront languages and texts (M-09, M-10): one resource, one key. */
export const translationKeys = {
  all: ["translation"] as const,
  shipped: ["translation", "shipped"] as const,
};

/** `GET /apiSa/translation`. */
export async function getTranslation(signal?: AbortSignal): Promise<TranslationSettings> {
  return (await api.get<TranslationSettings>("/translation", signal)).data;
}

export function useTranslationSettings() {
  return useQuery(
    queryOptions({ queryKey: translationKeys.all, queryFn: ({ signal }) => getTranslation(signal) }),
  );
}

/** `POST /apiSa/translation` with the whole object. */
export function postTranslation(body: TranslationSettings): Promise<Ok<TranslationSettings>> {
  return api.post<TranslationSettings>("/translation", body);
}

export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTranslation,
    onSuccess: (result) => {
      queryClient.setQueryData(translationKeys.all, result.data);
      // A language added or removed changes which shipped texts apply.
      void queryClient.invalidateQueries({ queryKey: translationKeys.shipped });
    },
  });
}

/**
 * `GET /apiSa/translation/shipped` (decision 0179): Laurel's own text of each key in the shop's
 * languages; the editor's placeholders and the completeness count them. Empty until it answers.
 */
export function useShippedTranslations(): Record<string, Record<string, string>> {
  const query = useQuery(
    queryOptions({
      queryKey: translationKeys.shipped,
      queryFn: async ({ signal }) =>
        (await api.get<ShippedTranslations>("/translation/shipped", signal)).data,
    }),
  );
  return query.data?.texts ?? {};
}
