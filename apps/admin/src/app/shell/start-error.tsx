import { Banner, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** The app could not start (the shop could not be loaded for a reason other than a block or sign-out). */
export function StartError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="start-error">
      <Page narrowWidth title={t("start.errorTitle")}>
        <Banner tone="critical" action={{ content: t("start.retry"), onAction: onRetry }}>
          <p>{message}</p>
        </Banner>
      </Page>
    </div>
  );
}
