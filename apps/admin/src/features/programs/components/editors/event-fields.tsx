import { BlockStack, Button, Card, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { DeleteIcon, PlusIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import {
  type MilestoneRow,
  milestoneActions,
  milestoneRowsOf,
  milestoneTypes,
  reviewApps,
} from "../../utils/event-program-form";
import { type KindFieldsProps, LimitFields } from "./fields";

/** A text input labelled from `earnEvents.fields.<name>` (label, optional help). */
function Text2({
  name,
  p,
  type = "text",
}: {
  name: string;
  p: KindFieldsProps;
  type?: "text" | "number" | "url";
}) {
  const { t, i18n } = useTranslation();
  const help = `earnEvents.fields.${name}.help`;
  return (
    <TextField
      label={t(`earnEvents.fields.${name}.label`)}
      helpText={i18n.exists(help) ? t(help) : undefined}
      type={type}
      value={String(p.fields[name] ?? "")}
      onChange={(v) => p.set(name, v)}
      error={p.error(`config.${name}`)}
      autoComplete="off"
    />
  );
}

function Choice({ name, options, p }: { name: string; options: readonly string[]; p: KindFieldsProps }) {
  const { t, i18n } = useTranslation();
  const help = `earnEvents.fields.${name}.help`;
  return (
    <Select
      label={t(`earnEvents.fields.${name}.label`)}
      helpText={i18n.exists(help) ? t(help) : undefined}
      options={options.map((value) => ({ value, label: t(`earnEvents.options.${name}.${value}`) }))}
      value={String(p.fields[name] ?? "")}
      onChange={(v) => p.set(name, v)}
      error={p.error(`config.${name}`)}
    />
  );
}

/** G-11: what the widget shows. */
function DisplayCard({ p }: { p: KindFieldsProps }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("earnEvents.editor.display")}
        </Text>
        <FormLayout>
          <Text2 name="headline" p={p} />
          <Text2 name="buttonText" p={p} />
          {p.event === "write_review" ? <Text2 name="redirectLink" p={p} /> : null}
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

function EarningCard({ p, children }: { p: KindFieldsProps; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("earnEvents.editor.earning")}
        </Text>
        <FormLayout>
          <Text2 name="earnPoint" p={p} type="number" />
          {children}
          <LimitFields p={p} />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

/** G-10, G-12, G-13: write review. */
export function ReviewFields(p: KindFieldsProps) {
  return (
    <BlockStack gap="400">
      <EarningCard p={p}>
        <Text2 name="mediaBonusPoints" p={p} type="number" />
        <Text2 name="minCharacters" p={p} type="number" />
        <Choice name="minRating" options={["3", "4", "5"]} p={p} />
        <Choice name="approval" options={["manual", "auto"]} p={p} />
        <Choice name="reviewApp" options={reviewApps} p={p} />
      </EarningCard>
      <DisplayCard p={p} />
    </BlockStack>
  );
}

/** G-15: Google Maps review. */
export function GoogleReviewFields(p: KindFieldsProps) {
  return (
    <BlockStack gap="400">
      <EarningCard p={p}>
        <Text2 name="instantPoints" p={p} type="number" />
        <Text2 name="placeUrl" p={p} type="url" />
      </EarningCard>
      <DisplayCard p={p} />
    </BlockStack>
  );
}

/** C-29: fill survey. */
export function SurveyFields(p: KindFieldsProps) {
  return (
    <BlockStack gap="400">
      <EarningCard p={p}>
        <Text2 name="surveyUrl" p={p} type="url" />
      </EarningCard>
      <DisplayCard p={p} />
    </BlockStack>
  );
}

/** C-28: custom program. */
export function CustomFields(p: KindFieldsProps) {
  return (
    <BlockStack gap="400">
      <EarningCard p={p}>
        <Text2 name="actionUrl" p={p} type="url" />
      </EarningCard>
      <DisplayCard p={p} />
    </BlockStack>
  );
}

/** F-01 … F-05: type, progression and the ladder (unique positive values). */
export function MilestoneFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const rows = milestoneRowsOf(p.fields.milestones);
  const write = (next: MilestoneRow[]) => p.set("milestones", JSON.stringify(next));
  const change = (i: number, patch: Partial<MilestoneRow>) =>
    write(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const unit = t(`earnEvents.units.${String(p.fields.typeMilestone)}`);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("earnEvents.editor.milestones")}
        </Text>
        <FormLayout>
          <Choice name="typeMilestone" options={milestoneTypes} p={p} />
          <Choice name="progression" options={["highest", "all"]} p={p} />
        </FormLayout>
        {p.error("config.milestones") ? (
          <Text as="p" tone="critical">
            {p.error("config.milestones")}
          </Text>
        ) : null}
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; the index is their place in the ladder.
          <InlineStack key={i} gap="200" blockAlign="end" wrap={false}>
            <TextField
              label={t("earnEvents.fields.milestoneValue.label", { unit })}
              type="number"
              value={row.value}
              onChange={(v) => change(i, { value: v })}
              error={p.error(`config.milestones.${i}.value`)}
              autoComplete="off"
            />
            <Select
              label={t("earnEvents.fields.action.label")}
              options={milestoneActions.map((a) => ({
                value: a,
                label: t(`earnEvents.options.action.${a}`),
              }))}
              value={row.action}
              onChange={(v) => change(i, { action: v })}
            />
            {row.action === "bonus_point" ? (
              <TextField
                label={t("earnEvents.fields.earnPoint.label")}
                type="number"
                value={row.earnPoint}
                onChange={(v) => change(i, { earnPoint: v })}
                error={p.error(`config.milestones.${i}.earnPoint`)}
                autoComplete="off"
              />
            ) : row.action === "amount" || row.action === "percentage" ? (
              <TextField
                label={t(`earnEvents.fields.rewardValue.${row.action}`)}
                type="number"
                value={row.rewardValue}
                onChange={(v) => change(i, { rewardValue: v })}
                error={p.error(`config.milestones.${i}.rewardValue`)}
                autoComplete="off"
              />
            ) : row.action === "give_product" ? (
              <TextField
                label={t("earnEvents.fields.productId.label")}
                value={row.productId}
                onChange={(v) => change(i, { productId: v })}
                error={p.error(`config.milestones.${i}.productId`)}
                autoComplete="off"
              />
            ) : null}
            <Button
              icon={DeleteIcon}
              accessibilityLabel={t("earnEvents.editor.removeMilestone")}
              onClick={() => write(rows.filter((_, j) => j !== i))}
            />
          </InlineStack>
        ))}
        <InlineStack>
          <Button
            icon={PlusIcon}
            onClick={() =>
              write([
                ...rows,
                { value: "", action: "bonus_point", earnPoint: "", rewardValue: "", productId: "" },
              ])
            }
          >
            {t("earnEvents.editor.addMilestone")}
          </Button>
        </InlineStack>
        <Text as="p" variant="bodySm" tone="subdued">
          {t("earnEvents.editor.couponNote")}
        </Text>
      </BlockStack>
    </Card>
  );
}
