import type { TierBody, TierProgramView, TierView } from "@laurel/contracts";
import {
  BlockStack,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Modal,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { NotFoundPage } from "../../../components/not-found-page";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useAppPaths } from "../../../lib/routing";
import { useDeleteTier } from "../api/delete-tier";
import { useTierProgram } from "../api/get-tier-program";
import { useSaveTier } from "../api/save-tier";
import { tierPaths, useTierProgramKind } from "../api/tier-program-kind";
import { useTierForm } from "../hooks/use-tier-form";
import { inputToMilestone, milestoneToInput } from "../utils/milestone";
import { TierProgramGate } from "./tier-program-gate";

interface TierForm {
  name: string;
  milestone: string;
  exclusive: boolean;
  cardColor: string;
  perks: string;
}

function formOf(program: TierProgramView, tier: TierView | undefined): TierForm {
  return {
    name: tier?.name ?? "",
    milestone: tier ? milestoneToInput(program.settings.basis, tier.milestone) : "",
    exclusive: tier?.exclusive ?? false,
    cardColor: tier?.cardColor ?? "",
    perks: (tier?.perks ?? []).join("\n"),
  };
}

/** `/programs/tier/create` and `/programs/tier/:id`: the tier editor (I-04, I-13, I-15). */
export function TierEditor({ tierId }: { tierId: string | null }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const navigate = useNavigate();
  const program = useTierProgram();
  const kind = useTierProgramKind();
  const home = tierPaths(kind).home;
  const back = { content: t(kind === "b2b" ? "b2bTiers.title" : "membership.title"), url: href(home) };
  // After a deletion the form is gone (no unsaved changes to guard) and the list is next.
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (deleted) navigate(href(home));
  }, [deleted, navigate, href, home]);
  if (deleted) return null;

  return (
    <TierProgramGate
      program={program}
      title={t("membership.editor.loading")}
      backAction={back}
      skeletonLines={6}
    >
      {(data) => {
        const tier = tierId === null ? undefined : data.tiers.find((x) => x.id === tierId);
        if (tierId !== null && !tier) return <NotFoundPage />;
        return (
          <TierEditorForm
            key={tierId ?? "new"}
            program={data}
            tier={tier}
            onDeleted={() => setDeleted(true)}
          />
        );
      }}
    </TierProgramGate>
  );
}

interface TierEditorFormProps {
  program: TierProgramView;
  tier: TierView | undefined;
  onDeleted: () => void;
}

function TierEditorForm({ program, tier, onDeleted }: TierEditorFormProps) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const toast = useToast();
  const save = useSaveTier();
  const remove = useDeleteTier();
  const kind = useTierProgramKind();
  const paths = tierPaths(kind);
  const basis = program.settings.basis;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const { form, errors, change, bar } = useTierForm({
    home: paths.home,
    initial: () => formOf(program, tier),
    check: (f): { body: TierBody | null; errors: Record<string, string> } => {
      const milestone = inputToMilestone(basis, f.milestone);
      const local: Record<string, string> = {};
      if (f.name.trim() === "") local.name = t("membership.editor.nameRequired");
      if (milestone === null) local.milestone = t("membership.editor.milestoneInvalid");
      if (Object.keys(local).length > 0 || milestone === null) return { body: null, errors: local };
      return {
        body: {
          name: f.name.trim(),
          milestone,
          exclusive: f.exclusive,
          icon: tier?.icon ?? null,
          cardColor: f.cardColor.trim() === "" ? null : f.cardColor.trim(),
          backgroundColor: tier?.backgroundColor ?? null,
          perks: f.perks
            .split("\n")
            .map((p) => p.trim())
            .filter(Boolean),
        },
        errors: local,
      };
    },
    save: (body) => save.mutateAsync({ id: tier?.id ?? null, body }),
  });

  const confirmDelete = async () => {
    if (!tier) return;
    try {
      await remove.mutateAsync(tier.id);
      toast(t("membership.toast.tierDeleted"));
      setDeleteOpen(false);
      onDeleted();
      return;
    } catch (error) {
      toast(
        error instanceof ApiError && error.serverError
          ? error.serverError
          : t("membership.toast.deleteFailed"),
        {
          isError: true,
        },
      );
    }
    setDeleteOpen(false);
  };

  return (
    <Page
      title={tier ? tier.name : t("membership.editor.createTitle")}
      backAction={{
        content: t(kind === "b2b" ? "b2bTiers.title" : "membership.title"),
        url: href(paths.home),
      }}
      secondaryActions={
        tier
          ? [
              // Entry and pre-tier rewards have their own editor (I-25).
              {
                content: t(kind === "b2b" ? "b2bTiers.privileges" : "tierRewards.title"),
                url: href(paths.rewards(tier.id)),
              },
              {
                content: t("membership.editor.delete"),
                destructive: true,
                onAction: () => setDeleteOpen(true),
              },
            ]
          : undefined
      }
    >
      <Layout>
        <Layout.Section>
          <Card>
            <FormLayout>
              <TextField
                label={t("membership.editor.name")}
                autoComplete="off"
                maxLength={100}
                value={form.name}
                error={errors.name}
                onChange={(name) => change({ name })}
              />
              <TextField
                label={t(`membership.editor.milestone.${basis}`)}
                helpText={t("membership.editor.milestoneHelp")}
                type="number"
                min={0}
                autoComplete="off"
                value={form.milestone}
                error={errors.milestone}
                onChange={(milestone) => change({ milestone })}
              />
              {/* I-19: B2B partner tiers are reached by their milestone only (decision 0174). */}
              {kind === "vip" && (
                <Checkbox
                  label={t("membership.editor.exclusive")}
                  helpText={t("membership.editor.exclusiveHelp")}
                  checked={form.exclusive}
                  error={errors.exclusive}
                  onChange={(exclusive) => change({ exclusive })}
                />
              )}
              <TextField
                label={t("membership.editor.cardColor")}
                placeholder="#1A2B3C"
                autoComplete="off"
                value={form.cardColor}
                error={errors.cardColor}
                onChange={(cardColor) => change({ cardColor })}
              />
              <TextField
                label={t("membership.editor.perks")}
                helpText={t("membership.editor.perksHelp")}
                multiline={4}
                autoComplete="off"
                value={form.perks}
                error={Object.entries(errors).find(([k]) => k.startsWith("perks"))?.[1]}
                onChange={(perks) => change({ perks })}
              />
            </FormLayout>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                {t("membership.editor.asideTitle")}
              </Text>
              <Text as="p" tone="subdued">
                {program.status === "launched"
                  ? t("membership.editor.asideLaunched")
                  : t("membership.editor.asideDraft")}
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
      <Modal
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        title={t("membership.editor.deleteTitle", { name: tier?.name ?? "" })}
        primaryAction={{
          content: t("membership.editor.delete"),
          destructive: true,
          loading: remove.isPending,
          onAction: () => void confirmDelete(),
        }}
        secondaryActions={[{ content: t("common.cancel"), onAction: () => setDeleteOpen(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t("membership.editor.deleteBody")}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}
