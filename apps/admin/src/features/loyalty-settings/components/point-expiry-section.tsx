import type { LoyaltySettings } from "@laurel/contracts";
import {
  Badge,
  BlockStack,
  Card,
  InlineStack,
  Layout,
  Link,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useAppPaths } from "../../../lib/routing";

/** H-07: the periods offered in the list; any other code the API holds shows as custom. */
export const expiryPresets = ["permanent", "1M", "3M", "6M", "1Y", "2Y"] as const;
const customUnits = ["D", "W", "M", "Y"] as const;
type CustomUnit = (typeof customUnits)[number];

/** The point expiry fields as typed. */
export interface PointExpiryForm {
  expiry: string;
  customValue: string;
  customUnit: CustomUnit;
}

export function pointExpiryFormOf(s: LoyaltySettings["pointExpiry"]): PointExpiryForm {
  const preset = (expiryPresets as readonly string[]).includes(s.expiry);
  const code = preset ? null : s.expiry === "custom" ? s.customDuration : s.expiry;
  const parsed = /^(\d+)([DWMY])$/.exec(code ?? "");
  return {
    expiry: preset ? s.expiry : "custom",
    customValue: parsed?.[1] ?? "45",
    customUnit: (parsed?.[2] as CustomUnit | undefined) ?? "D",
  };
}

/** The form as `PUT /lp/settings` takes it: a custom period is `custom` with its code (`45D`). */
export function pointExpiryBodyOf(f: PointExpiryForm): LoyaltySettings["pointExpiry"] {
  return f.expiry === "custom"
    ? { expiry: "custom", customDuration: `${f.customValue.trim()}${f.customUnit}` }
    : { expiry: f.expiry, customDuration: null };
}

interface Props {
  form: PointExpiryForm;
  access: LoyaltySettings["pointExpiryAccess"];
  errors: Record<string, string>;
  onChange: (next: PointExpiryForm) => void;
}

/**
 * Point expiration (H-07, H-08, R-04): a member's points expire after a period with no point
 * activity; Essential-gated. The reminder e-mails (L-05) are set on the notification they send.
 */
export function PointExpirySection({ form, access, errors, onChange }: Props) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const set = <K extends keyof PointExpiryForm>(key: K, value: PointExpiryForm[K]) =>
    onChange({ ...form, [key]: value });
  // Below the plan only "never" can be chosen; a period saved before a downgrade stays shown.
  const locked = !access.allowed;
  return (
    <Layout.AnnotatedSection
      id="settings-point-expiry"
      title={t("loyaltySettings.expiry.title")}
      description={t("loyaltySettings.expiry.description")}
    >
      <Card>
        <BlockStack gap="400">
          {locked ? (
            <InlineStack>
              <Badge tone="info">
                {t("loyaltySettings.colors.availableInPlan", { plan: access.requiredPlan })}
              </Badge>
            </InlineStack>
          ) : null}
          <Select
            label={t("loyaltySettings.expiry.label")}
            helpText={t("loyaltySettings.expiry.help")}
            options={[...expiryPresets, "custom"].map((v) => ({
              value: v,
              label: t(`loyaltySettings.expiry.options.${v}`),
              disabled: locked && v !== "permanent" && v !== form.expiry,
            }))}
            value={form.expiry}
            onChange={(v) => set("expiry", v)}
            error={errors.expiry}
          />
          {form.expiry === "custom" ? (
            <InlineStack gap="200" blockAlign="start">
              <TextField
                label={t("loyaltySettings.expiry.customValue")}
                type="number"
                min={1}
                value={form.customValue}
                onChange={(v) => set("customValue", v)}
                error={errors.customDuration}
                autoComplete="off"
                disabled={locked}
              />
              <Select
                label={t("loyaltySettings.expiry.customUnit")}
                options={customUnits.map((u) => ({
                  value: u,
                  label: t(`loyaltySettings.expiry.units.${u}`),
                }))}
                value={form.customUnit}
                onChange={(v) => set("customUnit", v as CustomUnit)}
                disabled={locked}
              />
            </InlineStack>
          ) : null}
          <Text as="p" tone="subdued">
            {t("loyaltySettings.expiry.reminders")}{" "}
            <Link url={href("/settings/notifications/points_expiring")}>
              {t("loyaltySettings.expiry.remindersLink")}
            </Link>
          </Text>
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
