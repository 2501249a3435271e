import { notificationEvents, type StaffShop } from "@laurel/contracts";

type NotificationEvent = (typeof notificationEvents)[number];

import { BlockStack, Button, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api/client";
import { useToast } from "../../../lib/host/host";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `/dev_zone/notification_tool` (L-14): Laurel staff send any shop's template, with sample values,
 * to any address, through that shop's own route (L-09), to help a merchant with their e-mails.
 */
export function NotificationTool({ shops }: { shops: StaffShop[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [shopId, setShopId] = useState(shops[0]?.id ?? "");
  const [event, setEvent] = useState<NotificationEvent>("points_earned");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: () =>
      api.post<{ sent: true }>("/dev_zone/notification_tool", { shopId, event, email: email.trim() }),
  });

  const onSend = () => {
    if (!EMAIL.test(email.trim())) {
      setError(email.trim() ? t("notifications.editor.emailInvalid") : t("notifications.editor.required"));
      return;
    }
    setError(undefined);
    send.mutate(undefined, {
      onSuccess: () => toast(t("notifications.editor.testSent")),
      onError: () => toast(t("notifications.editor.testFailed"), { isError: true }),
    });
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {t("notifications.tool.help")}
        </Text>
        <FormLayout>
          <Select
            label={t("notifications.tool.shop")}
            options={shops.map((s) => ({ value: s.id, label: `${s.name} (${s.shopifyDomain})` }))}
            value={shopId}
            onChange={setShopId}
          />
          <Select
            label={t("notifications.tool.event")}
            options={notificationEvents.map((e) => ({
              value: e,
              label: t(`notifications.events.${e}.title`),
            }))}
            value={event}
            onChange={(v) => setEvent(v as NotificationEvent)}
          />
          <TextField
            label={t("notifications.editor.testEmail")}
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            error={error}
          />
          <Button variant="primary" onClick={onSend} loading={send.isPending} disabled={!shopId}>
            {t("notifications.editor.testSend")}
          </Button>
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
