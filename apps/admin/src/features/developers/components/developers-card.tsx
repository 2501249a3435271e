import type { CreatedApiKey } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Modal,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { useToast } from "../../../lib/host/host";
import { useDeleteApiKey } from "../api/delete-api-key";
import { useApiKey } from "../api/get-api-key";
import { usePostApiKey } from "../api/post-api-key";
import { useRotateApiKey } from "../api/rotate-api-key";

type Dialog = "rotate-api-key" | "revoke-api-key";
const DIALOGS: readonly Dialog[] = ["rotate-api-key", "revoke-api-key"];

const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/**
 * The Developers section of `/settings` (M-07, H-06; decision 0170): the merchant API key. A new
 * key is shown once, in a read-only field with a copy button and a warning, and lives only in this
 * component's state: leaving the page asks first, and the list shows its prefix from then on.
 * Rotate and revoke ask first (the open dialog is in the URL).
 */
export function DevelopersCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const view = useApiKey();
  const generate = usePostApiKey();
  const rotate = useRotateApiKey();
  const revoke = useDeleteApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [params, setParams] = useSearchParams();
  const asked = params.get("dialog");
  const dialog = DIALOGS.find((d) => d === asked) ?? null;

  const openDialog = (next: Dialog | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set("dialog", next);
        else copy.delete("dialog");
        return copy;
      },
      { replace: true },
    );

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer);
        toast(t("developers.generated"));
      },
      onError: () => toast(t("developers.actionFailed"), { isError: true }),
    });
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer);
        openDialog(null);
        toast(t("developers.rotated"));
      },
      onError: () => toast(t("developers.actionFailed"), { isError: true }),
    });
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        openDialog(null);
        toast(t("developers.revoked"));
      },
      onError: () => toast(t("developers.actionFailed"), { isError: true }),
    });
  const onCopy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      toast(t("developers.copied"));
    } catch {
      toast(t("developers.copyFailed"), { isError: true });
    }
  };

  let body: React.ReactNode;
  if (view.isPending) body = <SkeletonBodyText lines={3} />;
  else if (view.isError)
    body = (
      <Banner
        tone="critical"
        title={t("developers.loadError")}
        action={{ content: t("developers.tryAgain"), onAction: () => void view.refetch() }}
      />
    );
  else {
    const key = view.data.key;
    body = (
      <BlockStack gap="400">
        <Text as="p">{t("developers.intro")}</Text>
        {created ? (
          <Banner tone="warning" title={t("developers.showOnceTitle")} onDismiss={() => setCreated(null)}>
            <BlockStack gap="200">
              <Text as="p">{t("developers.showOnceBody")}</Text>
              <TextField
                label={t("developers.keyLabel")}
                value={created.secret}
                readOnly
                autoComplete="off"
                monospaced
                selectTextOnFocus
                connectedRight={
                  <Button onClick={() => void onCopy()} accessibilityLabel={t("developers.copyLabel")}>
                    {t("developers.copy")}
                  </Button>
                }
              />
            </BlockStack>
          </Banner>
        ) : null}
        {key ? (
          <Box background="bg-surface-secondary" padding="300" borderRadius="200">
            <BlockStack gap="100">
              <InlineStack gap="200" blockAlign="center">
                <Text as="span" variant="headingSm">
                  {t("developers.prefix")}
                </Text>
                <Text as="span" fontWeight="medium">
                  <code data-testid="api-key-prefix">{`${key.prefix}…`}</code>
                </Text>
              </InlineStack>
              <Text as="p" tone="subdued">
                {t("developers.createdAt", { date: formatDateTime(key.createdAt, i18n.language) })}
              </Text>
              <Text as="p" tone="subdued">
                {key.lastUsedAt
                  ? t("developers.lastUsedAt", { date: formatDateTime(key.lastUsedAt, i18n.language) })
                  : t("developers.neverUsed")}
              </Text>
            </BlockStack>
          </Box>
        ) : (
          <Text as="p" tone="subdued">
            {t("developers.empty")}
          </Text>
        )}
        <InlineStack gap="200">
          {key ? (
            <>
              <Button onClick={() => openDialog("rotate-api-key")}>{t("developers.rotate")}</Button>
              <Button tone="critical" onClick={() => openDialog("revoke-api-key")}>
                {t("developers.revoke")}
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={onGenerate} loading={generate.isPending}>
              {t("developers.generate")}
            </Button>
          )}
        </InlineStack>
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {t("developers.usageTitle")}
          </Text>
          <Text as="p" tone="subdued">
            {t("developers.usageBody")}
          </Text>
          <Box background="bg-surface-secondary" padding="200" borderRadius="200">
            <Text as="p" variant="bodySm">
              <code>{`curl -H "Authorization: Bearer ${key ? `${key.prefix}…` : "<key>"}" ${view.data.baseUrl}/points/activity`}</code>
            </Text>
          </Box>
          <InlineStack gap="200">
            <Button variant="plain" url="/openapi.json" external>
              {t("developers.openApi")}
            </Button>
          </InlineStack>
        </BlockStack>
      </BlockStack>
    );
  }

  return (
    <Card>
      <LeavePageGuard when={created !== null} />
      {body}
      <Modal
        open={dialog === "rotate-api-key"}
        onClose={() => openDialog(null)}
        title={t("developers.rotateTitle")}
        primaryAction={{
          content: t("developers.rotateConfirm"),
          destructive: true,
          loading: rotate.isPending,
          onAction: onRotate,
        }}
        secondaryActions={[{ content: t("developers.cancel"), onAction: () => openDialog(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t("developers.rotateBody")}</Text>
        </Modal.Section>
      </Modal>
      <Modal
        open={dialog === "revoke-api-key"}
        onClose={() => openDialog(null)}
        title={t("developers.revokeTitle")}
        primaryAction={{
          content: t("developers.revokeConfirm"),
          destructive: true,
          loading: revoke.isPending,
          onAction: onRevoke,
        }}
        secondaryActions={[{ content: t("developers.cancel"), onAction: () => openDialog(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t("developers.revokeBody")}</Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
