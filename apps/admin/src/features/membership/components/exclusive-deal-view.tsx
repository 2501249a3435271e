import type { ExclusiveDealBody, ExclusiveDealView } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  Checkbox,
  ChoiceList,
  DropZone,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Select,
  SkeletonBodyText,
  Tabs,
  Text,
  TextField,
  Thumbnail,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useAppPaths } from "../../../lib/routing";
import { useExclusiveDeal } from "../api/get-exclusive-deal";
import { useTierProgram } from "../api/get-tier-program";
import { usePutExclusiveDeal } from "../api/put-exclusive-deal";

/** I-22: the deal image is at most 200 KB. */
const IMAGE_MAX_BYTES = 200 * 1024;
const TABS = ["settings", "design"] as const;
type Tab = (typeof TABS)[number];

interface DealForm {
  enabled: boolean;
  name: string;
  discountType: ExclusiveDealBody["settings"]["discountType"];
  discountValue: string;
  condition: ExclusiveDealBody["settings"]["condition"];
  conditionValue: string;
  startDate: string;
  endDate: string;
  eligibility: "all" | "tiers";
  tierIds: string[];
  salesChannel: ExclusiveDealBody["settings"]["salesChannel"];
  freeItems: string;
  design: ExclusiveDealBody["design"];
  image: string | null;
}

/** Money fields are typed in major units (dollars), sent in minor units. */
const isMoney = (type: DealForm["discountType"]) => type !== "percentage";
const toInput = (value: number, money: boolean) => (money ? (value / 100).toString() : String(value));
function fromInput(value: string, money: boolean): number | null {
  const v = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  return money ? Math.round(Number(v) * 100) : Number.isInteger(Number(v)) ? Number(v) : null;
}

function formOf(deal: ExclusiveDealView): DealForm {
  const s = deal.settings;
  return {
    enabled: deal.enabled,
    name: s.name,
    discountType: s.discountType,
    discountValue: toInput(s.discountValue, isMoney(s.discountType)),
    condition: s.condition,
    conditionValue: toInput(s.conditionValue, s.condition === "minimum_subtotal"),
    startDate: s.startsAt.slice(0, 10),
    endDate: s.endsAt ? s.endsAt.slice(0, 10) : "",
    eligibility: s.eligibility,
    tierIds: s.tierIds,
    salesChannel: s.salesChannel,
    freeItems: String(s.freeItems),
    design: deal.design,
    image: deal.image,
  };
}

/** `/membership/exclusive-deal` (I-02, I-22, I-23): the deal's settings and design tabs. */
export function ExclusiveDealScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const deal = useExclusiveDeal();
  const back = { content: t("membership.title"), url: href("/membership") };
  if (deal.isPending) {
    return (
      <Page title={t("membershipMore.deal.title")} backAction={back}>
        <Card>
          <div data-testid="deal-skeleton">
            <SkeletonBodyText lines={8} />
          </div>
        </Card>
      </Page>
    );
  }
  if (deal.isError) {
    return (
      <Page title={t("membershipMore.deal.title")} backAction={back}>
        <Banner
          tone="critical"
          title={t("membershipMore.deal.loadError")}
          action={{ content: t("membership.tryAgain"), onAction: () => void deal.refetch() }}
        >
          <p>{deal.error.message}</p>
        </Banner>
      </Page>
    );
  }
  return <ExclusiveDealForm deal={deal.data} />;
}

