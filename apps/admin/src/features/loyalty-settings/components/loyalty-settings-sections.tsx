import {
  durationUnits,
  holdingUnits,
  type LoyaltySettings,
  limitUnits,
  orderEarningTriggers,
  type PutLoyaltySettingsBody,
} from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  InlineStack,
  Layout,
  Modal,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useLoyaltySettings } from "../api/get-loyalty-settings";
import { usePutLoyaltySettings } from "../api/put-loyalty-settings";
import {
  type GeneralColourForm,
  GeneralColourSection,
  generalBodyOf,
  generalColourFormOf,
} from "./general-colour-sections";
import {
  type PointExpiryForm,
  PointExpirySection,
  pointExpiryBodyOf,
  pointExpiryFormOf,
} from "./point-expiry-section";

type DurationUnit = (typeof durationUnits)[number];
type LimitUnit = (typeof limitUnits)[number];

/** The form's text fields hold what the merchant typed; numbers are parsed on save. */
interface Form {
  orderEarningTrigger: LoyaltySettings["orderEarningTrigger"];
  pendingEnabled: boolean;
  pendingValue: string;
  pendingUnit: LoyaltySettings["pendingPoints"]["unit"];
  sandboxEnabled: boolean;
  testEmails: string;
  exchangeRate: string;
  revokeEnabled: boolean;
  maxRevokes: string;
  timeframeDuration: string;
  timeframeUnit: LimitUnit;
  timeLimitOn: boolean;
  timeLimitValue: string;
  timeLimitUnit: DurationUnit;
  /** M-02, M-04. */
  generalColours: GeneralColourForm;
  /** H-07, H-08. */
  pointExpiry: PointExpiryForm;
}

function formOf(s: LoyaltySettings): Form {
  return {
    orderEarningTrigger: s.orderEarningTrigger,
    pendingEnabled: s.pendingPoints.enabled,
    pendingValue: String(s.pendingPoints.value),
    pendingUnit: s.pendingPoints.unit,
    sandboxEnabled: s.sandbox.enabled,
    testEmails: s.sandbox.testEmails.join("\n"),
    exchangeRate: String(s.exchangeRate),
    revokeEnabled: s.couponRevoke.enabled,
    maxRevokes: s.couponRevoke.maxRevokes === null ? "" : String(s.couponRevoke.maxRevokes),
    timeframeDuration: String(s.couponRevoke.timeframe.duration),
    timeframeUnit: s.couponRevoke.timeframe.unit,
    timeLimitOn: s.couponRevoke.timeLimit !== null,
    timeLimitValue: String(s.couponRevoke.timeLimit?.value ?? 30),
    timeLimitUnit: s.couponRevoke.timeLimit?.unit ?? "day",
    generalColours: generalColourFormOf(s),
    pointExpiry: pointExpiryFormOf(s.pointExpiry),
  };
}

/** A number as typed, or NaN for the server to refuse with its own words (M-23). */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

const emailsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/** The sections that differ from the saved settings, each whole (`PUT /lp/settings`). */
function bodyOf(form: Form, saved: Form): PutLoyaltySettingsBody {
  const body: Record<string, unknown> = {};
  const differs = (keys: (keyof Form)[]) => keys.some((k) => form[k] !== saved[k]);
  if (differs(["orderEarningTrigger"])) body.orderEarningTrigger = form.orderEarningTrigger;
  if (differs(["pendingEnabled", "pendingValue", "pendingUnit"])) {
    body.pendingPoints = {
      enabled: form.pendingEnabled,
      value: numberOf(form.pendingValue),
      unit: form.pendingUnit,
    };
  }
  if (differs(["sandboxEnabled", "testEmails"])) {
    body.sandbox = { enabled: form.sandboxEnabled, testEmails: emailsOf(form.testEmails) };
  }
  if (differs(["exchangeRate"])) body.exchangeRate = numberOf(form.exchangeRate);
  const expiry = pointExpiryBodyOf(form.pointExpiry);
  if (JSON.stringify(expiry) !== JSON.stringify(pointExpiryBodyOf(saved.pointExpiry)))
    body.pointExpiry = expiry;
  const general = generalBodyOf(form.generalColours);
  if (JSON.stringify(general) !== JSON.stringify(generalBodyOf(saved.generalColours))) body.general = general;
  if (JSON.stringify(form.generalColours.colors) !== JSON.stringify(saved.generalColours.colors)) {
    body.colors = form.generalColours.colors;
  }
  if (
    differs([
      "revokeEnabled",
      "maxRevokes",
      "timeframeDuration",
      "timeframeUnit",
      "timeLimitOn",
      "timeLimitValue",
      "timeLimitUnit",
    ])
  ) {
    body.couponRevoke = {
      enabled: form.revokeEnabled,
      maxRevokes: form.maxRevokes.trim() === "" ? null : numberOf(form.maxRevokes),
      timeframe: { unit: form.timeframeUnit, duration: numberOf(form.timeframeDuration) },
      timeLimit: form.timeLimitOn ? { value: numberOf(form.timeLimitValue), unit: form.timeLimitUnit } : null,
    };
  }
  return body as PutLoyaltySettingsBody;
}

