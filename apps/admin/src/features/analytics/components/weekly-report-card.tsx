import type { WeeklyReportSettingsResponse } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineStack,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useWeeklyReport } from "../api/get-weekly-report";
import { usePutWeeklyReport } from "../api/put-weekly-report";

/** Addresses typed one per line or separated by commas. */
function addressesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * K-12, M-02: the weekly report — on or off, and who receives it (none = the shop's address). Sent
 * every Monday with last week's figures; loading, error and the server's field errors shown.
 */
export function WeeklyReportCard() {
  const { t } = useTranslation();
  const settings = useWeeklyReport();
  let body: React.ReactNode;
  if (settings.isPending) body = <SkeletonBodyText lines={3} />;
  else if (settings.isError)
    body = (
      <Banner
        tone="critical"
        title={t("analytics.weeklyReport.loadError")}
        action={{ content: t("analytics.tryAgain"), onAction: () => void settings.refetch() }}
      />
    );
  else body = <WeeklyReportForm key={settings.dataUpdatedAt} current={settings.data} />;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("analytics.weeklyReport.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("analytics.weeklyReport.description")}
        </Text>
        {body}
      </BlockStack>
    </Card>
  );
}

function WeeklyReportForm({ current }: { current: WeeklyReportSettingsResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = usePutWeeklyReport();
  const [enabled, setEnabled] = useState(current.enabled);
  const [recipients, setRecipients] = useState(current.recipients.join("\n"));
  const fieldError = isApiError(save.error)
    ? save.error.errors.find((e) => e.field.startsWith("recipients"))?.message
    : undefined;
  const dirty = enabled !== current.enabled || recipients !== current.recipients.join("\n");
  const onSave = () =>
    save.mutate(
      { enabled, recipients: addressesOf(recipients) },
      {
        onSuccess: () => toast(t("analytics.weeklyReport.saved")),
        onError: () => toast(t("analytics.weeklyReport.saveError"), { isError: true }),
      },
    );
  return (
    <BlockStack gap="300">
      <Checkbox label={t("analytics.weeklyReport.enabled")} checked={enabled} onChange={setEnabled} />
      <TextField
        label={t("analytics.weeklyReport.recipients")}
        value={recipients}
        onChange={setRecipients}
        multiline={3}
        autoComplete="email"
        disabled={!enabled}
        helpText={t("analytics.weeklyReport.recipientsHelp", { email: current.shopEmail })}
        {...(fieldError ? { error: fieldError } : {})}
      />
      {current.lastWeek ? (
        <Text as="p" tone="subdued">
          {t("analytics.weeklyReport.lastSent", { week: current.lastWeek })}
        </Text>
      ) : null}
      <InlineStack align="end">
        <Button variant="primary" onClick={onSave} loading={save.isPending} disabled={!dirty}>
          {t("analytics.weeklyReport.save")}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
