import {
  BlockStack,
  Card,
  Layout,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
} from "@shopify/polaris";

/** The loading state of one screen (A-15: every screen has a skeleton loader). */
export function ScreenSkeleton({
  title,
  withSecondaryCard = true,
}: {
  title?: string;
  withSecondaryCard?: boolean;
}) {
  return (
    <div data-testid="screen-skeleton" aria-busy="true">
      <SkeletonPage title={title} primaryAction>
        <Layout>
          <Layout.Section>
            <Card>
              <BlockStack gap="400">
                <SkeletonDisplayText size="small" />
                <SkeletonBodyText lines={4} />
              </BlockStack>
            </Card>
          </Layout.Section>
          {withSecondaryCard ? (
            <Layout.Section variant="oneThird">
              <Card>
                <SkeletonBodyText lines={3} />
              </Card>
            </Layout.Section>
          ) : null}
        </Layout>
      </SkeletonPage>
    </div>
  );
}

/** shown while the app starts (shop, blocked check, theme check, user set-up). */
export function AppStartSkeleton() {
  return (
    <div data-testid="app-skeleton" aria-busy="true" style={{ minHeight: "100vh" }}>
      <ScreenSkeleton />
    </div>
  );
}
