import { Card, EmptyState, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useChatSupport } from "../lib/chat-support";
import { notFoundImage } from "./illustrations";

/**
 * unknown paths and render crashes. Titled 'Not Found', reads 'The page you're looking for
 * couldn't be found'; 'Contact us' opens the support chat prefilled 'Please help me fix 404 page'.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const chat = useChatSupport();
  return (
    <div data-testid="not-found">
      <Page title={t("notFound.title")}>
        <Card>
          <EmptyState
            heading={t("notFound.heading")}
            image={notFoundImage}
            action={{
              content: t("notFound.contactUs"),
              onAction: () => chat.open(t("notFound.chatPrefill")),
            }}
          />
        </Card>
      </Page>
    </div>
  );
}