function ExclusiveDealForm({ deal }: { deal: ExclusiveDealView }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const toast = useToast();
  const save = usePutExclusiveDeal();
  const tiers = useTierProgram();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "design" ? "design" : "settings";
  const [form, setForm] = useState<DealForm>(() => formOf(deal));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const body = (): ExclusiveDealBody | null => {
    const money = isMoney(form.discountType);
    const discountValue = fromInput(form.discountValue, money);
    const conditionValue =
      form.condition === "none" ? 0 : fromInput(form.conditionValue, form.condition === "minimum_subtotal");
    const freeItems = /^\d{1,3}$/.test(form.freeItems.trim()) ? Number(form.freeItems.trim()) : null;
    const local: Record<string, string> = {};
    if (form.name.trim() === "") local.name = t("membershipMore.deal.errors.name");
    if (discountValue === null || discountValue < 1)
      local.discountValue = t("membershipMore.deal.errors.number");
    if (conditionValue === null) local.conditionValue = t("membershipMore.deal.errors.number");
    if (freeItems === null) local.freeItems = t("membershipMore.deal.errors.number");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate)) local.startsAt = t("membershipMore.deal.errors.date");
    if (form.endDate !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(form.endDate)) {
      local.endsAt = t("membershipMore.deal.errors.date");
    } else if (form.endDate !== "" && form.endDate <= form.startDate) {
      local.endsAt = t("membershipMore.deal.errors.endBeforeStart");
    }
    setErrors(local);
    if (
      Object.keys(local).length > 0 ||
      discountValue === null ||
      conditionValue === null ||
      freeItems === null
    ) {
      return null;
    }
    return {
      enabled: form.enabled,
      settings: {
        name: form.name.trim(),
        discountType: form.discountType,
        discountValue,
        condition: form.condition,
        conditionValue,
        startsAt: `${form.startDate}T00:00:00Z`,
        endsAt: form.endDate === "" ? null : `${form.endDate}T00:00:00Z`,
        eligibility: form.eligibility,
        tierIds: form.eligibility === "tiers" ? form.tierIds : [],
        salesChannel: form.salesChannel,
        freeItems,
      },
      design: form.design,
      image: form.image,
    };
  };

  const bar = useSaveBar({
    // The form's own checks stop the save quietly, the fields showing why.
    validate: () => body() !== null,
    onSave: async () => {
      const payload = body();
      if (!payload) throw new Error(t("membershipMore.deal.errors.fix"));
      setServerError(null);
      try {
        const res = await save.mutateAsync(payload);
        setForm(formOf(res.data));
        toast(t("membershipMore.toast.saved"));
      } catch (error) {
        if (error instanceof ApiError) {
          setErrors(
            Object.fromEntries(error.errors.map((e) => [e.field.split(".").at(-1) ?? e.field, e.message])),
          );
          if (error.errors.length === 0 && error.serverError) setServerError(error.serverError);
        }
        toast(t("membershipMore.toast.saveFailed"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setForm(formOf(deal));
      setErrors({});
      setServerError(null);
    },
  });

  const change = (patch: Partial<DealForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    bar.setSaveChanged(true);
  };
  const changeDesign = (patch: Partial<DealForm["design"]>) =>
    change({ design: { ...form.design, ...patch } });

  const onImage = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setErrors((e) => ({ ...e, image: t("membershipMore.deal.errors.image") }));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === "string") {
        setErrors((e) => ({ ...e, image: "" }));
        change({ image: reader.result });
      }
    };
    reader.readAsDataURL(file);
  };

  const money = isMoney(form.discountType);
  const tierList = tiers.data?.tiers ?? [];
  return (
    <Page
      title={t("membershipMore.deal.title")}
      subtitle={t("membershipMore.deal.subtitle")}
      backAction={{ content: t("membership.title"), url: href("/membership") }}
      titleMetadata={
        deal.running ? (
          <Badge tone="success">{t("membershipMore.deal.running")}</Badge>
        ) : (
          <Badge>{t("membershipMore.deal.notRunning")}</Badge>
        )
      }
    >
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {!deal.planAllowed && (
              <Banner tone="warning" title={t("membershipMore.deal.planTitle", { plan: deal.requiredPlan })}>
                <p>{t("membershipMore.deal.planBody", { plan: deal.requiredPlan })}</p>
              </Banner>
            )}
            {serverError && (
              <Banner tone="critical" onDismiss={() => setServerError(null)}>
                <p data-testid="deal-error">{serverError}</p>
              </Banner>
            )}
            <Tabs
              tabs={TABS.map((id) => ({ id: `deal-${id}`, content: t(`membershipMore.deal.tabs.${id}`) }))}
              selected={TABS.indexOf(tab)}
              onSelect={(i) => setParams(i === 0 ? {} : { tab: TABS[i] ?? "settings" }, { replace: true })}
            />
            {tab === "settings" ? (
              <Card>
                <FormLayout>
                  <Checkbox
                    label={t("membershipMore.deal.enabled")}
                    helpText={t("membershipMore.deal.enabledHelp")}
                    checked={form.enabled}
                    onChange={(enabled) => change({ enabled })}
                  />
                  <TextField
                    label={t("membershipMore.deal.name")}
                    autoComplete="off"
                    maxLength={100}
                    value={form.name}
                    error={errors.name}
                    onChange={(name) => change({ name })}
                  />
                  <FormLayout.Group>
                    <Select
                      label={t("membershipMore.deal.discountType")}
                      options={(["percentage", "fixed_amount", "free_items"] as const).map((v) => ({
                        value: v,
                        label: t(`membershipMore.deal.discountTypes.${v}`),
                      }))}
                      value={form.discountType}
                      onChange={(v) => change({ discountType: v as DealForm["discountType"] })}
                    />
                    <TextField
                      label={t(money ? "membershipMore.deal.valueMoney" : "membershipMore.deal.valuePercent")}
                      type="number"
                      min={0}
                      autoComplete="off"
                      value={form.discountValue}
                      error={errors.discountValue}
                      onChange={(discountValue) => change({ discountValue })}
                    />
                  </FormLayout.Group>
                  <FormLayout.Group>
                    <Select
                      label={t("membershipMore.deal.condition")}
                      options={(["none", "minimum_subtotal", "minimum_quantity"] as const).map((v) => ({
                        value: v,
                        label: t(`membershipMore.deal.conditions.${v}`),
                      }))}
                      value={form.condition}
                      onChange={(v) => change({ condition: v as DealForm["condition"] })}
                    />
                    <TextField
                      label={t("membershipMore.deal.conditionValue")}
                      type="number"
                      min={0}
                      autoComplete="off"
                      disabled={form.condition === "none"}
                      value={form.condition === "none" ? "" : form.conditionValue}
                      error={errors.conditionValue}
                      onChange={(conditionValue) => change({ conditionValue })}
                    />
                  </FormLayout.Group>
                  <FormLayout.Group>
                    <TextField
                      label={t("membershipMore.deal.startDate")}
                      type="date"
                      autoComplete="off"
                      value={form.startDate}
                      error={errors.startsAt}
                      onChange={(startDate) => change({ startDate })}
                    />
                    <TextField
                      label={t("membershipMore.deal.endDate")}
                      helpText={t("membershipMore.deal.endDateHelp")}
                      type="date"
                      autoComplete="off"
                      value={form.endDate}
                      error={errors.endsAt}
                      onChange={(endDate) => change({ endDate })}
                    />
                  </FormLayout.Group>
                  <ChoiceList
                    title={t("membershipMore.deal.eligibility")}
                    choices={[
                      { value: "all", label: t("membershipMore.deal.eligibilityAll") },
                      { value: "tiers", label: t("membershipMore.deal.eligibilityTiers") },
                    ]}
                    selected={[form.eligibility]}
                    onChange={([v]) => change({ eligibility: v === "tiers" ? "tiers" : "all" })}
                  />
                  {form.eligibility === "tiers" && (
                    <ChoiceList
                      allowMultiple
                      title={t("membershipMore.deal.tiers")}
                      choices={tierList.map((x) => ({ value: x.id, label: x.name }))}
                      selected={form.tierIds}
                      error={errors.tierIds}
                      onChange={(tierIds) => change({ tierIds })}
                    />
                  )}
                  <FormLayout.Group>
                    <Select
                      label={t("membershipMore.deal.salesChannel")}
                      options={(["online_store", "pos", "both"] as const).map((v) => ({
                        value: v,
                        label: t(`membershipMore.deal.channels.${v}`),
                      }))}
                      value={form.salesChannel}
                      onChange={(v) => change({ salesChannel: v as DealForm["salesChannel"] })}
                    />
                    <TextField
                      label={t("membershipMore.deal.freeItems")}
                      type="number"
                      min={0}
                      autoComplete="off"
                      value={form.freeItems}
                      error={errors.freeItems}
                      onChange={(freeItems) => change({ freeItems })}
                    />
                  </FormLayout.Group>
                </FormLayout>
              </Card>
            ) : (
              <Card>
                <FormLayout>
                  <TextField
                    label={t("membershipMore.deal.actionText")}
                    autoComplete="off"
                    maxLength={60}
                    value={form.design.actionText}
                    error={errors.actionText}
                    onChange={(actionText) => changeDesign({ actionText })}
                  />
                  <TextField
                    label={t("membershipMore.deal.description")}
                    autoComplete="off"
                    multiline={3}
                    maxLength={500}
                    value={form.design.description}
                    error={errors.description}
                    onChange={(description) => changeDesign({ description })}
                  />
                  <FormLayout.Group>
                    <Select
                      label={t("membershipMore.deal.font")}
                      options={(["theme", "sans_serif", "serif", "monospace"] as const).map((v) => ({
                        value: v,
                        label: t(`membershipMore.deal.fonts.${v}`),
                      }))}
                      value={form.design.font}
                      onChange={(v) => changeDesign({ font: v as DealForm["design"]["font"] })}
                    />
                    <TextField
                      label={t("membershipMore.deal.fontSize")}
                      type="number"
                      min={10}
                      max={32}
                      autoComplete="off"
                      value={String(form.design.fontSize)}
                      error={errors.fontSize}
                      onChange={(v) => changeDesign({ fontSize: Number(v) })}
                    />
                    <Select
                      label={t("membershipMore.deal.buttonIcon")}
                      options={(["gift", "star", "tag", "crown"] as const).map((v) => ({
                        value: v,
                        label: t(`membershipMore.deal.icons.${v}`),
                      }))}
                      value={form.design.buttonIcon}
                      onChange={(v) => changeDesign({ buttonIcon: v as DealForm["design"]["buttonIcon"] })}
                    />
                  </FormLayout.Group>
                  <FormLayout.Group>
                    {(["textColor", "buttonColor", "backgroundColor"] as const).map((key) => (
                      <TextField
                        key={key}
                        label={t(`membershipMore.deal.${key}`)}
                        autoComplete="off"
                        placeholder="#1A2B3C"
                        value={form.design[key]}
                        error={errors[key]}
                        onChange={(v) => changeDesign({ [key]: v })}
                      />
                    ))}
                  </FormLayout.Group>
                  <BlockStack gap="200">
                    <Text as="p">{t("membershipMore.deal.image")}</Text>
                    <InlineStack gap="400" blockAlign="center">
                      {form.image && <Thumbnail source={form.image} alt={t("membershipMore.deal.image")} />}
                      <div style={{ width: 120, height: 120 }}>
                        <DropZone
                          accept="image/png,image/jpeg,image/gif,image/webp"
                          type="image"
                          allowMultiple={false}
                          error={Boolean(errors.image)}
                          onDropAccepted={onImage}
                        >
                          <DropZone.FileUpload />
                        </DropZone>
                      </div>
                    </InlineStack>
                    <Text as="p" tone={errors.image ? "critical" : "subdued"}>
                      {errors.image || t("membershipMore.deal.imageHelp")}
                    </Text>
                  </BlockStack>
                </FormLayout>
              </Card>
            )}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                {t("membershipMore.deal.capTitle")}
              </Text>
              <div data-testid="deal-cap">
                <Text as="p">
                  {t("membershipMore.deal.cap", {
                    used: deal.automaticDiscounts.used,
                    limit: deal.automaticDiscounts.limit,
                  })}
                </Text>
              </div>
              <Text as="p" tone="subdued">
                {t("membershipMore.deal.capHelp")}
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
