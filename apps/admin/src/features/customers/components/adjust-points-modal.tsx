import { BlockStack, Checkbox, Modal, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export interface AdjustPointsModalProps {
  open: boolean;
  /** Who is adjusted: a customer's name or "3 customers". */
  target: string;
  /** The largest change allowed, either way. */
  max: number;
  onClose: () => void;
  /** Resolves true when the adjustment was made (the modal closes). */
  onSubmit: (points: number, note: string | undefined, affectTier: boolean) => Promise<boolean>;
  /** J-17: offer "affect tier" (one customer's profile; not the bulk action). */
  offerAffectTier?: boolean;
}

/** J-17, H-14: add or subtract points by hand; a negative number subtracts; an optional note. */
export function AdjustPointsModal({
  open,
  target,
  max,
  onClose,
  onSubmit,
  offerAffectTier = false,
}: AdjustPointsModalProps) {
  const { t, i18n } = useTranslation();
  const [points, setPoints] = useState("");
  const [note, setNote] = useState("");
  const [affectTier, setAffectTier] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setPoints("");
      setNote("");
      setAffectTier(false);
      setError(undefined);
    }
  }, [open]);

  const submit = async () => {
    const n = Number(points.trim());
    if (!/^-?\d+$/.test(points.trim()) || !Number.isSafeInteger(n))
      return setError(t("customers.adjust.errors.whole"));
    if (n === 0) return setError(t("customers.adjust.errors.zero"));
    if (Math.abs(n) > max) {
      return setError(
        t("customers.adjust.errors.range", { max: new Intl.NumberFormat(i18n.language).format(max) }),
      );
    }
    setBusy(true);
    try {
      if (await onSubmit(n, note.trim() || undefined, offerAffectTier && affectTier)) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t("customers.adjust.title")}
      primaryAction={{ content: t("customers.adjust.submit"), onAction: () => void submit(), loading: busy }}
      secondaryActions={[{ content: t("customers.common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t("customers.adjust.for", { target })}</Text>
          <TextField
            label={t("customers.adjust.points")}
            type="number"
            value={points}
            onChange={(v) => {
              setPoints(v);
              setError(undefined);
            }}
            helpText={t("customers.adjust.pointsHelp")}
            error={error}
            autoComplete="off"
          />
          <TextField
            label={t("customers.adjust.note")}
            value={note}
            onChange={setNote}
            multiline={2}
            maxLength={500}
            showCharacterCount
            autoComplete="off"
          />
          {offerAffectTier ? (
            <Checkbox
              label={t("customers.adjust.affectTier")}
              helpText={t("customers.adjust.affectTierHelp")}
              checked={affectTier}
              onChange={setAffectTier}
            />
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
