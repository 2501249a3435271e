import {
  Badge,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useVipTierNames } from "../../api/get-vip-tiers";
import {
  birthdayDateFormats,
  birthdayDeliveries,
  birthdayFrequencies,
  birthdayInputMethods,
  birthdayMinimums,
  birthdayPurchaseTypes,
  birthdayRewardMethods,
  birthdaySaleChannels,
  birthdaySeparators,
  birthdayTimings,
  hasBirthdayValue,
  isBirthdayDiscount,
  type MilestoneRow,
  milestonesOf,
  milestonesText,
  proSocialActions,
  socialActions,
} from "../../utils/earn-dates-form";
import { CataloguePicker } from "../pickers/catalogue-picker";
import type { KindFieldsProps } from "./fields";

/**
 * The editors of birthday (G-01 … G-07), member anniversary (G-26), social (G-24), visit website
 * (G-21, G-22) and streak (G-17 … G-19). Labels are in the `earnDates` locale area.
 */
function Text_({
  name,
  field = name,
  p,
  type = "text",
  suffix,
  disabled,
}: {
  /** The label's key; `field` is the form's (the same unless two labels share a field). */
  name: string;
  field?: string;
  p: KindFieldsProps;
  type?: "text" | "number" | "url";
  suffix?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const help = `earnDates.fields.${name}.help`;
  return (
    <TextField
      label={t(`earnDates.fields.${name}.label`)}
      helpText={i18n.exists(help) ? t(help) : undefined}
      type={type}
      value={String(p.fields[field] ?? "")}
      onChange={(v) => p.set(field, v)}
      error={p.error(`config.${field}`)}
      autoComplete="off"
      suffix={suffix}
      disabled={disabled}
    />
  );
}

function Choice({
  name,
  options,
  p,
  disabled,
}: {
  name: string;
  options: readonly string[];
  p: KindFieldsProps;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const help = `earnDates.fields.${name}.help`;
  return (
    <Select
      label={t(`earnDates.fields.${name}.label`)}
      helpText={i18n.exists(help) ? t(help) : undefined}
      options={options.map((value) => ({
        value,
        label: t(`earnDates.options.${name}.${value}`, { defaultValue: value }),
      }))}
      value={String(p.fields[name] ?? "")}
      onChange={(v) => p.set(name, v)}
      error={p.error(`config.${name}`)}
      disabled={disabled}
    />
  );
}

function Check({ name, p, disabled }: { name: string; p: KindFieldsProps; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const help = `earnDates.fields.${name}.help`;
  return (
    <Checkbox
      label={t(`earnDates.fields.${name}.label`)}
      helpText={i18n.exists(help) ? t(help) : undefined}
      checked={p.fields[name] === true}
      onChange={(v) => p.set(name, v)}
      disabled={disabled}
    />
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        <FormLayout>{children}</FormLayout>
      </BlockStack>
    </Card>
  );
}

export function BirthdayFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const method = p.fields.rewardMethod;
  return (
    <BlockStack gap="400">
      <Section title={t("earnDates.sections.reward")}>
        <Choice name="rewardMethod" options={birthdayRewardMethods} p={p} />
        {method === "gift_product" ? (
          <CataloguePicker
            kind="products"
            name="birthdayGift"
            single
            value={String(p.fields.giftProductId ?? "")}
            onChange={(v) => p.set("giftProductId", v)}
            error={p.error("config.giftProductId")}
          />
        ) : null}
        {method === "buy_x_get_y" ? (
          <>
            <FormLayout.Group>
              <Text_ name="bxgyBuyQuantity" type="number" p={p} />
              <Text_ name="bxgyGetQuantity" type="number" p={p} />
            </FormLayout.Group>
            <CataloguePicker
              kind="products"
              name="birthdayBxgyGet"
              single
              value={String(p.fields.bxgyProductId ?? "")}
              onChange={(v) => p.set("bxgyProductId", v)}
              error={p.error("config.bxgyProductId")}
            />
          </>
        ) : null}
        {hasBirthdayValue(method) ? (
          <Text_
            name="rewardValue"
            type="number"
            p={p}
            suffix={
              method === "discount_percentage" ? "%" : method === "point" ? t("earnDates.points") : undefined
            }
          />
        ) : null}
        {isBirthdayDiscount(method) ? (
          <FormLayout.Group>
            <Text_ name="discountPrefix" p={p} />
            <Text_ name="discountExpiryDays" type="number" p={p} />
          </FormLayout.Group>
        ) : null}
      </Section>
      {isBirthdayDiscount(method) ? <BirthdayConditions p={p} minimum={method !== "buy_x_get_y"} /> : null}
      <Section title={t("earnDates.sections.timing")}>
        <Choice name="delivery" options={birthdayDeliveries} p={p} />
        <Choice name="timing" options={birthdayTimings} p={p} />
        {p.fields.timing === "around" ? (
          <FormLayout.Group>
            <Text_ name="daysBefore" type="number" p={p} />
            <Text_ name="daysAfter" type="number" p={p} />
          </FormLayout.Group>
        ) : null}
        <Choice name="frequency" options={birthdayFrequencies} p={p} />
        <Text as="p" tone="subdued">
          {t("earnDates.birthdayNotice")}
        </Text>
      </Section>
      <Section title={t("earnDates.sections.entry")}>
        <Choice name="inputMethod" options={birthdayInputMethods} p={p} />
        <Choice name="dateFormat" options={birthdayDateFormats} p={p} />
        <Choice name="separator" options={birthdaySeparators} p={p} />
      </Section>
    </BlockStack>
  );
}

/** G-05: what the birthday code needs and where it works: minimum, combinations, channel, purchase type, tiers. */
function BirthdayConditions({ p, minimum: withMinimum }: { p: KindFieldsProps; minimum: boolean }) {
  const { t } = useTranslation();
  const tiers = useVipTierNames(true);
  const picked = String(p.fields.tierIds ?? "")
    .split(",")
    .filter((id) => id !== "");
  const toggle = (id: string, on: boolean) =>
    p.set("tierIds", (on ? [...picked, id] : picked.filter((x) => x !== id)).join(","));
  const minimum = p.fields.minimumRequirement;
  return (
    <Section title={t("earnDates.sections.conditions")}>
      {withMinimum ? (
        <FormLayout.Group>
          <Choice name="minimumRequirement" options={birthdayMinimums} p={p} />
          {minimum === "amount" || minimum === "quantity" ? (
            <Text_
              name={minimum === "amount" ? "minimumAmount" : "minimumQuantity"}
              field="minimumValue"
              type="number"
              p={p}
            />
          ) : null}
        </FormLayout.Group>
      ) : null}
      <BlockStack gap="100">
        <Text as="span" variant="bodyMd">
          {t("earnDates.fields.combinesWith.label")}
        </Text>
        <Check name="combineOrder" p={p} />
        <Check name="combineProduct" p={p} />
        <Check name="combineShipping" p={p} />
      </BlockStack>
      <FormLayout.Group>
        <Choice name="saleChannel" options={birthdaySaleChannels} p={p} />
        <Choice name="purchaseType" options={birthdayPurchaseTypes} p={p} />
      </FormLayout.Group>
      <BlockStack gap="100">
        <Text as="span" variant="bodyMd">
          {t("earnDates.fields.tierIds.label")}
        </Text>
        <Text as="p" tone="subdued">
          {t("earnDates.fields.tierIds.help")}
        </Text>
        {(tiers.data ?? []).map((tier) => (
          <Checkbox
            key={tier.id}
            label={tier.name}
            checked={picked.includes(tier.id)}
            onChange={(on) => toggle(tier.id, on)}
          />
        ))}
      </BlockStack>
    </Section>
  );
}

export function AnniversaryFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  return (
    <Section title={t("earnDates.sections.reward")}>
      <Text_ name="earnPoint" type="number" p={p} />
      <Text as="p" tone="subdued">
        {t("earnDates.anniversaryHelp")}
      </Text>
    </Section>
  );
}

export function SocialFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const action = String(p.fields.action ?? "");
  return (
    <Section title={t("earnDates.sections.social")}>
      <Choice name="action" options={socialActions} p={p} />
      {proSocialActions.has(action) ? (
        <InlineStack>
          <Badge tone="info">{t("earnDates.paidPlan")}</Badge>
        </InlineStack>
      ) : null}
      <Text_ name="url" type="url" p={p} />
      <Text_ name="earnPoint" type="number" p={p} />
      <Text as="p" tone="subdued">
        {t("earnDates.socialVerify")}
      </Text>
    </Section>
  );
}

