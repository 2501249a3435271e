import {
  Badge,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { DeleteIcon, PlusIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConditionRow } from "../../utils/program-form";
import { FieldCheck, FieldSelect, FieldText, type KindFieldsProps, LimitFields } from "./fields";
import { PlaceOrderScopeFields, VipTierFields } from "./scope-fields";

/** C-25, C-26: sign up and newsletter sign up. */
export function SignUpFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("programs.editor.earning")}
        </Text>
        <FormLayout>
          <FieldText name="earnPoint" fieldKey="earnPoint" apiField="config.earnPoint" type="number" p={p} />
          <LimitFields p={p} />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

const earnByValues = ["price", "order", "item", "fixed_order"] as const;
const roundings = ["roundingDown", "roundingUp", "roundingNearest"] as const;
const audiences = ["member", "member_and_guest", "vip_tier", "b2b_partner"] as const;
const channels = ["online_store", "online_store_and_pos", "pos", "all", "draft_order"] as const;

/**
 * C-19: the fields a condition may test, per criterion (the engine's catalogue: order money in
 * minor units). Kept in step with the domain's `conditionFields`.
 */
const conditionFields: Record<string, readonly string[]> = {
  order: ["subtotal", "total", "item_count", "tag", "source", "discount_code"],
  product: ["title", "type", "vendor", "tag", "sku"],
  customer: ["tag", "email", "orders_count", "total_spent", "vip_tier"],
  collection: ["id", "title"],
};
const numberFields = new Set(["subtotal", "total", "item_count", "orders_count", "total_spent"]);
const textMatchers = [
  "contains",
  "not_contains",
  "equal",
  "not_equal",
  "start",
  "end",
  "includes",
  "not_includes",
  "empty",
  "not_empty",
];
const numberMatchers = [
  "equal",
  "not_equal",
  "includes",
  "not_includes",
  "greater_than",
  "greater_than_or_equal_to",
  "less_than",
  "less_than_or_equal_to",
  "empty",
  "not_empty",
];

