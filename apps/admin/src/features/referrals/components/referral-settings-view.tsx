import type { ReferralSettingsResponse } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Page,
  Select,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ScreenSkeleton } from "../../../components/skeletons";
import { isApiError } from "../../../lib/api/errors";
import { useAppPaths } from "../../../lib/routing";
import { useEditToast } from "../../../lib/toast-helpers";
import { useReferralSettings } from "../api/get-referral-settings";
import { useSaveReferralSettings } from "../api/put-referral-settings";
import {
  type DraftErrors,
  draftOf,
  type ReferralDraft,
  type ReferralTab,
  settingsOf,
  tabOfPath,
  validateDraft,
} from "../utils/form";
import { ReferralListCard } from "./referral-list-card";
import { ReferralUsageBanner } from "./referral-usage-banner";
import { RewardEditor } from "./reward-editor";

const TABS: { id: ReferralTab; path: string }[] = [
  { id: "settings", path: "/programs/referral" },
  { id: "friendReward", path: "/programs/referral/friendReward" },
  { id: "customerReward", path: "/programs/referral/customerReward" },
];

/** `/programs/referral` and its reward pages (E-01, E-02, E-04): one form, three tabs. */
export function ReferralSettingsView() {
  const { t } = useTranslation();
  const query = useReferralSettings();
  if (query.isPending) return <ScreenSkeleton title={t("referrals.title")} />;
  if (query.isError) {
    return (
      <Page title={t("referrals.title")}>
        <Banner
          tone="critical"
          title={t("referrals.loadError")}
          action={{ content: t("referrals.tryAgain"), onAction: () => void query.refetch() }}
        >
          <p>{query.error.message}</p>
        </Banner>
      </Page>
    );
  }
  return <ReferralSettingsForm data={query.data} />;
}