export function VisitFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  return (
    <Section title={t("earnDates.sections.visit")}>
      <Text_ name="earnPoint" type="number" p={p} />
      <Check name="enabledAntiCheat" p={p} />
      <Check name="enableEarnPointsLimit" p={p} />
      {p.fields.enableEarnPointsLimit === true ? (
        <FormLayout.Group>
          <Text_ name="earnPointsLimit" type="number" p={p} />
          <Choice name="limitUnit" options={["hour", "day", "week", "month"]} p={p} />
        </FormLayout.Group>
      ) : null}
    </Section>
  );
}

/** G-17, G-18: regular-day points and milestone rows; G-19: locked once switched on. */
export function StreakFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const rows = milestonesOf(p.fields.streakMilestones);
  const setRows = (next: MilestoneRow[]) => p.set("streakMilestones", milestonesText(next));
  const locked = p.locked === true;
  return (
    <Section title={t("earnDates.sections.streak")}>
      {locked ? (
        <Text as="p" tone="caution">
          {t("earnDates.streakLocked")}
        </Text>
      ) : null}
      <Text_ name="earnPoint" type="number" p={p} disabled={locked} />
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t("earnDates.fields.streakMilestones.label")}
        </Text>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <InlineStack key={i} gap="200" blockAlign="end">
            <TextField
              label={t("earnDates.fields.milestoneDay.label")}
              type="number"
              value={row.day}
              onChange={(v) => setRows(rows.map((r, j) => (j === i ? { ...r, day: v } : r)))}
              autoComplete="off"
              disabled={locked}
            />
            <TextField
              label={t("earnDates.fields.milestonePoints.label")}
              type="number"
              value={row.points}
              onChange={(v) => setRows(rows.map((r, j) => (j === i ? { ...r, points: v } : r)))}
              autoComplete="off"
              disabled={locked}
            />
            <Button
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
              disabled={locked || rows.length === 1}
            >
              {t("earnDates.removeMilestone")}
            </Button>
          </InlineStack>
        ))}
        {p.error("config.streakMilestones") ? (
          <Text as="p" tone="critical">
            {p.error("config.streakMilestones")}
          </Text>
        ) : null}
        <InlineStack>
          <Button onClick={() => setRows([...rows, { day: "", points: "" }])} disabled={locked}>
            {t("earnDates.addMilestone")}
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          {t("earnDates.streakHelp")}
        </Text>
      </BlockStack>
    </Section>
  );
}
