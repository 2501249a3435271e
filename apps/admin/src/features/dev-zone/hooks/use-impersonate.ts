import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { tokenSource } from "../../../lib/auth/token-source";
import { browser } from "../../../lib/browser";
import { useToast } from "../../../lib/host/host";
import { editToast, outcomeOfError } from "../../../lib/toast-helpers";
import { usePostImpersonate } from "../api/post-impersonate";

/**
 * Impersonate a shop, then reload the admin at `homeUrl`: the session cookie now belongs to the
 * impersonated shop, and a full load resets every cache, language and verdict at once.
 */
export function useImpersonate(homeUrl: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const { mutateAsync, isPending, variables } = usePostImpersonate();
  const impersonate = useCallback(
    async (shopId: string) => {
      try {
        await mutateAsync(shopId);
      } catch (error) {
        toast(editToast(outcomeOfError(error), t).message, { isError: true });
        return;
      }
      tokenSource().invalidate();
      browser.assign(homeUrl);
    },
    [homeUrl, mutateAsync, t, toast],
  );
  return { impersonate, pendingShopId: isPending ? variables : undefined };
}
