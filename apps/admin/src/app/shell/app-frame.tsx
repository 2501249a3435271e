import { Frame } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { Outlet } from "react-router";
import { LOGO_WIDTH, logoSource } from "../../components/illustrations";
import { AppNavigation } from "../../features/navigation";
import { ToastOutlet } from "../../lib/host/host";
import { useAppPaths } from "../../lib/routing";
import { AppTopBar } from "./app-top-bar";
import { useShell } from "./shell-context";

/**
 * The Polaris app frame: top bar, side navigation, toasts and the current screen. Without
 * `chrome` (the setup gate, A-06) it is the bare frame: toasts and the screen only.
 */
export function AppFrame({ chrome }: { chrome: boolean }) {
  const { shop, session, platform } = useShell();
  const { prefix, path, href } = useAppPaths();
  const [mobileNavigationOpen, setMobileNavigationOpen] = useState(false);
  const toggleNavigation = useCallback(() => setMobileNavigationOpen((open) => !open), []);
  const closeNavigation = useCallback(() => setMobileNavigationOpen(false), []);

  return (
    <Frame
      logo={{
        topBarSource: logoSource,
        contextualSaveBarSource: logoSource,
        width: LOGO_WIDTH,
        url: href("/"),
        accessibilityLabel: "Laurel",
      }}
      topBar={chrome ? <AppTopBar onNavigationToggle={toggleNavigation} /> : undefined}
      navigation={
        chrome ? (
          <AppNavigation
            shop={shop}
            isStaff={session.isStaff}
            platform={platform}
            prefix={prefix}
            path={path}
            onNavigate={closeNavigation}
          />
        ) : undefined
      }
      showMobileNavigation={mobileNavigationOpen}
      onNavigationDismiss={closeNavigation}
    >
      <ToastOutlet />
      <Outlet />
    </Frame>
  );
}
