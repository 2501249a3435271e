import type { ProgramSummary } from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Card,
  FormLayout,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { type ComponentType, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useSaveProgram } from "../api/save-program";
import { pointsSummary } from "../utils/points-summary";
import {
  type FormErrors,
  type FormValue,
  formOf,
  type ProgramForm,
  programTypeOf,
  toProgramBody,
  validateForm,
} from "../utils/program-form";
import { AccountSyncCard } from "./account-sync-card";
import { BacktestCard } from "./backtest-card";
import {
  AnniversaryFields,
  BirthdayFields,
  SocialFields,
  StreakFields,
  VisitFields,
} from "./editors/earn-dates-fields";
import { PlaceOrderFields, SignUpFields } from "./editors/earning-fields";
import {
  CustomFields,
  GoogleReviewFields,
  MilestoneFields,
  ReviewFields,
  SurveyFields,
} from "./editors/event-fields";
import { errorText, type KindFieldsProps } from "./editors/fields";
import { RewardFields } from "./editors/reward-fields";
import { PriorOrderSyncCard } from "./prior-order-sync-card";
import { displayTitle } from "./program-list";

/**
 * The editors by program kind (C-08): the frame (title, status, dates, save bar, leave guard,
 * preview) is shared; a kind plugs in its own fields here.
 */
const kindEditors: Record<string, ComponentType<KindFieldsProps>> = {
  place_order: PlaceOrderFields,
  place_order_subscription: PlaceOrderFields,
  sign_up: SignUpFields,
  sign_up_newsletter: SignUpFields,
  amount_discount: RewardFields,
  percentage_discount: RewardFields,
  pos_amount_discount: RewardFields,
  pos_percentage_discount: RewardFields,
  free_shipping: RewardFields,
  buy_x_get_y: RewardFields,
  free_gift: RewardFields,
  custom_voucher: RewardFields,
  birthday: BirthdayFields,
  member_anniversary: AnniversaryFields,
  social_activity: SocialFields,
  interact_website: VisitFields,
  streak_interact_website: StreakFields,
  // Issue 15 part 2.
  write_review: ReviewFields,
  google_maps_review: GoogleReviewFields,
  fill_survey: SurveyFields,
  custom_program: CustomFields,
  milestone: MilestoneFields,
};

export interface ProgramEditorProps {
  event: string;
  /** The program edited, or null to create one. */
  program: ProgramSummary | null;
  currency: string;
  language: string;
  ruleEngineAllowed: boolean;
  backHref: string;
  onCreated: (program: ProgramSummary) => void;
}

/** Field errors of a refused save, named as the API names them. */
function serverErrorsOf(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.errors.map((e) => [e.field, e.message]));
}

/** The event of a program is fixed once created, so an update leaves it out. */
function withoutEvent({ event: _event, ...rest }: ReturnType<typeof toProgramBody>) {
  return rest;
}

