import { Card, EmptyState, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "./illustrations";

interface AreaUnavailableProps {
  /** The page title, e.g. "Customers". */
  title: string;
  /** The area named in the message, e.g. "Customers"; defaults to the title. */
  area?: string;
  /** Replaces the whole "<area> is not available yet" heading. */
  heading?: string;
  backUrl?: string;
}

/**
 * The honest state of a screen whose area is not built yet: it names the area, says so, and
 * shows no data at all.
 */
export function AreaUnavailable({ title, area, heading, backUrl }: AreaUnavailableProps) {
  const { t } = useTranslation();
  return (
    <Page title={title} backAction={backUrl ? { content: t("common.back"), url: backUrl } : undefined}>
      <Card>
        <div data-testid="empty-state">
          <EmptyState
            heading={heading ?? t("unavailable.heading", { area: area ?? title })}
            image={emptyStateImage}
          >
            <p>{t("unavailable.body")}</p>
          </EmptyState>
        </div>
      </Card>
    </Page>
  );
}
