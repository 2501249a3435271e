import type { TierPreview, TierProgramView } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Modal,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { usePostTierDeactivate } from "../api/post-tier-deactivate";
import { usePostTierPreview } from "../api/post-tier-preview";
import { usePostTierSyncTags } from "../api/post-tier-sync-tags";
import { useTierProgramKind } from "../api/tier-program-kind";
import { LaunchModal } from "./launch-modal";
import { TierPreviewCard } from "./tier-preview-card";

const statusTone = { inactive: undefined, launched: "success", deactivated: "critical" } as const;

/**
 * I-10 … I-14: the VIP program's state and its actions: preview (computed without writing),
 * launch or relaunch (with change notes and the entry-reward flag, then the run's progress), and
 * deactivation behind a confirmation.
 */
export function TierLifecycleCard({ program }: { program: TierProgramView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const preview = usePostTierPreview();
  const deactivate = usePostTierDeactivate();
  const syncTags = usePostTierSyncTags();
  const b2b = useTierProgramKind() === "b2b";
  const [launchOpen, setLaunchOpen] = useState(false);
  const [deactivateOpen, setDeactivateOpen] = useState(false);
  const [shownPreview, setShownPreview] = useState<TierPreview | null>(null);
  const run = program.run;
  const running = run?.status === "running";
  const launched = program.status === "launched";
  const percent = run && run.total > 0 ? Math.round((run.done * 100) / run.total) : 100;

  const runPreview = async () => {
    try {
      setShownPreview(await preview.mutateAsync());
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : t("toast.error"), { isError: true });
    }
  };
  // I-08: the spec's toasts, 'Synced tags processed' / 'Failed to sync tags'.
  const runSyncTags = async () => {
    try {
      await syncTags.mutateAsync();
      toast(t("tierTags.synced"));
    } catch {
      toast(t("tierTags.failed"), { isError: true });
    }
  };
  const confirmDeactivate = async () => {
    try {
      await deactivate.mutateAsync();
      toast(t("membership.toast.statusUpdated"));
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : t("membership.toast.statusFailed"), {
        isError: true,
      });
    }
    setDeactivateOpen(false);
  };

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h2" variant="headingMd">
                {t(b2b ? "b2bTiers.lifecycleTitle" : "membership.lifecycle.title")}
              </Text>
              <span data-testid="tier-status">
                <Badge tone={statusTone[program.status]}>{t(`membership.status.${program.status}`)}</Badge>
              </span>
            </InlineStack>
            <InlineStack gap="200">
              <Button
                onClick={() => void runPreview()}
                loading={preview.isPending}
                disabled={program.tiers.length === 0}
              >
                {t("membership.lifecycle.preview")}
              </Button>
              {launched && program.settings.tagPrefix.trim() !== "" && (
                <Button onClick={() => void runSyncTags()} loading={syncTags.isPending} disabled={running}>
                  {t("tierTags.sync")}
                </Button>
              )}
              {launched && (
                <Button tone="critical" onClick={() => setDeactivateOpen(true)} disabled={running}>
                  {t("membership.lifecycle.deactivate")}
                </Button>
              )}
              <Button
                variant="primary"
                onClick={() => setLaunchOpen(true)}
                disabled={running || program.tiers.length === 0}
              >
                {launched ? t("membership.lifecycle.relaunch") : t("membership.lifecycle.launch")}
              </Button>
            </InlineStack>
          </InlineStack>
          <Text as="p" tone="subdued">
            {t(b2b ? "b2bTiers.summary" : "membership.lifecycle.summary", { count: program.members })}
          </Text>
          {program.needsRelaunch && (
            <Banner tone="warning" title={t("membership.lifecycle.needsRelaunchTitle")}>
              <p>{t("membership.lifecycle.needsRelaunchBody")}</p>
            </Banner>
          )}
          {run && (
            <BlockStack gap="200">
              <div data-testid="tier-run">
                <Text as="p">
                  {t(`membership.run.${run.status}`, {
                    action: t(`membership.run.action.${run.action}`),
                    done: run.done,
                    total: run.total,
                  })}
                </Text>
              </div>
              {running && <ProgressBar progress={percent} size="small" />}
              {run.status === "failed" && run.error && (
                <Banner tone="critical" title={t("membership.run.failedTitle")}>
                  <p>{run.error}</p>
                </Banner>
              )}
            </BlockStack>
          )}
        </BlockStack>
      </Card>
      {shownPreview && <TierPreviewCard preview={shownPreview} onClose={() => setShownPreview(null)} />}
      <LaunchModal
        open={launchOpen}
        relaunch={launched}
        onClose={() => setLaunchOpen(false)}
        onLaunched={() => setShownPreview(null)}
      />
      <Modal
        open={deactivateOpen}
        onClose={() => setDeactivateOpen(false)}
        title={t(b2b ? "b2bTiers.deactivateTitle" : "membership.deactivate.title")}
        primaryAction={{
          content: t("membership.lifecycle.deactivate"),
          destructive: true,
          loading: deactivate.isPending,
          onAction: () => void confirmDeactivate(),
        }}
        secondaryActions={[{ content: t("common.cancel"), onAction: () => setDeactivateOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t(b2b ? "b2bTiers.deactivateBody" : "membership.deactivate.body")}</Text>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}
