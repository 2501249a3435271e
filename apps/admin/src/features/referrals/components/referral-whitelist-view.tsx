import {
  Banner,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { emptyStateImage } from "../../../components/illustrations";
import { useAppPaths } from "../../../lib/routing";
import { useEditToast } from "../../../lib/toast-helpers";
import { useReferralWhitelist } from "../api/get-referral-whitelist";
import { useChangeReferralWhitelist } from "../api/post-referral-whitelist";
import { parseCustomerList } from "../utils/form";

/**
 * `/customers/whitelist/referral` (E-10): who may see and use referral when the program is
 * whitelist-only. Add by pasting e-mails or customer ids (a CSV column works), search, remove.
 */
export function ReferralWhitelistView() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const [searchDraft, setSearchDraft] = useState(search);
  const [paste, setPaste] = useState("");
  const [notFound, setNotFound] = useState<string[]>([]);
  const list = useReferralWhitelist(search);
  const change = useChangeReferralWhitelist();
  const withToast = useEditToast();

  const apply = async (customers: string[], remove: boolean) => {
    if (customers.length === 0) return;
    const result = await withToast(() => change.mutateAsync({ customers, remove }));
    if (result.ok) {
      setNotFound(result.data.notFound);
      if (!remove) setPaste("");
    }
  };
  const entries = parseCustomerList(paste);
  const rows = list.data?.customers ?? [];

  let table: ReactNode;
  if (list.isPending) {
    table = <SkeletonBodyText lines={5} />;
  } else if (list.isError && !list.data) {
    table = (
      <Banner
        tone="critical"
        title={t("referrals.whitelist.loadError")}
        action={{ content: t("referrals.tryAgain"), onAction: () => void list.refetch() }}
      >
        <p>{list.error.message}</p>
      </Banner>
    );
  } else {
    table = (
      <IndexTable
        resourceName={{
          singular: t("referrals.whitelist.customer"),
          plural: t("referrals.whitelist.customers"),
        }}
        itemCount={rows.length}
        selectable={false}
        loading={list.isPlaceholderData}
        headings={[
          { title: t("referrals.whitelist.name") },
          { title: t("referrals.whitelist.email") },
          { title: t("referrals.whitelist.actions"), alignment: "end" },
        ]}
        emptyState={
          <EmptyState heading={t("referrals.whitelist.emptyTitle")} image={emptyStateImage}>
            <p>{t("referrals.whitelist.emptyBody")}</p>
          </EmptyState>
        }
      >
        {rows.map((c, i) => (
          <IndexTable.Row id={c.id} key={c.id} position={i}>
            <IndexTable.Cell>{c.name || "—"}</IndexTable.Cell>
            <IndexTable.Cell>{c.email ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack align="end">
                <Button
                  variant="plain"
                  tone="critical"
                  onClick={() => void apply([c.id], true)}
                  accessibilityLabel={t("referrals.whitelist.removeOne", { name: c.name || c.email || c.id })}
                >
                  {t("referrals.whitelist.remove")}
                </Button>
              </InlineStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }

  return (
    <Page
      title={t("referrals.whitelist.title")}
      subtitle={t("referrals.whitelist.subtitle")}
      backAction={{ content: t("referrals.title"), url: href("/programs/referral") }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <TextField
                  label={t("referrals.whitelist.addLabel")}
                  helpText={t("referrals.whitelist.addHelp")}
                  autoComplete="off"
                  multiline={3}
                  value={paste}
                  onChange={setPaste}
                />
                <InlineStack align="end">
                  <Button
                    variant="primary"
                    disabled={entries.length === 0 || entries.length > 500}
                    loading={change.isPending}
                    onClick={() => void apply(entries, false)}
                  >
                    {t("referrals.whitelist.add", { count: entries.length })}
                  </Button>
                </InlineStack>
                {notFound.length > 0 ? (
                  <Banner
                    tone="warning"
                    title={t("referrals.whitelist.notFound", { count: notFound.length })}
                  >
                    <p>{notFound.join(", ")}</p>
                  </Banner>
                ) : null}
              </BlockStack>
            </Card>
            <Card padding="0">
              <BlockStack gap="0">
                <div style={{ padding: "var(--p-space-300)" }}>
                  <TextField
                    label={t("referrals.whitelist.search")}
                    labelHidden
                    placeholder={t("referrals.whitelist.search")}
                    autoComplete="off"
                    value={searchDraft}
                    onChange={(v) => {
                      setSearchDraft(v);
                      setParams(v ? { search: v } : {}, { replace: true });
                    }}
                  />
                </div>
                {table}
                <div style={{ padding: "var(--p-space-300)" }}>
                  <Text as="p" tone="subdued">
                    {t("referrals.whitelist.count", { count: rows.length })}
                  </Text>
                </div>
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
