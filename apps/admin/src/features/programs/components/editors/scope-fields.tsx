import type { CatalogueProduct } from "@laurel/contracts";
import { BlockStack, Card, Checkbox, FormLayout, InlineError, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useVipTierNames } from "../../api/get-vip-tiers";
import { MAX_PICKED_PRODUCTS, scopedRewards } from "../../utils/program-form";
import { CataloguePicker } from "../pickers/catalogue-picker";
import { FieldCheck, FieldSelect, FieldText, type KindFieldsProps } from "./fields";

const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * C-14, C-20: which products a place order program earns on, which never earn (in every order,
 * in POS orders, in online orders), and the amount options the first editor left out.
 */
export function PlaceOrderScopeFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const picker = (name: string, kind: "products" | "collections", fieldKey: string, apiField: string) => (
    <CataloguePicker
      kind={kind}
      name={name}
      value={text(p.fields[fieldKey])}
      onChange={(v) => p.set(fieldKey, v)}
      error={p.error(apiField)}
      {...(kind === "products" ? { max: MAX_PICKED_PRODUCTS } : {})}
    />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("programs.pickers.scopeTitle")}
        </Text>
        <FormLayout>
          <FieldSelect
            name="includeAppliesTo"
            fieldKey="includeAppliesTo"
            apiField="config.includeProducts.appliesTo"
            options={["all", "specific"]}
            p={p}
          />
          {p.fields.includeAppliesTo === "specific" ? (
            <>
              {picker(
                "includeProducts",
                "products",
                "includeProductIds",
                "config.includeProducts.productIds",
              )}
              {picker(
                "includeCollections",
                "collections",
                "includeCollectionIds",
                "config.includeProducts.collectionIds",
              )}
            </>
          ) : null}
          {picker("excludeProducts", "products", "excludeProductIds", "config.excludeProducts.productIds")}
          {picker(
            "excludeCollections",
            "collections",
            "excludeCollectionIds",
            "config.excludeProducts.collectionIds",
          )}
          {picker(
            "excludePosProducts",
            "products",
            "excludePosProductIds",
            "config.excludePOSOrderProducts.productIds",
          )}
          {picker(
            "excludeOsProducts",
            "products",
            "excludeOsProductIds",
            "config.excludeOSOrderProducts.productIds",
          )}
          <FieldCheck name="keepOriginalStep" p={p} />
          <FieldCheck name="earnZeroPriceItems" p={p} />
          <FieldCheck name="earnPointFees" p={p} />
          <FieldText
            name="excludedTaxTypes"
            fieldKey="excludedTaxTypes"
            apiField="config.excludedTaxTypes"
            p={p}
          />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

/** D-05, D-16, D-17: the items a reward's discount covers, the free gift, a BXGY's two sides. */
export function RewardScopeFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const { event } = p;
  const freeGiftVariants = (product: CatalogueProduct) => {
    p.set("freeGiftProductId", product.id);
    p.set("freeGiftVariantId", product.variants[0]?.id ?? "");
  };
  const scoped = scopedRewards.includes(event);
  if (!scoped && event !== "free_gift" && event !== "buy_x_get_y") return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("programs.pickers.rewardScopeTitle")}
        </Text>
        <FormLayout>
          {scoped ? (
            <>
              <FieldSelect
                name="appliesTo"
                fieldKey="appliesTo"
                apiField="config.appliesTo"
                options={["all", "specific", "sf_product"]}
                p={p}
              />
              {p.fields.appliesTo === "specific" ? (
                <CataloguePicker
                  kind="collections"
                  name="rewardCollections"
                  value={text(p.fields.collectionIds)}
                  onChange={(v) => p.set("collectionIds", v)}
                  error={p.error("config.collectionIds")}
                />
              ) : null}
              {p.fields.appliesTo === "sf_product" ? (
                <CataloguePicker
                  kind="products"
                  name="rewardProducts"
                  value={text(p.fields.productIds)}
                  onChange={(v) => p.set("productIds", v)}
                  error={p.error("config.productIds")}
                  max={MAX_PICKED_PRODUCTS}
                />
              ) : null}
            </>
          ) : null}
          {event === "free_gift" ? <FreeGiftPicker p={p} onPick={freeGiftVariants} /> : null}
          {event === "buy_x_get_y" ? (
            <>
              <CataloguePicker
                kind="products"
                name="bxgyBuyProducts"
                value={text(p.fields.bxgyBuyProductIds)}
                onChange={(v) => p.set("bxgyBuyProductIds", v)}
                error={p.error("config.bxgy.buyItems.productIds")}
                max={MAX_PICKED_PRODUCTS}
              />
              <CataloguePicker
                kind="products"
                name="bxgyGetProducts"
                value={text(p.fields.bxgyGetProductIds)}
                onChange={(v) => p.set("bxgyGetProductIds", v)}
                error={
                  p.error("config.bxgy.getItems.appliesTo") ?? p.error("config.bxgy.getItems.productIds")
                }
                max={MAX_PICKED_PRODUCTS}
              />
            </>
          ) : null}
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

/** D-16: the free product, then its variant (required) among the product's variants. */
function FreeGiftPicker({ p, onPick }: { p: KindFieldsProps; onPick: (product: CatalogueProduct) => void }) {
  // The variant stays editable in the reward card (`freeGiftVariantId`); picking fills it.
  return (
    <CataloguePicker
      kind="products"
      name="freeGiftProduct"
      single
      value={text(p.fields.freeGiftProductId)}
      onChange={(v) => {
        p.set("freeGiftProductId", v);
        if (v === "") p.set("freeGiftVariantId", "");
      }}
      onPick={onPick}
      error={p.error("config.freeGift.variantId")}
    />
  );
}

/** C-22: "VIP tier only" names the tiers whose members earn. */
export function VipTierFields(p: KindFieldsProps) {
  const { t } = useTranslation();
  const tiers = useVipTierNames(true);
  const picked = text(p.fields.vipTierIds)
    .split(",")
    .filter((s) => s !== "");
  const toggle = (id: string, on: boolean) =>
    p.set("vipTierIds", (on ? [...picked, id] : picked.filter((x) => x !== id)).join(","));
  const error = p.error("config.vipTierIds");
  return (
    <BlockStack gap="100">
      <Text as="span" variant="bodyMd">
        {t("programs.fields.vipTierIds.label")}
      </Text>
      {tiers.data?.length === 0 ? (
        <Text as="p" tone="subdued">
          {t("programs.pickers.noTiers")}
        </Text>
      ) : null}
      {(tiers.data ?? []).map((tier) => (
        <Checkbox
          key={tier.id}
          label={tier.name}
          checked={picked.includes(tier.id)}
          onChange={(on) => toggle(tier.id, on)}
        />
      ))}
      {error ? <InlineError message={error} fieldID="vip-tiers" /> : null}
    </BlockStack>
  );
}
