import { BlockStack, Checkbox, Modal, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { usePostTierLaunch } from "../api/post-tier-launch";
import { useTierProgramKind } from "../api/tier-program-kind";

interface LaunchModalProps {
  open: boolean;
  relaunch: boolean;
  onClose: () => void;
  onLaunched: () => void;
}

/** I-11, I-14: the launch confirmation, with change notes and "grant entry rewards". */
export function LaunchModal({ open, relaunch, onClose, onLaunched }: LaunchModalProps) {
  const { t } = useTranslation();
  const b2b = useTierProgramKind() === "b2b";
  const toast = useToast();
  const launch = usePostTierLaunch();
  const [notes, setNotes] = useState("");
  const [grant, setGrant] = useState(true);

  const confirm = async () => {
    try {
      await launch.mutateAsync({
        changeNotes: notes.trim() === "" ? null : notes.trim(),
        grantEntryRewards: grant,
      });
      toast(t("membership.toast.statusUpdated"));
      setNotes("");
      onLaunched();
      onClose();
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : t("membership.toast.statusFailed"), {
        isError: true,
      });
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={
        b2b
          ? t(relaunch ? "b2bTiers.relaunchTitle" : "b2bTiers.launchTitle")
          : t(relaunch ? "membership.launch.relaunchTitle" : "membership.launch.title")
      }
      primaryAction={{
        content: relaunch ? t("membership.lifecycle.relaunch") : t("membership.lifecycle.launch"),
        loading: launch.isPending,
        onAction: () => void confirm(),
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose, disabled: launch.isPending }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t(b2b ? "b2bTiers.launchBody" : "membership.launch.body")}</Text>
          <TextField
            label={t("membership.launch.notes")}
            value={notes}
            onChange={setNotes}
            multiline={3}
            maxLength={2000}
            autoComplete="off"
          />
          <Checkbox label={t("membership.launch.grant")} checked={grant} onChange={setGrant} />
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
