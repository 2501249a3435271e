import { type BrandColors, dateFormats, type LoyaltySettings } from "@laurel/contracts";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Layout,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { TagPastOrders } from "./tag-past-orders";

/** The General (M-02) and Colours (M-04) fields of the settings form, as typed. */
export interface GeneralColourForm {
  timeZone: string;
  dateFormat: LoyaltySettings["general"]["dateFormat"];
  loginRedirectUrl: string;
  signUpRedirectUrl: string;
  cartDrawerSelector: string;
  /** Comma-separated, as the merchant types them. */
  orderTags: string;
  customerTags: string;
  colors: BrandColors;
}

export const generalColourFormOf = (s: LoyaltySettings): GeneralColourForm => ({
  timeZone: s.general.timeZone ?? "",
  dateFormat: s.general.dateFormat,
  loginRedirectUrl: s.general.loginRedirectUrl ?? "",
  signUpRedirectUrl: s.general.signUpRedirectUrl ?? "",
  cartDrawerSelector: s.general.cartDrawerSelector ?? "",
  orderTags: s.general.orderTags.join(", "),
  customerTags: s.general.customerTags.join(", "),
  colors: s.colors,
});

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

/** "Loyalty, VIP ," → ["Loyalty", "VIP"]: commas separate tags, as on the platform. */
const tagsOf = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t !== ""),
  ),
];

/** The General section as `PUT /lp/settings` takes it: an empty field is "not set". */
export const generalBodyOf = (f: GeneralColourForm): LoyaltySettings["general"] => ({
  timeZone: orNull(f.timeZone),
  dateFormat: f.dateFormat,
  loginRedirectUrl: orNull(f.loginRedirectUrl),
  signUpRedirectUrl: orNull(f.signUpRedirectUrl),
  cartDrawerSelector: orNull(f.cartDrawerSelector),
  orderTags: tagsOf(f.orderTags),
  customerTags: tagsOf(f.customerTags),
});

/** The runtime's IANA zones (every current browser lists them), and the saved one if it is not among them. */
function timeZones(saved: string): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? ["UTC"];
  return saved && !zones.includes(saved) ? [saved, ...zones] : zones;
}

const SAMPLE_DATE = "2026-03-03";
const COLOUR_KEYS = ["primary", "secondary", "accent", "loyaltyPageButton"] as const;

interface Props {
  form: GeneralColourForm;
  saved: LoyaltySettings;
  errors: Record<string, string>;
  onChange(next: GeneralColourForm): void;
  /** Where the weekly report's recipients are set (its card on the same page). */
  weeklyReportAnchor: string;
  /** The General section (first on the page) or the Colours one. */
  part: "general" | "colors";
}

/**
 * M-02: store time zone, date format, sign-in and sign-up pages, the theme's cart drawer, and a
 * link to the weekly report's recipients. M-04: the brand colours of e-mails and the loyalty page,
 * Essential-gated (R-04, R-11 badge), the primary one also with the shop's free-primary flag.
 */
