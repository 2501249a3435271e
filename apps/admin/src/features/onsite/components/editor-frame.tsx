import {
  Banner,
  BlockStack,
  Box,
  type BoxProps,
  Card,
  Layout,
  Page,
  type PageProps,
  Text,
} from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import type { SaveBarState } from "../../../components/save-bar/use-save-bar";
import { ScreenSkeleton } from "../../../components/skeletons";

/*
 * The frame every onsite editor (N-02's branding pages, the designer, the loyalty page, FAQs, the
 * calculator) shares, so they load, fail, save and preview alike: only their fields differ.
 */

interface EditorQuery<T> {
  isPending: boolean;
  isError: boolean;
  data?: T | undefined;
  refetch: () => unknown;
}

/** The skeleton while the settings load, the load error with a retry, then the form. */
export function EditorGate<T>({
  title,
  backUrl,
  query,
  loadError,
  children,
}: {
  title: string;
  backUrl: string;
  query: EditorQuery<T>;
  /** The load error's i18n key. */
  loadError: string;
  children: (saved: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ScreenSkeleton title={title} />;
  if (query.isError || query.data === undefined) {
    return (
      <Page title={title} backAction={{ content: t("onsite.title"), url: backUrl }}>
        <Banner
          tone="critical"
          title={t(loadError)}
          action={{ content: t("onsite.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Page>
    );
  }
  return children(query.data);
}

/** The editor's page: back to the onsite overview, its save bar and leave-page guard, its layout. */
export function EditorPage({
  title,
  subtitle,
  backUrl,
  saveBar,
  secondaryActions,
  children,
}: {
  title: string;
  subtitle: string;
  backUrl: string;
  saveBar: SaveBarState;
  secondaryActions?: PageProps["secondaryActions"];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page
      title={title}
      subtitle={subtitle}
      backAction={{ content: t("onsite.title"), url: backUrl }}
      {...(secondaryActions ? { secondaryActions } : {})}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>{children}</Layout>
    </Page>
  );
}

/** The live preview's card: a heading, the preview on a tinted surface, then an optional note. */
export function PreviewCard({
  padding = "400",
  footer,
  children,
}: {
  padding?: BoxProps["padding"];
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("onsite.popups.preview")}
        </Text>
        <Box background="bg-surface-secondary" padding={padding} borderRadius="200">
          {children}
        </Box>
        {footer}
      </BlockStack>
    </Card>
  );
}
