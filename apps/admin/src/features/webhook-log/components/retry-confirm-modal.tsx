import { Modal, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { type DeliveryRef, usePostWebhookRetry } from "../api/post-webhook-retry";

export interface RetryConfirmModalProps {
  delivery: DeliveryRef | null;
  onClose: () => void;
}

/** "Process again?" — then a toast: queued, or the server's reason (e.g. it no longer failed). */
export function RetryConfirmModal({ delivery, onClose }: RetryConfirmModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const retry = usePostWebhookRetry();

  const confirm = async () => {
    if (!delivery) return;
    try {
      await retry.mutateAsync(delivery);
      toast(t("webhookLog.retry.done"));
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : t("toast.error"), { isError: true });
    }
    onClose();
  };

  return (
    <Modal
      open={delivery !== null}
      onClose={onClose}
      title={t("webhookLog.retry.title")}
      primaryAction={{
        content: t("webhookLog.retry.action"),
        onAction: () => void confirm(),
        loading: retry.isPending,
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose, disabled: retry.isPending }]}
    >
      <Modal.Section>
        <Text as="p">{t("webhookLog.retry.body", { id: delivery?.webhookId ?? "" })}</Text>
      </Modal.Section>
    </Modal>
  );
}