export function GeneralColourSection({ form, saved, errors, onChange, weeklyReportAnchor, part }: Props) {
  const { t, i18n } = useTranslation();
  const set = <K extends keyof GeneralColourForm>(key: K, value: GeneralColourForm[K]) =>
    onChange({ ...form, [key]: value });
  const zoneOptions = useMemo(
    () => [
      { value: "", label: t("loyaltySettings.general.timeZoneStore", { zone: saved.platformTimeZone }) },
      ...timeZones(saved.general.timeZone ?? "").map((z) => ({ value: z, label: z.replace(/_/g, " ") })),
    ],
    [saved.platformTimeZone, saved.general.timeZone, t],
  );
  const sample = (format: (typeof dateFormats)[number]) => {
    const [y, m, d] = SAMPLE_DATE.split("-");
    if (format === "MM/DD/YYYY") return `${m}/${d}/${y}`;
    if (format === "DD/MM/YYYY") return `${d}/${m}/${y}`;
    if (format === "YYYY-MM-DD") return SAMPLE_DATE;
    return new Intl.DateTimeFormat(i18n.language, { month: "long", day: "numeric", timeZone: "UTC" }).format(
      new Date(`${SAMPLE_DATE}T00:00:00Z`),
    );
  };
  const access = saved.colorsAccess;
  if (part === "general") {
    return (
      <Layout.AnnotatedSection
        id="settings-general"
        title={t("loyaltySettings.general.title")}
        description={t("loyaltySettings.general.description")}
      >
        <Card>
          <BlockStack gap="400">
            <Select
              label={t("loyaltySettings.general.timeZone")}
              helpText={t("loyaltySettings.general.timeZoneHelp")}
              options={zoneOptions}
              value={form.timeZone}
              onChange={(v) => set("timeZone", v)}
              error={errors.timeZone}
            />
            <Select
              label={t("loyaltySettings.general.dateFormat")}
              options={dateFormats.map((f) => ({
                value: f,
                label: t(
                  `loyaltySettings.general.dateFormats.${f === "month_day" ? "monthDay" : "numeric"}`,
                  {
                    format: f,
                    example: sample(f),
                  },
                ),
              }))}
              value={form.dateFormat}
              onChange={(v) => set("dateFormat", v as GeneralColourForm["dateFormat"])}
              error={errors.dateFormat}
            />
            <TextField
              label={t("loyaltySettings.general.loginUrl")}
              helpText={t("loyaltySettings.general.urlHelp")}
              placeholder="/account/login"
              value={form.loginRedirectUrl}
              onChange={(v) => set("loginRedirectUrl", v)}
              error={errors.loginRedirectUrl}
              autoComplete="off"
            />
            <TextField
              label={t("loyaltySettings.general.signUpUrl")}
              helpText={t("loyaltySettings.general.urlHelp")}
              placeholder="/account/register"
              value={form.signUpRedirectUrl}
              onChange={(v) => set("signUpRedirectUrl", v)}
              error={errors.signUpRedirectUrl}
              autoComplete="off"
            />
            <TextField
              label={t("loyaltySettings.general.cartDrawer")}
              helpText={t("loyaltySettings.general.cartDrawerHelp")}
              placeholder="#cart-drawer"
              value={form.cartDrawerSelector}
              onChange={(v) => set("cartDrawerSelector", v)}
              error={errors.cartDrawerSelector}
              autoComplete="off"
            />
            <TextField
              label={t("loyaltySettings.general.orderTags")}
              helpText={t("loyaltySettings.general.orderTagsHelp")}
              placeholder="Loyalty"
              value={form.orderTags}
              onChange={(v) => set("orderTags", v)}
              error={errors.orderTags}
              autoComplete="off"
            />
            <TextField
              label={t("loyaltySettings.general.customerTags")}
              helpText={t("loyaltySettings.general.customerTagsHelp")}
              placeholder="Loyalty member"
              value={form.customerTags}
              onChange={(v) => set("customerTags", v)}
              error={errors.customerTags}
              autoComplete="off"
            />
            <TagPastOrders
              hasSavedTags={saved.general.orderTags.length + saved.general.customerTags.length > 0}
            />
            <InlineStack gap="200" blockAlign="center">
              <Text as="p" tone="subdued">
                {t("loyaltySettings.general.weeklyReport")}
              </Text>
              <Button
                variant="plain"
                onClick={() =>
                  document.getElementById(weeklyReportAnchor)?.scrollIntoView({ behavior: "smooth" })
                }
              >
                {t("loyaltySettings.general.weeklyReportLink")}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
    );
  }
  return (
    <Layout.AnnotatedSection
      id="settings-colors"
      title={t("loyaltySettings.colors.title")}
      description={t("loyaltySettings.colors.description")}
    >
      <Card>
        <BlockStack gap="400">
          {access.allowed ? null : (
            <InlineStack gap="200" blockAlign="center">
              <Badge tone="info">
                {t("loyaltySettings.colors.availableInPlan", { plan: access.requiredPlan })}
              </Badge>
              {access.primaryAllowed ? (
                <Text as="span" tone="subdued">
                  {t("loyaltySettings.colors.primaryFree")}
                </Text>
              ) : null}
            </InlineStack>
          )}
          {COLOUR_KEYS.map((key) => (
            <TextField
              key={key}
              label={t(`loyaltySettings.colors.${key}`)}
              helpText={t(`loyaltySettings.colors.${key}Help`)}
              prefix={
                <Box
                  as="span"
                  minWidth="20px"
                  minHeight="20px"
                  borderRadius="100"
                  borderWidth="025"
                  borderColor="border"
                  background="bg-surface"
                >
                  <span
                    aria-hidden="true"
                    style={{
                      display: "block",
                      width: 20,
                      height: 20,
                      borderRadius: 4,
                      background: /^#[0-9a-f]{3,6}$/i.test(form.colors[key])
                        ? form.colors[key]
                        : "transparent",
                    }}
                  />
                </Box>
              }
              value={form.colors[key]}
              onChange={(v) => set("colors", { ...form.colors, [key]: v })}
              disabled={!(access.allowed || (key === "primary" && access.primaryAllowed))}
              error={errors[`color.${key}`]}
              maxLength={7}
              autoComplete="off"
            />
          ))}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
