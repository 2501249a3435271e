import { Banner, Card, DataTable, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useTierRuns } from "../api/get-tier-runs";
import { useTierProgramKind } from "../api/tier-program-kind";

/** I-11: the launch-tier records — who launched, relaunched or deactivated, when, with what notes. */
export function TierRunHistory() {
  const { t, i18n } = useTranslation();
  const runs = useTierRuns();
  const b2b = useTierProgramKind() === "b2b";
  let content: React.ReactNode;
  if (runs.isPending) content = <SkeletonBodyText lines={3} />;
  else if (runs.isError)
    content = (
      <Banner
        tone="critical"
        title={t("membership.history.loadError")}
        action={{ content: t("membership.tryAgain"), onAction: () => void runs.refetch() }}
      />
    );
  else if (runs.data.length === 0)
    content = <Text as="p">{t(b2b ? "b2bTiers.historyEmpty" : "membership.history.empty")}</Text>;
  else
    content = (
      <div data-testid="tier-history">
        <DataTable
          columnContentTypes={["text", "text", "text", "text", "text"]}
          headings={[
            t("membership.history.when"),
            t("membership.history.action"),
            t("membership.history.by"),
            t("membership.history.notes"),
            t("membership.history.rewards"),
          ]}
          rows={runs.data.map((r) => [
            new Date(r.createdAt).toLocaleString(i18n.language),
            t(`membership.run.action.${r.action}`),
            r.actorEmail ?? "—",
            r.changeNotes ?? "—",
            r.action === "deactivated_tier"
              ? "—"
              : r.grantEntryRewards
                ? t("membership.history.yes")
                : t("membership.history.no"),
          ])}
        />
      </div>
    );
  return (
    <Card>
      <Text as="h2" variant="headingMd">
        {t("membership.history.title")}
      </Text>
      {content}
    </Card>
  );
}
