import type { AdminCoupon } from "@laurel/contracts";
import { BlockStack, Modal, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** H-13: revoking a coupon needs an admin note ('Please enter an admin note'); its points come back. */
export function RevokeCouponModal({
  coupon,
  onClose,
  onSubmit,
}: {
  coupon: AdminCoupon | null;
  onClose: () => void;
  onSubmit: (note: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new coupon starts with an empty note
  useEffect(() => {
    setNote("");
    setError(undefined);
  }, [coupon?.id]);
  const submit = async () => {
    if (!note.trim()) return setError(t("customers.coupons.noteRequired"));
    setBusy(true);
    try {
      if (await onSubmit(note.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={coupon !== null}
      onClose={onClose}
      title={t("customers.coupons.revokeTitle", { code: coupon?.code ?? "" })}
      primaryAction={{
        content: t("customers.coupons.revoke"),
        destructive: true,
        loading: busy,
        onAction: () => void submit(),
      }}
      secondaryActions={[{ content: t("customers.common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t("customers.coupons.revokeBody", { points: coupon?.points ?? 0 })}</Text>
          <TextField
            label={t("customers.coupons.note")}
            value={note}
            onChange={(v) => {
              setNote(v);
              setError(undefined);
            }}
            error={error}
            multiline={2}
            maxLength={500}
            autoComplete="off"
          />
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
