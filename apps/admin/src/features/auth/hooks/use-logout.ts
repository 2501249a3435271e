import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { tokenSource } from "../../../lib/auth/token-source";
import { useToast } from "../../../lib/host/host";
import { usePostLogout } from "../api/post-logout";

/**
 * sign out (`POST /auth/logout`), then go to /auth/login. A failure shows an error toast with
 * its message and keeps the merchant where they are.
 */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = usePostLogout();

  const logout = useCallback(async () => {
    try {
      await mutateAsync();
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : t("toast.error"), { isError: true });
      return;
    }
    tokenSource().invalidate();
    await navigate("/auth/login", { replace: true });
    queryClient.clear();
  }, [mutateAsync, navigate, queryClient, t, toast]);

  return { logout, loggingOut: isPending };
}