/** The server names fields by path (`sandbox.testEmails.2`); each control shows its section's errors. */
const FIELD_OF: [RegExp, string][] = [
  [/^orderEarningTrigger/, "orderEarningTrigger"],
  [/^pendingPoints\.value/, "pendingValue"],
  [/^pendingPoints/, "pendingEnabled"],
  [/^confirmPendingPointsConversion/, "pendingEnabled"],
  [/^sandbox\.testEmails/, "testEmails"],
  [/^sandbox/, "sandboxEnabled"],
  [/^exchangeRate/, "exchangeRate"],
  [/^couponRevoke\.maxRevokes/, "maxRevokes"],
  [/^couponRevoke\.timeframe/, "timeframeDuration"],
  [/^couponRevoke\.timeLimit/, "timeLimitValue"],
  [/^couponRevoke/, "revokeEnabled"],
  [/^pointExpiry\.customDuration/, "customDuration"],
  [/^pointExpiry/, "expiry"],
  [/^general\.dateFormat/, "dateFormat"],
  [/^general\.loginRedirectUrl/, "loginRedirectUrl"],
  [/^general\.signUpRedirectUrl/, "signUpRedirectUrl"],
  [/^general\.cartDrawerSelector/, "cartDrawerSelector"],
  [/^general\.orderTags/, "orderTags"],
  [/^general\.customerTags/, "customerTags"],
  [/^general/, "timeZone"],
];

function errorsOf(fields: { field: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fields) {
    // M-04: `colors.accent` shows at the accent colour.
    const colour = /^colors\.(\w+)/.exec(e.field)?.[1];
    const key = colour ? `color.${colour}` : (FIELD_OF.find(([re]) => re.test(e.field))?.[1] ?? "general");
    out[key] ??= e.message;
  }
  return out;
}

/**
 * Settings (M-01): the Order (M-06: when orders earn, pending points), Pre-launch (M-05: sandbox
 * and its test e-mails), Exchange rate (M-03, H-16) and Coupon revoke (H-12) sections, one form
 * with the save bar. Validation is the server's, in the spec's words, shown at each field.
 */
