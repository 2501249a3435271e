import type { TierBody, TierProgramView, TierView } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Modal,
  Page,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { NotFoundPage } from "../../../components/not-found-page";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useAppPaths } from "../../../lib/routing";
import { useDeleteTier } from "../api/delete-tier";
import { useTierProgram } from "../api/get-tier-program";
import { useSaveTier } from "../api/save-tier";
import { tierPaths, useTierProgramKind } from "../api/tier-program-kind";
import { inputToMilestone, milestoneToInput } from "../utils/milestone";

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

  if (program.isPending) {
    return (
      <Page title={t("membership.editor.loading")} backAction={back}>
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </Page>
    );
  }
  if (program.isError) {
    return (
      <Page title={t("membership.editor.loading")} backAction={back}>
        <Banner
          tone="critical"
          title={t("membership.loadError")}
          action={{ content: t("membership.tryAgain"), onAction: () => void program.refetch() }}
        >
          <p>{program.error.message}</p>
        </Banner>
      </Page>
    );
  }
  const tier = tierId === null ? undefined : program.data.tiers.find((x) => x.id === tierId);
  if (tierId !== null && !tier) return <NotFoundPage />;
  return (
    <TierEditorForm
      key={tierId ?? "new"}
      program={program.data}
      tier={tier}
      onDeleted={() => setDeleted(true)}
    />
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
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveTier();
  const remove = useDeleteTier();
  const kind = useTierProgramKind();
  const paths = tierPaths(kind);
  const basis = program.settings.basis;
  const [form, setForm] = useState<TierForm>(() => formOf(program, tier));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);

  const body = (): TierBody | null => {
    const milestone = inputToMilestone(basis, form.milestone);
    const local: Record<string, string> = {};
    if (form.name.trim() === "") local.name = t("membership.editor.nameRequired");
    if (milestone === null) local.milestone = t("membership.editor.milestoneInvalid");
    setErrors(local);
    if (Object.keys(local).length > 0 || milestone === null) return null;
    return {
      name: form.name.trim(),
      milestone,
      exclusive: form.exclusive,
      icon: tier?.icon ?? null,
      cardColor: form.cardColor.trim() === "" ? null : form.cardColor.trim(),
      backgroundColor: tier?.backgroundColor ?? null,
      perks: form.perks
        .split("\n")
        .map((p) => p.trim())
        .filter(Boolean),
    };
  };

  const bar = useSaveBar({
    onSave: async () => {
      const payload = body();
      if (!payload) throw new Error(t("membership.editor.fixErrors"));
      try {
        await save.mutateAsync({ id: tier?.id ?? null, body: payload });
        toast(t("membership.toast.tierSaved"));
        setLeaveTo(paths.home);
      } catch (error) {
        if (error instanceof ApiError) {
          setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        }
        toast(t("membership.toast.tierFailed"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setForm(formOf(program, tier));
      setErrors({});
    },
  });
  // Leave once the save bar has cleared (the leave guard reads the cleared state).
  useEffect(() => {
    if (leaveTo && !bar.saveChanged) navigate(href(leaveTo));
  }, [leaveTo, bar.saveChanged, navigate, href]);

  const change = (patch: Partial<TierForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    bar.setSaveChanged(true);
  };

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