/** C-12 … C-24: place order, with the rule engine (C-18, C-19) under Advanced. */
export function PlaceOrderFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const [confirmEngine, setConfirmEngine] = useState(false);
  const earnBy = p.fields.earnBy;
  const conditions = (Array.isArray(p.fields.conditions) ? p.fields.conditions : []) as ConditionRow[];
  const setRow = (i: number, patch: Partial<ConditionRow>) =>
    p.set(
      "conditions",
      conditions.map((row, j) => (j === i ? { ...row, ...patch } : row)),
    );
  const engineOn = p.fields.statusUseCondition === true;
  const rowLabel = (i: number, what: string) => t("programs.fields.condition.rowLabel", { n: i + 1, what });

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("programs.editor.earning")}
          </Text>
          <FormLayout>
            <FieldSelect
              name="earnBy"
              fieldKey="earnBy"
              apiField="config.earnBy"
              options={earnByValues}
              p={p}
            />
            <FormLayout.Group>
              <FieldText
                name="earnPoint"
                fieldKey="earnPoint"
                apiField="config.earnPoint"
                type="number"
                p={p}
              />
              {earnBy === "price" || earnBy === "fixed_order" ? (
                <FieldText
                  name="rateMoney"
                  fieldKey="rateMoney"
                  apiField="config.rateMoney"
                  type="number"
                  suffix={p.currency}
                  p={p}
                />
              ) : null}
              {earnBy === "item" ? (
                <FieldText
                  name="rateItem"
                  fieldKey="rateItem"
                  apiField="config.rateItem"
                  type="number"
                  p={p}
                />
              ) : null}
            </FormLayout.Group>
            <FieldSelect
              name="rounding"
              fieldKey="rounding"
              apiField="config.rounding"
              options={roundings}
              p={p}
            />
            <FieldSelect
              name="applyTo"
              fieldKey="applyTo"
              apiField="config.applyTo"
              options={audiences}
              p={p}
            />
            {p.fields.applyTo === "vip_tier" ? <VipTierFields {...p} /> : null}
            <FieldSelect
              name="appliedPlaceOrderTo"
              fieldKey="appliedPlaceOrderTo"
              apiField="config.appliedPlaceOrderTo"
              options={channels}
              p={p}
            />
          </FormLayout>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("programs.editor.options")}
          </Text>
          <FormLayout>
            <LimitFields p={p} />
            <FieldCheck name="enabledAntiCheat" p={p} />
            <FieldCheck name="autoRemovePoints" p={p} />
            <FieldCheck name="earnPointTax" p={p} />
            <FieldCheck name="earnPointShippingFee" p={p} />
            <FieldCheck name="excludeGiftCard" p={p} />
            <FieldCheck name="excludeStoreCredit" p={p} />
            <FieldCheck name="excludeFreeGift" p={p} />
            <FieldText
              name="excludeOrderTags"
              fieldKey="excludeOrderTags"
              apiField="config.excludeOrderTags"
              p={p}
            />
          </FormLayout>
        </BlockStack>
      </Card>
      <PlaceOrderScopeFields {...p} />
      <Card>
        <BlockStack gap="300">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {t("programs.editor.ruleEngine")}
            </Text>
            <Badge tone="magic">Advanced</Badge>
          </InlineStack>
          {!p.ruleEngineAllowed ? (
            <Text as="p" tone="subdued">
              {t("programs.editor.ruleEngineLocked")}
            </Text>
          ) : null}
          <FormLayout>
            <FieldCheck
              name="statusUseCondition"
              p={{
                ...p,
                set: (key, value) => {
                  if (value === true && !engineOn) setConfirmEngine(true);
                  else p.set(key, value);
                },
              }}
              disabled={!p.ruleEngineAllowed || p.fields.ruleEngineApplied === true}
            />
            {p.fields.ruleEngineApplied === true ? (
              <Text as="p" tone="subdued">
                {t("programs.editor.ruleEngineApplied")}
              </Text>
            ) : null}
            {engineOn ? (
              <>
                <FieldSelect
                  name="typeCondition"
                  fieldKey="typeCondition"
                  apiField="config.typeCondition"
                  options={["all", "any"]}
                  p={p}
                />
                {conditions.map((row, i) => {
                  const isNumber = numberFields.has(row.field);
                  const matchers = isNumber ? numberMatchers : textMatchers;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; order is their identity
                    <FormLayout.Group key={i} condensed>
                      <Selectish
                        label={rowLabel(i, t("programs.fields.condition.criteria"))}
                        value={row.criteria}
                        options={Object.keys(conditionFields).map((v) => ({
                          value: v,
                          label: t(`programs.options.criteria.${v}`),
                        }))}
                        onChange={(criteria) => setRow(i, { criteria, field: "", matcher: "" })}
                      />
                      <Selectish
                        label={rowLabel(i, t("programs.fields.condition.field"))}
                        value={row.field}
                        options={(conditionFields[row.criteria] ?? []).map((v) => ({
                          value: v,
                          label: t(`programs.options.conditionField.${v}`),
                        }))}
                        onChange={(field) => setRow(i, { field, matcher: "" })}
                        error={p.error(`config.conditions.${i}.field`)}
                      />
                      <Selectish
                        label={rowLabel(i, t("programs.fields.condition.matcher"))}
                        value={row.matcher}
                        options={matchers.map((v) => ({
                          value: v,
                          label: t(`programs.options.matcher.${v}`),
                        }))}
                        onChange={(matcher) => setRow(i, { matcher })}
                        error={p.error(`config.conditions.${i}.matcher`)}
                      />
                      <ConditionValue
                        label={rowLabel(i, t("programs.fields.condition.value"))}
                        row={row}
                        onChange={(value) => setRow(i, { value })}
                        error={p.error(`config.conditions.${i}.value`)}
                        onRemove={() =>
                          p.set(
                            "conditions",
                            conditions.filter((_, j) => j !== i),
                          )
                        }
                        removeLabel={t("programs.fields.condition.remove", { n: i + 1 })}
                      />
                    </FormLayout.Group>
                  );
                })}
                {p.error("config.conditions") ? (
                  <Text as="p" tone="critical">
                    {p.error("config.conditions")}
                  </Text>
                ) : null}
                <InlineStack>
                  <Button
                    icon={PlusIcon}
                    onClick={() =>
                      p.set("conditions", [
                        ...conditions,
                        { criteria: "order", field: "", matcher: "", value: "" },
                      ])
                    }
                  >
                    {t("programs.fields.condition.add")}
                  </Button>
                </InlineStack>
                <FieldCheck name="stopProcessing" p={p} />
              </>
            ) : null}
          </FormLayout>
        </BlockStack>
      </Card>
      <Modal
        open={confirmEngine}
        onClose={() => setConfirmEngine(false)}
        title={t("programs.editor.applyEngineTitle")}
        primaryAction={{
          content: t("programs.editor.applyEngine"),
          onAction: () => {
            p.set("statusUseCondition", true);
            if (conditions.length === 0)
              p.set("conditions", [{ criteria: "order", field: "", matcher: "", value: "" }]);
            setConfirmEngine(false);
          },
        }}
        secondaryActions={[{ content: t("programs.editor.cancel"), onAction: () => setConfirmEngine(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t("programs.editor.applyEngineBody")}</Text>
        </Modal.Section>
      </Modal>
    </BlockStack>
  );
}

function Selectish(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={props.label}
      labelHidden={false}
      options={[
        { value: "", label: t("programs.fields.condition.choose"), disabled: true },
        ...props.options,
      ]}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

function ConditionValue(props: {
  label: string;
  row: ConditionRow;
  onChange: (v: string) => void;
  error?: string | undefined;
  onRemove: () => void;
  removeLabel: string;
}) {
  const valueless = props.row.matcher === "empty" || props.row.matcher === "not_empty";
  return (
    <TextField
      label={props.label}
      value={valueless ? "" : props.row.value}
      disabled={valueless}
      onChange={props.onChange}
      error={props.error}
      autoComplete="off"
      connectedRight={
        <Button icon={DeleteIcon} onClick={props.onRemove} accessibilityLabel={props.removeLabel} />
      }
    />
  );
}
