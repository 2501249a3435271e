import type { ReviewConnectors } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { useDisconnectReviewApp } from "../api/delete-review-connector";
import { useReviewConnectors } from "../api/get-review-connectors";
import { useConnectReviewApp } from "../api/put-review-connector";

type Connector = ReviewConnectors["connectors"][number];

/** Decision 0158: review apps that send their own webhooks (Judge.me), connected with their secret. */
export function ReviewConnectorsCard() {
  const { t } = useTranslation();
  const connectors = useReviewConnectors();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("earnEvents.connectors.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("earnEvents.connectors.body")}
        </Text>
        {connectors.isPending ? (
          <SkeletonBodyText lines={3} />
        ) : connectors.isError || !connectors.data ? (
          <Banner
            tone="critical"
            title={t("earnEvents.connectors.loadError")}
            action={{ content: t("earnEvents.tryAgain"), onAction: () => void connectors.refetch() }}
          />
        ) : (
          connectors.data.connectors.map((c) => <ConnectorRow key={c.vendor} connector={c} />)
        )}
      </BlockStack>
    </Card>
  );
}

function ConnectorRow({ connector }: { connector: Connector }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const connect = useConnectReviewApp();
  const disconnect = useDisconnectReviewApp();
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | undefined>();
  const done = () => toast(t("earnEvents.queue.updated"));
  const failed = () => toast(t("earnEvents.queue.updateFailed"), { isError: true });
  const save = () => {
    setError(undefined);
    connect.mutate(
      { vendor: connector.vendor, secret },
      {
        onSuccess: () => {
          setSecret("");
          done();
        },
        onError: (e) => {
          setError(e instanceof Error ? e.message : undefined);
          failed();
        },
      },
    );
  };
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingXs">
          {t(`earnEvents.connectors.vendor.${connector.vendor}`)}
        </Text>
        <Badge tone={connector.connected ? "success" : undefined}>
          {connector.connected
            ? t("earnEvents.connectors.connected")
            : t("earnEvents.connectors.notConnected")}
        </Badge>
      </InlineStack>
      <TextField
        label={t("earnEvents.connectors.webhookUrl")}
        value={connector.webhookUrl}
        readOnly
        autoComplete="off"
        helpText={t(`earnEvents.connectors.webhookHelp.${connector.vendor}`)}
      />
      {connector.lastEventAt && (
        <Text as="p" tone="subdued">
          {t("earnEvents.connectors.lastEvent", {
            date: new Date(connector.lastEventAt).toLocaleString(i18n.language),
          })}
        </Text>
      )}
      <TextField
        label={t("earnEvents.connectors.secret")}
        value={secret}
        onChange={setSecret}
        type="password"
        autoComplete="off"
        error={error}
        helpText={t(`earnEvents.connectors.secretHelp.${connector.vendor}`)}
      />
      <InlineStack gap="200">
        <Button variant="primary" onClick={save} loading={connect.isPending} disabled={secret.trim() === ""}>
          {connector.connected ? t("earnEvents.connectors.replace") : t("earnEvents.connectors.connect")}
        </Button>
        {connector.connected && (
          <Button
            tone="critical"
            loading={disconnect.isPending}
            onClick={() => disconnect.mutate(connector.vendor, { onSuccess: done, onError: failed })}
          >
            {t("earnEvents.connectors.disconnect")}
          </Button>
        )}
      </InlineStack>
    </BlockStack>
  );
}
