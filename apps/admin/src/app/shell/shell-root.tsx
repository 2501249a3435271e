import type { GetShopsResponse } from "@laurel/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { AccessDenied } from "../../components/access-denied";
import { AppStartSkeleton } from "../../components/skeletons";
import { CustomCss, useCheckSupportAppBlock, useShopBookkeeping, useShops } from "../../features/shop";
import { isNotSignedIn, isShopBlocked } from "../../lib/api/errors";
import { useSessionState } from "../../lib/api/session-state";
import { prefixed, useAppPaths } from "../../lib/routing";
import { AppFrame } from "./app-frame";
import { ShellContext, type ShellData } from "./shell-context";
import { StartError } from "./start-error";
import { useUserSetUp } from "./use-user-set-up";

export const LOGIN_PATH = "/auth/login";
const SETUP_PATH = "/set-up";

/**
 * The element of `/` and `/embed`: the app start sequence and the gates in front of every
 * screen. `GET /shops` → blocked? Access Denied → `GET /shopify/checkSupportAppBlock` → set
 * up the user → reveal. No session → /auth/login. Setup not done → /set-up only.
 */
export function ShellRoot() {
  const { t } = useTranslation();
  const session = useSessionState();
  const shops = useShops();

  if (session.signedOut || isNotSignedIn(shops.error)) return <Navigate to={LOGIN_PATH} replace />;
  if (session.blocked || isShopBlocked(shops.error) || shops.data?.blocked) return <AccessDenied />;
  if (shops.data) return <StartedShell data={shops.data} />;
  if (shops.isError) {
    return (
      <StartError
        message={shops.error.message || t("errors.unexpected")}
        onRetry={() => void shops.refetch()}
      />
    );
  }
  return <AppStartSkeleton />;
}

function StartedShell({ data }: { data: GetShopsResponse }) {
  const appBlock = useCheckSupportAppBlock();
  const userReady = useUserSetUp(data);
  const isThemeOS2 = appBlock.data?.isThemeOS2 ?? null;
  const shell = useMemo<ShellData>(() => ({ ...data, isThemeOS2 }), [data, isThemeOS2]);

  if (appBlock.isPending || !userReady) return <AppStartSkeleton />;
  return (
    <ShellContext.Provider value={shell}>
      <ShopEffects data={data} />
      <SetupGate setupDone={data.shop.setupDone} />
    </ShellContext.Provider>
  );
}

/** A-21 custom CSS and A-29 bookkeeping, once the app is revealed. */
function ShopEffects({ data }: { data: GetShopsResponse }) {
  useShopBookkeeping(data.shop);
  return <CustomCss css={data.shop.customCSS} />;
}

/**
 * until setup is done, /set-up replaces the app frame (no navigation, no top bar) and every
 * other path leads to it. The screen keeps its place in the tree when the frame appears, so the
 * wizard can finish its own navigation.
 */
function SetupGate({ setupDone }: { setupDone: boolean }) {
  const { prefix, path } = useAppPaths();
  if (!setupDone && path !== SETUP_PATH) return <Navigate to={prefixed(prefix, SETUP_PATH)} replace />;
  return <AppFrame chrome={setupDone} />;
}
