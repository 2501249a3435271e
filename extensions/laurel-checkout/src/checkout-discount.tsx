import "@shopify/ui-extensions/preact";
import type { ExtensionCheckoutDiscountResponse } from "@laurel/contracts";
import { render } from "preact";
import { useState } from "preact/hooks";
import { useLaurel } from "../../ui-shared/laurel-api";

/**
 * The checkout discount block (N-12, decision 0180): under the discount field, the signed-in
 * member's reward codes with the merchant's title and description, each applied in one click.
 * Checkout's info steps take app blocks on Plus stores only, as the admin says. Nothing
 * renders for a guest, a member without codes, or while the merchant has the block off.
 */
export default async () => {
  render(<CheckoutDiscount />, document.body);
};

const token = () => shopify.sessionToken.get();

export function CheckoutDiscount() {
  const locale = shopify.localization.language.value.isoCode;
  const loaded = useLaurel<ExtensionCheckoutDiscountResponse>("/extensions/checkout-discount", token, locale);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (loaded.state !== "ready") return null;
  const { block, coupons } = loaded.data;
  if (!block || coupons.length === 0) return null;

  const applied = new Set(shopify.discountCodes.value.map((d) => d.code.toUpperCase()));
  const canApply = shopify.instructions.value.discounts.canUpdateDiscountCodes;
  const apply = async (code: string) => {
    setBusy(code);
    setFailed(null);
    const result = await shopify.applyDiscountCodeChange({ type: "addDiscountCode", code });
    setBusy(null);
    if (result.type === "error") setFailed(code);
  };

  return (
    <s-section heading={block.title}>
      <s-stack gap="base">
        {block.description ? <s-paragraph>{block.description}</s-paragraph> : null}
        {failed ? (
          <s-banner tone="critical">{shopify.i18n.translate("applyFailed", { code: failed })}</s-banner>
        ) : null}
        {coupons.map((coupon) => {
          const isApplied = applied.has(coupon.code.toUpperCase());
          return (
            <s-stack
              key={coupon.id}
              direction="inline"
              gap="base"
              alignItems="center"
              justifyContent="space-between"
            >
              <s-stack gap="none">
                <s-text>{coupon.title}</s-text>
                <s-text type="strong">{coupon.code}</s-text>
              </s-stack>
              <s-button
                variant="secondary"
                disabled={isApplied || !canApply}
                loading={busy === coupon.code}
                onClick={() => void apply(coupon.code)}
              >
                {shopify.i18n.translate(isApplied ? "applied" : "apply")}
              </s-button>
            </s-stack>
          );
        })}
      </s-stack>
    </s-section>
  );
}
