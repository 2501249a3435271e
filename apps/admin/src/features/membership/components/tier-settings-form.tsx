import type { TierProgramView, TierSettingsBody } from "@laurel/contracts";
import { Banner, BlockStack, Card, Checkbox, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { usePutTierSettings } from "../api/put-tier-settings";
import { useTierProgramKind } from "../api/tier-program-kind";

type Period = TierSettingsBody["period"];
const units = ["day", "week", "month", "year"] as const;
const VIP_BASES = ["points_earned", "amount_spent", "orders"] as const;
const B2B_BASES = ["points_earned", "amount_spent"] as const;

function defaultPeriod(kind: Period["kind"]): Period {
  if (kind === "yearly") return { kind, month: 7, day: 1 };
  if (kind === "cycle")
    return { kind, startDate: new Date().toISOString().slice(0, 10), every: 12, unit: "month" };
  return { kind };
}

const whole = (s: string) => (/^\d{1,4}$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

/**
 * I-05 … I-07: how tiers are calculated (points earned, amount spent, orders), over which period,
 * and demotion. Locked while tiers are enabled (I-12), with the spec's message.
 */
export function TierSettingsForm({ program }: { program: TierProgramView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const put = usePutTierSettings();
  // B2B partner tiers (I-20, decision 0174): by points earned or amount spent, and 'hide default tier'.
  const b2b = useTierProgramKind() === "b2b";
  const [form, setForm] = useState<TierSettingsBody>(program.settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const locked = program.status === "launched";
  const saved = JSON.stringify(program.settings);
  useEffect(() => setForm(JSON.parse(saved) as TierSettingsBody), [saved]);

  const bar = useSaveBar({
    onSave: async () => {
      try {
        await put.mutateAsync(form);
        setErrors({});
        toast(t(b2b ? "b2bTiers.settingsSaved" : "membership.toast.settingsSaved"));
      } catch (error) {
        if (error instanceof ApiError)
          setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(
          error instanceof Error && error.message ? error.message : t("membership.toast.settingsFailed"),
          {
            isError: true,
          },
        );
        throw error;
      }
    },
    onDiscard: () => {
      setForm(program.settings);
      setErrors({});
    },
  });
  const change = (next: TierSettingsBody) => {
    setForm(next);
    bar.setSaveChanged(JSON.stringify(next) !== saved);
  };
  const unitOptions = units.map((u) => ({ label: t(`membership.units.${u}`), value: u }));
  const period = form.period;
  const demotion = form.demotion;

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("membership.settings.title")}
        </Text>
        {locked && (
          <Banner tone="info">
            <p data-testid="tier-settings-locked">
              {t(b2b ? "b2bTiers.locked" : "membership.settings.locked")}
            </p>
          </Banner>
        )}
        <FormLayout>
          <Select
            label={t("membership.settings.basis")}
            disabled={locked}
            options={(b2b ? B2B_BASES : VIP_BASES).map((b) => ({
              label: t(`membership.basis.${b}`),
              value: b,
            }))}
            value={form.basis}
            onChange={(v) => change({ ...form, basis: v as TierSettingsBody["basis"] })}
          />
          <Select
            label={t("membership.settings.period")}
            disabled={locked}
            options={(["lifetime", "half_year", "yearly", "cycle"] as const).map((k) => ({
              label: t(`membership.period.${k}`),
              value: k,
            }))}
            value={period.kind}
            onChange={(v) => change({ ...form, period: defaultPeriod(v as Period["kind"]) })}
          />
          {period.kind === "yearly" && (
            <FormLayout.Group>
              <TextField
                label={t("membership.settings.resetMonth")}
                type="number"
                disabled={locked}
                autoComplete="off"
                value={String(period.month)}
                error={errors["period.month"]}
                onChange={(v) => change({ ...form, period: { ...period, month: whole(v) } })}
              />
              <TextField
                label={t("membership.settings.resetDay")}
                type="number"
                disabled={locked}
                autoComplete="off"
                value={String(period.day)}
                error={errors["period.day"]}
                onChange={(v) => change({ ...form, period: { ...period, day: whole(v) } })}
              />
            </FormLayout.Group>
          )}
          {period.kind === "cycle" && (
            <FormLayout.Group>
              <TextField
                label={t("membership.settings.cycleStart")}
                type="date"
                disabled={locked}
                autoComplete="off"
                value={period.startDate}
                error={errors["period.startDate"]}
                onChange={(v) => change({ ...form, period: { ...period, startDate: v } })}
              />
              <TextField
                label={t("membership.settings.cycleEvery")}
                type="number"
                disabled={locked}
                autoComplete="off"
                value={String(period.every)}
                error={errors["period.every"]}
                onChange={(v) => change({ ...form, period: { ...period, every: whole(v) } })}
              />
              <Select
                label={t("membership.settings.unit")}
                disabled={locked}
                options={unitOptions}
                value={period.unit}
                onChange={(v) =>
                  change({ ...form, period: { ...period, unit: v as (typeof units)[number] } })
                }
              />
            </FormLayout.Group>
          )}
          <Checkbox
            label={t("membership.settings.demotion")}
            disabled={locked}
            checked={demotion !== null}
            onChange={(on) =>
              change({
                ...form,
                demotion: on
                  ? { action: "downgrade_tier", after: 6, unit: "month", notifyBeforeDays: 7 }
                  : null,
              })
            }
          />
          {demotion && (
            <FormLayout.Group>
              <Select
                label={t("membership.settings.demotionAction")}
                disabled={locked}
                options={(["downgrade_tier", "reset_tier"] as const).map((a) => ({
                  label: t(`membership.demotion.${a}`),
                  value: a,
                }))}
                value={demotion.action}
                onChange={(v) =>
                  change({ ...form, demotion: { ...demotion, action: v as "downgrade_tier" | "reset_tier" } })
                }
              />
              <TextField
                label={t("membership.settings.inactiveFor")}
                type="number"
                disabled={locked}
                autoComplete="off"
                value={String(demotion.after)}
                error={errors["demotion.after"]}
                onChange={(v) => change({ ...form, demotion: { ...demotion, after: whole(v) } })}
              />
              <Select
                label={t("membership.settings.unit")}
                disabled={locked}
                options={unitOptions}
                value={demotion.unit}
                onChange={(v) =>
                  change({ ...form, demotion: { ...demotion, unit: v as (typeof units)[number] } })
                }
              />
              <TextField
                label={t("membership.settings.notifyBefore")}
                type="number"
                disabled={locked}
                autoComplete="off"
                value={String(demotion.notifyBeforeDays)}
                error={errors["demotion.notifyBeforeDays"]}
                onChange={(v) => change({ ...form, demotion: { ...demotion, notifyBeforeDays: whole(v) } })}
              />
            </FormLayout.Group>
          )}
          <TextField
            label={t("membership.settings.tagPrefix")}
            helpText={t("membership.settings.tagPrefixHelp")}
            disabled={locked}
            autoComplete="off"
            maxLength={40}
            value={form.tagPrefix}
            error={errors.tagPrefix}
            onChange={(v) => change({ ...form, tagPrefix: v })}
          />
          <TextField
            label={t("membership.settings.discountPrefix")}
            helpText={t("membership.settings.discountPrefixHelp")}
            disabled={locked}
            autoComplete="off"
            maxLength={20}
            value={form.discountPrefix ?? ""}
            error={errors.discountPrefix}
            onChange={(v) => change({ ...form, discountPrefix: v })}
          />
          {b2b && (
            <Checkbox
              label={t("b2bTiers.hideDefaultTier")}
              helpText={t("b2bTiers.hideDefaultTierHelp")}
              disabled={locked}
              checked={form.hideDefaultTier ?? false}
              error={errors.hideDefaultTier}
              onChange={(v) => change({ ...form, hideDefaultTier: v })}
            />
          )}
        </FormLayout>
      </BlockStack>
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
    </Card>
  );
}
