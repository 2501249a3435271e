import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { type AdminLanguageCode, applyLanguage } from "../../../lib/i18n/i18n";
import { editToast, outcomeOfError } from "../../../lib/toast-helpers";
import { usePostLpSettings } from "../api/post-lp-settings";

/**
 * A-19 language switch: applied at once (strings, Polaris, `<html lang>`), remembered in
 * localStorage and — when there is a shop (`saveToShop`) — saved with `POST /lp/settings`.
 * A failed save shows an error toast; the language stays applied for this visit.
 */
export function useChangeLanguage({ saveToShop }: { saveToShop: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { mutateAsync } = usePostLpSettings();

  return useCallback(
    async (code: AdminLanguageCode) => {
      await applyLanguage(code);
      if (!saveToShop) return;
      try {
        await mutateAsync({ primaryLanguageInApp: code });
      } catch (error) {
        toast(editToast(outcomeOfError(error), t).message, { isError: true });
      }
    },
    [mutateAsync, saveToShop, t, toast],
  );
}