export function LoyaltySettingsSections({ weeklyReportAnchor }: { weeklyReportAnchor: string }) {
  const { t } = useTranslation();
  const query = useLoyaltySettings();
  if (query.isPending) {
    return (
      <Layout.AnnotatedSection title={t("loyaltySettings.order.title")}>
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </Layout.AnnotatedSection>
    );
  }
  if (query.isError) {
    return (
      <Layout.AnnotatedSection title={t("loyaltySettings.order.title")}>
        <Banner
          tone="critical"
          title={t("loyaltySettings.loadError")}
          action={{ content: t("loyaltySettings.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Layout.AnnotatedSection>
    );
  }
  return <SettingsForm saved={query.data} weeklyReportAnchor={weeklyReportAnchor} />;
}

function SettingsForm({ saved, weeklyReportAnchor }: { saved: LoyaltySettings; weeklyReportAnchor: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const put = usePutLoyaltySettings();
  const initial = useMemo(() => formOf(saved), [saved]);
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const confirmed = useRef(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const turnsPendingOff = initial.pendingEnabled && !form.pendingEnabled;

  const saveBar = useSaveBar({
    beforeSave: () => {
      // H-10: turning pending points off converts them all now and cannot be undone: ask first.
      if (turnsPendingOff && !confirmed.current) {
        setConfirming(true);
        return false;
      }
      return true;
    },
    onSave: async () => {
      const body = bodyOf(form, initial);
      if (turnsPendingOff) body.confirmPendingPointsConversion = true;
      try {
        const result = await put.mutateAsync(body);
        setErrors({});
        const conversion = result.data.pendingPointsConversion;
        toast(
          conversion
            ? t("loyaltySettings.pending.converted", { count: conversion.convertedOrders })
            : result.message || t("loyaltySettings.saved"),
        );
      } catch (error) {
        if (isApiError(error)) {
          setErrors(
            error.errors.length > 0
              ? errorsOf(error.errors)
              : { general: error.serverError ?? t("loyaltySettings.saveError") },
          );
        }
        // M-04's words when the colours were refused, M-08's otherwise.
        const colours = isApiError(error) && error.errors.some((e) => e.field.startsWith("colors"));
        toast(t(colours ? "loyaltySettings.colors.saveError" : "loyaltySettings.saveError"), {
          isError: true,
        });
        throw error;
      } finally {
        confirmed.current = false;
      }
    },
    onDiscard: () => {
      setForm(initial);
      setErrors({});
    },
  });
  // A link to a section (`/settings#settings-point-expiry`, the programs' "Point expiration" tab)
  // lands on it once the form is there.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);
  const changed = JSON.stringify(form) !== JSON.stringify(initial);
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);

  const generalColourProps = {
    form: form.generalColours,
    saved,
    errors,
    onChange: (next: GeneralColourForm) => set("generalColours", next),
    weeklyReportAnchor,
  };

  const unitOptions = <U extends string>(units: readonly U[]) =>
    units.map((u) => ({ value: u, label: t(`loyaltySettings.units.${u}`) }));

  return (
    <>
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      {errors.general ? (
        <Layout.Section>
          <Banner tone="critical">
            <p>{errors.general}</p>
          </Banner>
        </Layout.Section>
      ) : null}
      <GeneralColourSection part="general" {...generalColourProps} />
      <Layout.AnnotatedSection
        id="settings-order"
        title={t("loyaltySettings.order.title")}
        description={t("loyaltySettings.order.description")}
      >
        <Card>
          <BlockStack gap="400">
            <Select
              label={t("loyaltySettings.order.trigger")}
              options={orderEarningTriggers.map((v) => ({
                value: v,
                label: t(`loyaltySettings.order.triggers.${v}`),
              }))}
              value={form.orderEarningTrigger}
              onChange={(v) => set("orderEarningTrigger", v as Form["orderEarningTrigger"])}
              error={errors.orderEarningTrigger}
            />
            <Checkbox
              label={t("loyaltySettings.pending.enabled")}
              helpText={t("loyaltySettings.pending.help")}
              checked={form.pendingEnabled}
              onChange={(v) => set("pendingEnabled", v)}
              error={errors.pendingEnabled}
            />
            {form.pendingEnabled ? (
              <InlineStack gap="200" blockAlign="start">
                <TextField
                  label={t("loyaltySettings.pending.value")}
                  type="number"
                  value={form.pendingValue}
                  onChange={(v) => set("pendingValue", v)}
                  error={errors.pendingValue}
                  autoComplete="off"
                />
                <Select
                  label={t("loyaltySettings.pending.unit")}
                  options={unitOptions(holdingUnits)}
                  value={form.pendingUnit}
                  onChange={(v) => set("pendingUnit", v as Form["pendingUnit"])}
                />
              </InlineStack>
            ) : null}
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <PointExpirySection
        form={form.pointExpiry}
        access={saved.pointExpiryAccess}
        errors={errors}
        onChange={(next) => set("pointExpiry", next)}
      />
      <Layout.AnnotatedSection
        id="settings-pre-launch"
        title={t("loyaltySettings.sandbox.title")}
        description={t("loyaltySettings.sandbox.description")}
      >
        <Card>
          <BlockStack gap="400">
            <Checkbox
              label={t("loyaltySettings.sandbox.enabled")}
              checked={form.sandboxEnabled}
              onChange={(v) => set("sandboxEnabled", v)}
              error={errors.sandboxEnabled}
            />
            <TextField
              label={t("loyaltySettings.sandbox.testEmails")}
              helpText={t("loyaltySettings.sandbox.testEmailsHelp")}
              multiline={3}
              value={form.testEmails}
              onChange={(v) => set("testEmails", v)}
              error={errors.testEmails}
              autoComplete="off"
            />
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="settings-exchange-rate"
        title={t("loyaltySettings.exchangeRate.title")}
        description={t("loyaltySettings.exchangeRate.description")}
      >
        <Card>
          <TextField
            label={t("loyaltySettings.exchangeRate.label")}
            helpText={t("loyaltySettings.exchangeRate.help")}
            type="number"
            value={form.exchangeRate}
            onChange={(v) => set("exchangeRate", v)}
            error={errors.exchangeRate}
            autoComplete="off"
          />
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="settings-coupon-revoke"
        title={t("loyaltySettings.revoke.title")}
        description={t("loyaltySettings.revoke.description")}
      >
        <Card>
          <BlockStack gap="400">
            <Checkbox
              label={t("loyaltySettings.revoke.enabled")}
              checked={form.revokeEnabled}
              onChange={(v) => set("revokeEnabled", v)}
              error={errors.revokeEnabled}
            />
            {form.revokeEnabled ? (
              <>
                <TextField
                  label={t("loyaltySettings.revoke.maxRevokes")}
                  helpText={t("loyaltySettings.revoke.maxRevokesHelp")}
                  type="number"
                  value={form.maxRevokes}
                  onChange={(v) => set("maxRevokes", v)}
                  error={errors.maxRevokes}
                  autoComplete="off"
                />
                <InlineStack gap="200" blockAlign="start">
                  <TextField
                    label={t("loyaltySettings.revoke.timeframe")}
                    type="number"
                    value={form.timeframeDuration}
                    onChange={(v) => set("timeframeDuration", v)}
                    error={errors.timeframeDuration}
                    autoComplete="off"
                  />
                  <Select
                    label={t("loyaltySettings.revoke.timeframeUnit")}
                    options={unitOptions(limitUnits)}
                    value={form.timeframeUnit}
                    onChange={(v) => set("timeframeUnit", v as LimitUnit)}
                  />
                </InlineStack>
                <Checkbox
                  label={t("loyaltySettings.revoke.timeLimitOn")}
                  checked={form.timeLimitOn}
                  onChange={(v) => set("timeLimitOn", v)}
                />
                {form.timeLimitOn ? (
                  <InlineStack gap="200" blockAlign="start">
                    <TextField
                      label={t("loyaltySettings.revoke.timeLimit")}
                      type="number"
                      value={form.timeLimitValue}
                      onChange={(v) => set("timeLimitValue", v)}
                      error={errors.timeLimitValue}
                      autoComplete="off"
                    />
                    <Select
                      label={t("loyaltySettings.revoke.timeLimitUnit")}
                      options={unitOptions(durationUnits)}
                      value={form.timeLimitUnit}
                      onChange={(v) => set("timeLimitUnit", v as DurationUnit)}
                    />
                  </InlineStack>
                ) : null}
              </>
            ) : null}
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <GeneralColourSection part="colors" {...generalColourProps} />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("loyaltySettings.pending.confirmTitle")}
        primaryAction={{
          content: t("loyaltySettings.pending.confirm"),
          destructive: true,
          onAction: () => {
            setConfirming(false);
            confirmed.current = true;
            void saveBar.save().catch(() => {});
          },
        }}
        secondaryActions={[{ content: t("loyaltySettings.cancel"), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t("loyaltySettings.pending.confirmBody")}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