export function ProgramEditor(props: ProgramEditorProps) {
  const { event, program, currency, language, ruleEngineAllowed, backHref, onCreated } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveProgram();
  const type = programTypeOf(event);
  const kindName = t(`programs.kinds.${event}`);
  const initial = useMemo(
    () => formOf(event, program, currency, kindName),
    [event, program, currency, kindName],
  );
  const [saved, setSaved] = useState<ProgramForm>(initial);
  const [form, setForm] = useState<ProgramForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = program === null || JSON.stringify(form) !== JSON.stringify(saved);

  const stored = program?.config ?? {};
  const body = toProgramBody(event, form, stored, currency);

  const bar = useSaveBar({
    onSave: () => undefined,
    onDiscard: () => {
      setForm(saved);
      setErrors({});
      setServerErrors({});
    },
  });
  const [saving, setSaving] = useState(false);

  /**
   * A-16's save sequence with a refusal kept on screen: the field errors stay next to their
   * fields and the bar stays up (a refused save is an answer, not a crash to log).
   */
  const submit = async (): Promise<boolean> => {
    if (saving || bar.disableSave) return false;
    const found = validateForm(event, form);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setServerErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const envelope = await save.mutateAsync(
        program
          ? { mode: "update", id: program.id, body: withoutEvent(body) }
          : { mode: "create", type, body },
      );
      toast(envelope.message || t("programs.toast.saved"));
      if (program) {
        const next = formOf(event, envelope.data, currency, kindName);
        setSaved(next);
        setForm(next);
      } else {
        setSaved(form);
        onCreated(envelope.data);
      }
      return true;
    } catch (error) {
      const fieldErrors = serverErrorsOf(error);
      setServerErrors(fieldErrors);
      const shown = new Set(["title", "status", "priority", "startDate", "endDate"]);
      const hidden = Object.entries(fieldErrors).filter(([f]) => !shown.has(f) && !f.startsWith("config."));
      setFormError(
        hidden.map(([, m]) => m).join(" ") ||
          (error instanceof ApiError && Object.keys(fieldErrors).length === 0
            ? (error.serverError ?? null)
            : null),
      );
      toast(type === "spending" ? t("programs.toast.saveDiscountFailed") : t("programs.toast.saveFailed"), {
        isError: true,
      });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const barState = { ...bar, saving, save: submit };
  const { setSaveChanged } = bar;
  useEffect(() => setSaveChanged(dirty), [dirty, setSaveChanged]);

  const error = errorText(errors, serverErrors, t);
  const setField = (key: string, value: FormValue) => {
    setForm((f) => ({ ...f, fields: { ...f.fields, [key]: value } }));
    setErrors(({ [`config.${key}`]: _gone, ...rest }) => rest);
  };
  const setCommon = (key: "title" | "status" | "priority" | "startDate" | "endDate", value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const Fields = kindEditors[event];
  const isPlaceOrder = event === "place_order" || event === "place_order_subscription";
  const summary = pointsSummary({ event, config: body.config }, t, currency, language);
  const title = program ? displayTitle(program, language) : t("programs.editor.newTitle", { kind: kindName });

  return (
    <Page
      title={title}
      backAction={{ content: t("programs.title"), url: backHref }}
      primaryAction={{
        content: t("programs.editor.save"),
        loading: saving,
        disabled: !dirty || bar.disableSave,
        onAction: () => void submit(),
      }}
    >
      <SaveBar state={barState} />
      <LeavePageGuard when={dirty && bar.saveChanged} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {formError ? (
              <Banner tone="critical" onDismiss={() => setFormError(null)}>
                <p>{formError}</p>
              </Banner>
            ) : null}
            <Card>
              <FormLayout>
                <TextField
                  label={t("programs.fields.title.label")}
                  helpText={t("programs.fields.title.help")}
                  value={form.title}
                  onChange={(v) => setCommon("title", v)}
                  error={error("title")}
                  autoComplete="off"
                />
                <Select
                  label={t("programs.fields.status.label")}
                  options={["active", "inactive"].map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  value={form.status === "active" ? "active" : "inactive"}
                  onChange={(v) => setCommon("status", v)}
                  error={error("status")}
                />
                <FormLayout.Group>
                  <TextField
                    label={t("programs.fields.startDate.label")}
                    helpText={t("programs.fields.startDate.help")}
                    type="date"
                    value={form.startDate}
                    onChange={(v) => setCommon("startDate", v)}
                    error={error("startDate")}
                    autoComplete="off"
                  />
                  <TextField
                    label={t("programs.fields.endDate.label")}
                    type="date"
                    value={form.endDate}
                    onChange={(v) => setCommon("endDate", v)}
                    error={error("endDate")}
                    autoComplete="off"
                  />
                </FormLayout.Group>
                {isPlaceOrder ? (
                  <TextField
                    label={t("programs.fields.priority.label")}
                    helpText={t("programs.fields.priority.help")}
                    type="number"
                    value={form.priority}
                    onChange={(v) => setCommon("priority", v)}
                    error={error("priority")}
                    autoComplete="off"
                  />
                ) : null}
              </FormLayout>
            </Card>
            {Fields ? (
              <Fields
                event={event}
                fields={form.fields}
                set={setField}
                error={error}
                currency={currency}
                ruleEngineAllowed={ruleEngineAllowed}
                locked={event === "streak_interact_website" && saved.status === "active" && program !== null}
              />
            ) : null}
            {isPlaceOrder ? (
              <BacktestCard programId={program?.id ?? null} program={body} language={language} />
            ) : null}
            {/* C-27: syncs act on saved programs, so they show on an existing program's page. */}
            {program !== null && event === "place_order" ? <PriorOrderSyncCard /> : null}
            {program !== null && event === "sign_up" ? <AccountSyncCard kind="sign_up" /> : null}
            {program !== null && event === "sign_up_newsletter" ? (
              <AccountSyncCard kind="newsletter" />
            ) : null}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                {t("programs.editor.preview")}
              </Text>
              <Box
                padding="300"
                background="bg-surface-secondary"
                borderRadius="200"
                data-testid="program-preview"
              >
                <BlockStack gap="100">
                  <Text as="p" fontWeight="semibold">
                    {form.title || kindName}
                  </Text>
                  <Text as="p" tone="subdued">
                    {summary ?? t("programs.editor.previewIncomplete")}
                  </Text>
                </BlockStack>
              </Box>
              <Text as="p" variant="bodySm" tone="subdued">
                {t("programs.editor.previewHelp")}
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