function ReferralSettingsForm({ data }: { data: ReferralSettingsResponse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { path, href } = useAppPaths();
  const tab = tabOfPath(path);
  const saved = useMemo(() => draftOf(data.settings), [data.settings]);
  const [draft, setDraft] = useState<ReferralDraft>(saved);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const mutation = useSaveReferralSettings();
  const withToast = useEditToast();

  const bar = useSaveBar({
    validate: () => {
      const found = validateDraft(draft);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    onSave: async () => {
      setServerErrors({});
      const result = await withToast(() => mutation.mutateAsync(settingsOf(draft)));
      if (!result.ok) {
        if (isApiError(result.error)) {
          const byField: Record<string, string> = {};
          for (const e of result.error.errors) byField[e.field.split(".")[0] ?? e.field] = e.message;
          setServerErrors(byField);
        }
        throw result.error;
      }
      setDraft(draftOf(result.data.settings));
    },
    onDiscard: () => {
      setDraft(saved);
      setErrors({});
      setServerErrors({});
    },
  });

  const change = (patch: Partial<ReferralDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    bar.setSaveChanged(true);
  };
  const errorOf = (field: string) => (errors[field] ? t(errors[field] as string) : serverErrors[field]);
  const selected = TABS.findIndex((x) => x.id === tab);

  return (
    <Page
      title={t("referrals.title")}
      subtitle={t("referrals.subtitle")}
      backAction={{ content: t("referrals.backToPrograms"), url: href("/programs") }}
      secondaryActions={[
        { content: t("referrals.whitelist.title"), url: href("/customers/whitelist/referral") },
        { content: t("referrals.design.title"), url: href("/storefront/branding/referral") },
      ]}
    >
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <ReferralUsageBanner usage={data.usage} />
            <Tabs
              tabs={TABS.map((x) => ({ id: x.id, content: t(`referrals.tabs.${x.id}`) }))}
              selected={Math.max(selected, 0)}
              onSelect={(i) =>
                navigate(href(TABS[i]?.path ?? "/programs/referral"), { state: { keepSaveBar: true } })
              }
            />
            {tab === "settings" ? <SettingsCards draft={draft} change={change} errorOf={errorOf} /> : null}
            {tab === "settings" ? <ReferralListCard /> : null}
            {tab === "friendReward" ? (
              <Card>
                <RewardEditor
                  heading={t("referrals.reward.friendTitle")}
                  help={t("referrals.reward.friendHelp")}
                  reward={draft.friendReward}
                  error={
                    errors.friendReward ??
                    (serverErrors.friendReward ? "referrals.errors.rewardPositive" : undefined)
                  }
                  onChange={(friendReward) => change({ friendReward })}
                />
              </Card>
            ) : null}
            {tab === "customerReward" ? (
              <Card>
                <RewardEditor
                  heading={t("referrals.reward.referrerTitle")}
                  help={t("referrals.reward.referrerHelp")}
                  reward={draft.referrerReward}
                  error={
                    errors.referrerReward ??
                    (serverErrors.referrerReward ? "referrals.errors.rewardPositive" : undefined)
                  }
                  onChange={(referrerReward) => change({ referrerReward })}
                />
              </Card>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

function SettingsCards({
  draft,
  change,
  errorOf,
}: {
  draft: ReferralDraft;
  change: (patch: Partial<ReferralDraft>) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const cheat = (key: keyof ReferralDraft["antiCheat"]) => (
    <Checkbox
      key={key}
      label={t(`referrals.antiCheat.${key}`)}
      checked={draft.antiCheat[key]}
      onChange={(on) => change({ antiCheat: { ...draft.antiCheat, [key]: on } })}
    />
  );
  return (
    <BlockStack gap="400">
      <Card>
        <FormLayout>
          <Checkbox
            label={t("referrals.fields.enabled")}
            checked={draft.enabled}
            onChange={(enabled) => change({ enabled })}
          />
          <TextField
            label={t("referrals.fields.title")}
            autoComplete="off"
            value={draft.title}
            maxLength={255}
            error={errorOf("title")}
            onChange={(title) => change({ title })}
          />
          <TextField
            label={t("referrals.fields.description")}
            autoComplete="off"
            multiline={3}
            value={draft.description}
            maxLength={500}
            showCharacterCount
            error={errorOf("description")}
            onChange={(description) => change({ description })}
          />
          <FormLayout.Group>
            <TextField
              label={t("referrals.fields.redirectUrl")}
              helpText={t("referrals.fields.redirectUrlHelp")}
              autoComplete="off"
              value={draft.redirectUrl}
              error={errorOf("redirectUrl")}
              onChange={(redirectUrl) => change({ redirectUrl })}
            />
            <TextField
              label={t("referrals.fields.linkPrefix")}
              helpText={t("referrals.fields.linkPrefixHelp")}
              autoComplete="off"
              value={draft.linkPrefix}
              maxLength={12}
              error={errorOf("linkPrefix")}
              onChange={(linkPrefix) => change({ linkPrefix })}
            />
          </FormLayout.Group>
        </FormLayout>
      </Card>
      <Card>
        <FormLayout>
          <Text as="h2" variant="headingMd">
            {t("referrals.sections.eligibility")}
          </Text>
          <Select
            label={t("referrals.fields.eligibility")}
            options={[
              { label: t("referrals.eligibility.all_customers"), value: "all_customers" },
              { label: t("referrals.eligibility.members_only"), value: "members_only" },
              { label: t("referrals.eligibility.whitelist_only"), value: "whitelist_only" },
            ]}
            value={draft.eligibility}
            onChange={(v) => change({ eligibility: v as ReferralDraft["eligibility"] })}
          />
          <FormLayout.Group>
            <TextField
              label={t("referrals.fields.orderTags")}
              helpText={t("referrals.fields.tagsHelp")}
              autoComplete="off"
              value={draft.orderTags}
              error={errorOf("orderTags")}
              onChange={(orderTags) => change({ orderTags })}
            />
            <TextField
              label={t("referrals.fields.customerTags")}
              helpText={t("referrals.fields.tagsHelp")}
              autoComplete="off"
              value={draft.customerTags}
              error={errorOf("customerTags")}
              onChange={(customerTags) => change({ customerTags })}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label={t("referrals.fields.perCustomerLimit")}
              helpText={t("referrals.fields.perCustomerLimitHelp")}
              type="number"
              autoComplete="off"
              value={draft.perCustomerLimit}
              error={errorOf("perCustomerLimit")}
              onChange={(perCustomerLimit) => change({ perCustomerLimit })}
            />
            <TextField
              label={t("referrals.fields.cancelWindowDays")}
              helpText={t("referrals.fields.cancelWindowDaysHelp")}
              type="number"
              autoComplete="off"
              value={draft.cancelWindowDays}
              error={errorOf("cancelWindowDays")}
              onChange={(cancelWindowDays) => change({ cancelWindowDays })}
            />
          </FormLayout.Group>
        </FormLayout>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("referrals.sections.antiCheat")}
          </Text>
          <Text as="p" tone="subdued">
            {t("referrals.antiCheat.help")}
          </Text>
          {cheat("similarEmail")}
          {cheat("sameBrowser")}
          {cheat("sameIp")}
          {cheat("previousPurchases")}
          {cheat("paidOrdersOnly")}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
