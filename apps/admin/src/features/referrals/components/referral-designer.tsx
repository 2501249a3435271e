import {
  HEX_COLOUR,
  REFERRAL_POPUP_DELAY_MAX,
  type ReferralBranding,
  type ReferralBrandingResponse,
  referralShareChannels,
} from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ScreenSkeleton } from "../../../components/skeletons";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useAppPaths } from "../../../lib/routing";
import { useReferralBranding } from "../api/get-referral-branding";
import { useSaveReferralBranding } from "../api/put-referral-branding";
import { ReferralPreview } from "./referral-preview";

/**
 * E-13's branding pages as the tabs of one designer, like the widget designer: the referrer's
 * invite card, the popup a friend sees, and its classic (v1) corner layout. Each tab has its URL.
 */
export const REFERRAL_DESIGN_TABS = [
  { id: "invite", path: "/storefront/branding/customer-invite" },
  { id: "popup", path: "/storefront/branding/referral" },
  { id: "classic", path: "/storefront/branding/referral-v1" },
] as const;
type DesignTab = (typeof REFERRAL_DESIGN_TABS)[number]["id"];
const COLOURS = ["background", "text", "button", "buttonText"] as const;

export function ReferralDesigner() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const query = useReferralBranding();
  if (query.isPending) return <ScreenSkeleton title={t("referrals.design.title")} />;
  if (query.isError) {
    return (
      <Page
        title={t("referrals.design.title")}
        backAction={{ content: t("onsite.title"), url: href("/storefront") }}
      >
        <Banner
          tone="critical"
          title={t("referrals.design.loadError")}
          action={{ content: t("referrals.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Page>
    );
  }
  return <DesignerForm saved={query.data} />;
}

/** The designer's own checks, in the server's terms; field path → translation key. */
export function validateBranding(b: ReferralBranding): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!b.invite.heading.trim()) errors["invite.heading"] = "referrals.design.errors.required";
  if (b.invite.body.length > 500) errors["invite.body"] = "referrals.design.errors.tooLong";
  for (const key of ["title", "buttonText", "claimedText"] as const) {
    if (!b.popup[key].trim()) errors[`popup.${key}`] = "referrals.design.errors.required";
  }
  if (b.popup.description.length > 500) errors["popup.description"] = "referrals.design.errors.tooLong";
  for (const name of COLOURS) {
    if (!HEX_COLOUR.test(b.popup.colors[name]))
      errors[`popup.colors.${name}`] = "referrals.design.errors.colour";
  }
  const url = b.popup.imageUrl;
  if (url !== null && !/^https?:\/\/[^\s/]+\/\S*\.(?:png|jpe?g|gif|svg|webp)(?:[?#]\S*)?$/i.test(url)) {
    errors["popup.imageUrl"] = "referrals.design.errors.imageUrl";
  }
  const delay = b.popup.delaySeconds;
  if (!Number.isInteger(delay) || delay < 0 || delay > REFERRAL_POPUP_DELAY_MAX) {
    errors["popup.delaySeconds"] = "referrals.design.errors.delay";
  }
  return errors;
}

function DesignerForm({ saved }: { saved: ReferralBrandingResponse }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { path, href } = useAppPaths();
  const tab: DesignTab = REFERRAL_DESIGN_TABS.find((x) => x.path === path)?.id ?? "popup";
  const initial = saved.branding;
  const [design, setDesign] = useState<ReferralBranding>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const put = useSaveReferralBranding();
  const changed = JSON.stringify(design) !== JSON.stringify(initial);

  const bar = useSaveBar({
    validate: () => {
      const found = Object.fromEntries(Object.entries(validateBranding(design)).map(([k, v]) => [k, t(v)]));
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    onSave: async () => {
      try {
        const result = await put.mutateAsync(design);
        setDesign(result.data.branding);
        toast(t("referrals.design.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("referrals.design.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setDesign(initial);
      setErrors({});
    },
  });
  const { setSaveChanged } = bar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);

  const setInvite = (patch: Partial<ReferralBranding["invite"]>) =>
    setDesign((d) => ({ ...d, invite: { ...d.invite, ...patch } }));
  const setPopup = (patch: Partial<ReferralBranding["popup"]>) =>
    setDesign((d) => ({ ...d, popup: { ...d.popup, ...patch } }));
  const tabLayout = tab === "classic" ? "corner" : "modal";
  const placeholders = t("referrals.design.placeholders", { list: "{{reward}} {{referrer}} {{shop}}" });

  const inviteFields = (
    <BlockStack gap="400">
      <TextField
        label={t("referrals.design.invite.heading")}
        value={design.invite.heading}
        onChange={(heading) => setInvite({ heading })}
        maxLength={120}
        autoComplete="off"
        helpText={placeholders}
        error={errors["invite.heading"]}
      />
      <TextField
        label={t("referrals.design.invite.body")}
        value={design.invite.body}
        onChange={(body) => setInvite({ body })}
        multiline={3}
        maxLength={500}
        showCharacterCount
        autoComplete="off"
        error={errors["invite.body"]}
      />
      <ChoiceList
        allowMultiple
        title={t("referrals.design.invite.shareChannels")}
        choices={referralShareChannels.map((value) => ({
          value,
          label: t(`referrals.design.channels.${value}`),
        }))}
        selected={design.invite.shareChannels}
        onChange={(v) =>
          setInvite({
            // The storefront shows them in this order, whatever order they were ticked in.
            shareChannels: referralShareChannels.filter((c) => v.includes(c)),
          })
        }
        error={errors["invite.shareChannels"]}
      />
      <Checkbox
        label={t("referrals.design.invite.showStats")}
        checked={design.invite.showStats}
        onChange={(showStats) => setInvite({ showStats })}
      />
    </BlockStack>
  );

  const inUse = design.popup.layout === tabLayout;
  const popupFields = (
    <BlockStack gap="400">
      <Checkbox
        label={t("referrals.design.popup.enabled")}
        helpText={saved.programEnabled ? undefined : t("referrals.design.popup.programOff")}
        checked={design.popup.enabled}
        onChange={(enabled) => setPopup({ enabled })}
      />
      <InlineStack gap="200" blockAlign="center">
        <Text as="h2" variant="headingSm">
          {t(`referrals.design.layouts.${tabLayout}`)}
        </Text>
        {inUse ? (
          <Badge tone="success">{t("referrals.design.layoutInUse")}</Badge>
        ) : (
          <Button onClick={() => setPopup({ layout: tabLayout })}>{t("referrals.design.useLayout")}</Button>
        )}
      </InlineStack>
      <Text as="p" tone="subdued">
        {t(`referrals.design.layoutHelp.${tabLayout}`)}
      </Text>
      <TextField
        label={t("referrals.design.popup.title")}
        value={design.popup.title}
        onChange={(title) => setPopup({ title })}
        maxLength={120}
        autoComplete="off"
        helpText={placeholders}
        error={errors["popup.title"]}
      />
      <TextField
        label={t("referrals.design.popup.description")}
        value={design.popup.description}
        onChange={(description) => setPopup({ description })}
        multiline={3}
        maxLength={500}
        showCharacterCount
        autoComplete="off"
        error={errors["popup.description"]}
      />
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
        <TextField
          label={t("referrals.design.popup.buttonText")}
          value={design.popup.buttonText}
          onChange={(buttonText) => setPopup({ buttonText })}
          maxLength={60}
          autoComplete="off"
          error={errors["popup.buttonText"]}
        />
        <TextField
          label={t("referrals.design.popup.delaySeconds")}
          type="number"
          min={0}
          max={REFERRAL_POPUP_DELAY_MAX}
          value={String(design.popup.delaySeconds)}
          onChange={(v) => setPopup({ delaySeconds: v === "" ? 0 : Number(v) })}
          autoComplete="off"
          error={errors["popup.delaySeconds"]}
        />
      </InlineGrid>
      <TextField
        label={t("referrals.design.popup.claimedText")}
        helpText={t("referrals.design.popup.claimedHelp", { code: "{{code}}" })}
        value={design.popup.claimedText}
        onChange={(claimedText) => setPopup({ claimedText })}
        maxLength={200}
        autoComplete="off"
        error={errors["popup.claimedText"]}
      />
      <TextField
        label={t("referrals.design.popup.imageUrl")}
        helpText={t("referrals.design.popup.imageUrlHelp")}
        value={design.popup.imageUrl ?? ""}
        onChange={(v) => setPopup({ imageUrl: v.trim() === "" ? null : v.trim() })}
        maxLength={2048}
        autoComplete="off"
        error={errors["popup.imageUrl"]}
      />
      <Text as="h2" variant="headingSm">
        {t("referrals.design.colours")}
      </Text>
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
        {COLOURS.map((name) => (
          <TextField
            key={name}
            label={t(`referrals.design.colourNames.${name}`)}
            value={design.popup.colors[name]}
            onChange={(v) => setPopup({ colors: { ...design.popup.colors, [name]: v } })}
            maxLength={7}
            autoComplete="off"
            error={errors[`popup.colors.${name}`]}
            prefix={
              <input
                type="color"
                aria-label={t("referrals.design.pickColour", {
                  name: t(`referrals.design.colourNames.${name}`),
                })}
                value={
                  /^#[0-9a-f]{6}$/i.test(design.popup.colors[name]) ? design.popup.colors[name] : "#000000"
                }
                onChange={(e) => setPopup({ colors: { ...design.popup.colors, [name]: e.target.value } })}
                style={{ width: 24, height: 24, padding: 0, border: "none", background: "none" }}
              />
            }
          />
        ))}
      </InlineGrid>
    </BlockStack>
  );

  const selected = REFERRAL_DESIGN_TABS.findIndex((x) => x.id === tab);
  return (
    <Page
      title={t("referrals.design.title")}
      subtitle={t("referrals.design.subtitle")}
      backAction={{ content: t("onsite.title"), url: href("/storefront") }}
      secondaryActions={[{ content: t("referrals.title"), url: href("/programs/referral") }]}
    >
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
      <Layout>
        <Layout.Section variant="oneHalf">
          <Card padding="0">
            <Tabs
              tabs={REFERRAL_DESIGN_TABS.map((x) => ({
                id: `referral-design-${x.id}`,
                content: t(`referrals.design.tabs.${x.id}`),
                panelID: `referral-design-${x.id}-panel`,
              }))}
              selected={Math.max(selected, 0)}
              onSelect={(i) =>
                navigate(href(REFERRAL_DESIGN_TABS[i]?.path ?? "/storefront/branding/referral"), {
                  replace: true,
                  state: { keepSaveBar: true },
                })
              }
              fitted
            />
            <Box padding="400" id={`referral-design-${tab}-panel`}>
              {tab === "invite" ? inviteFields : popupFields}
            </Box>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <ReferralPreview
            design={design}
            sample={saved.sample}
            show={tab === "invite" ? "invite" : tabLayout}
          />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
