import { TopBar } from "@shopify/polaris";
import { ExitIcon } from "@shopify/polaris-icons";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLogout } from "../../features/auth";
import { useLanguageMenuItems } from "../../features/language";
import { initialsOf, isSupportLogin, LoggedInBadge } from "../../features/shop";
import { useShell } from "./shell-context";

/**
 * Polaris top bar: the 'Logged in' badge while support is signed in as the shop, and the
 * user menu — shop name, the 8 admin languages, Log out (A-03, standalone sessions only:
 * inside the Shopify admin, signing out is Shopify's).
 */
export function AppTopBar({ onNavigationToggle }: { onNavigationToggle: () => void }) {
  const { t } = useTranslation();
  const data = useShell();
  const { shop, session } = data;
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const languageItems = useLanguageMenuItems();
  const { logout } = useLogout();

  // Polaris calls onToggle for the activator, a click outside, and after any item is chosen
  // (onActionAnyItem): items must not close the menu themselves, or that toggle reopens it.
  const actions = [{ items: languageItems }];
  if (session.mode === "standalone") {
    actions.push({
      items: [
        {
          id: "logout",
          content: t("topBar.logout"),
          icon: ExitIcon,
          onAction: () => void logout(),
        },
      ],
    });
  }

  return (
    <TopBar
      showNavigationToggle
      onNavigationToggle={onNavigationToggle}
      secondaryMenu={
        isSupportLogin(data) ? <LoggedInBadge shopName={shop.name} logo={shop.logoDefault} /> : undefined
      }
      userMenu={
        <TopBar.UserMenu
          name={shop.name}
          detail={session.userEmail ?? shop.shopifyDomain}
          initials={initialsOf(shop.name)}
          avatar={shop.logoDefault ?? undefined}
          accessibilityLabel={t("topBar.userMenu", { shop: shop.name })}
          actions={actions}
          open={open}
          onToggle={toggle}
        />
      }
    />
  );
}
