import { AppProvider } from "@shopify/polaris";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Outlet } from "react-router";
import { PolarisLink } from "../components/polaris-link";
import { ChatSupportProvider } from "../lib/chat-support";
import { HostProvider } from "../lib/host/host";
import { i18n, usePolarisTranslations } from "../lib/i18n/i18n";

/** Providers that do not need the router: data cache and translations. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

/**
 * Providers that need the router (Polaris links go through React Router): Polaris in the current
 * language, the host adapter (toasts; App Bridge when embedded) and the support chat.
 * It is the root route's element, so every page — sign-in included — has them.
 */
export function RootProviders({ children }: { children?: ReactNode }) {
  const polarisStrings = usePolarisTranslations();
  return (
    <AppProvider i18n={polarisStrings} linkComponent={PolarisLink}>
      <HostProvider>
        <ChatSupportProvider>{children ?? <Outlet />}</ChatSupportProvider>
      </HostProvider>
    </AppProvider>
  );
}
