import { BlockStack, Card, FormLayout, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { FieldCheck, FieldSelect, FieldText, type KindFieldsProps } from "./fields";
import { RewardScopeFields } from "./scope-fields";

const expiries = ["permanent", "1W", "2W", "1M", "3M", "6M", "1Y", "2Y", "specific", "custom"] as const;

/** D-01 … D-19: every redeeming kind, its kind-specific fields shown for it only. */
export function RewardFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const { event } = p;
  const isAmount = event === "amount_discount" || event === "pos_amount_discount";
  const isPercentage = event === "percentage_discount" || event === "pos_percentage_discount";
  const dynamic = isAmount && p.fields.redeemType === "dynamic";
  const text = (name: string, apiField: string, extra: Partial<Parameters<typeof FieldText>[0]> = {}) => (
    <FieldText name={name} fieldKey={name} apiField={apiField} type="number" p={p} {...extra} />
  );

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("programs.editor.reward")}
          </Text>
          <FormLayout>
            {isAmount ? (
              <FieldSelect
                name="redeemType"
                fieldKey="redeemType"
                apiField="config.redeemType"
                options={["fixed", "dynamic"]}
                p={p}
              />
            ) : null}
            {text(dynamic ? "pointsStep" : "pointsCost", "config.pointsCost", { fieldKey: "pointsCost" })}
            {dynamic ? (
              <FormLayout.Group>
                {text("minPoints", "config.minPoints")}
                {text("maxPoints", "config.maxPoints")}
              </FormLayout.Group>
            ) : null}
            {isAmount
              ? text(dynamic ? "stepValue" : "amountValue", "config.rewardValue", {
                  fieldKey: "rewardValue",
                  suffix: p.currency,
                })
              : null}
            {isPercentage
              ? text("percentValue", "config.rewardValue", { fieldKey: "rewardValue", suffix: "%" })
              : null}
            {event === "free_shipping"
              ? text("maxShippingAmount", "config.maxShippingAmount", { suffix: p.currency })
              : null}
            {event === "free_gift" ? (
              <>
                {text("freeGiftProductId", "config.freeGift.productId", { type: "text" })}
                {text("freeGiftVariantId", "config.freeGift.variantId", { type: "text" })}
                {text("freeGiftQuantity", "config.freeGift.quantity")}
              </>
            ) : null}
            {event === "buy_x_get_y" ? (
              <FormLayout.Group>
                {text("bxgyBuyQuantity", "config.bxgy.buyQuantity")}
                {text("bxgyGetQuantity", "config.bxgy.getQuantity")}
              </FormLayout.Group>
            ) : null}
            {event === "custom_voucher"
              ? text("voucherCodes", "config.voucherCodes", { type: "text", multiline: 4 })
              : null}
          </FormLayout>
        </BlockStack>
      </Card>
      <RewardScopeFields {...p} />
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("programs.editor.conditions")}
          </Text>
          <FormLayout>
            <FieldSelect
              name="minimumKind"
              fieldKey="minimumKind"
              apiField="config.minimumRequirement.kind"
              options={["none", "amount", "quantity"]}
              p={p}
            />
            {p.fields.minimumKind === "amount"
              ? text("minimumAmount", "config.minimumRequirement.amount", { suffix: p.currency })
              : null}
            {p.fields.minimumKind === "quantity"
              ? text("minimumQuantity", "config.minimumRequirement.quantity")
              : null}
            <FieldCheck name="combineOrder" p={p} />
            <FieldCheck name="combineProduct" p={p} />
            <FieldCheck name="combineShipping" p={p} />
            <FieldSelect
              name="availability"
              fieldKey="availability"
              apiField="config.availability"
              options={["redeemer_only", "everyone"]}
              p={p}
            />
            <FieldSelect
              name="channel"
              fieldKey="channel"
              apiField="config.channel"
              options={["applyOnlineStore", "applyPos", "applyAll"]}
              p={p}
            />
            <FieldSelect
              name="purchaseType"
              fieldKey="purchaseType"
              apiField="config.purchaseType"
              options={["one_time_purchase", "subscription_purchase", "both_purchase"]}
              p={p}
            />
            <FieldText name="codePrefix" fieldKey="codePrefix" apiField="config.codePrefix" p={p} />
            <FieldSelect
              name="rewardExpiry"
              fieldKey="rewardExpiry"
              apiField="config.rewardExpiry"
              options={expiries}
              p={p}
            />
            {p.fields.rewardExpiry === "specific" ? (
              <FieldText
                name="rewardExpiryDate"
                fieldKey="rewardExpiryDate"
                apiField="config.rewardExpiryDate"
                type="date"
                p={p}
              />
            ) : null}
            {p.fields.rewardExpiry === "custom" ? (
              <FieldText
                name="rewardExpiryDuration"
                fieldKey="rewardExpiryDuration"
                apiField="config.rewardExpiryDuration"
                p={p}
              />
            ) : null}
            <FormLayout.Group>
              {text("usageTotal", "config.usageLimit.total")}
              {text("usagePerCustomer", "config.usageLimit.perCustomer")}
              {text("usagePerOrder", "config.usageLimit.perOrder")}
            </FormLayout.Group>
          </FormLayout>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
