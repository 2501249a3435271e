import {
  HEX_COLOUR,
  launcherIcons,
  launcherStyles,
  MAX_UPLOAD_BYTES,
  onsiteMessages,
  type WidgetColors,
  type WidgetDesign,
  type WidgetDesignResponse,
  widgetDisplayTypes,
  widgetIconThemes,
  widgetMobileHeights,
  widgetPages,
  widgetPositions,
  widgetPresetPalettes,
  widgetPresets,
  widgetProgramSorts,
} from "@laurel/contracts";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  DropZone,
  InlineGrid,
  InlineStack,
  Layout,
  Select,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useWidgetDesign } from "../api/get-widget-design";
import { usePostUpload } from "../api/post-upload";
import { usePutWidgetDesign } from "../api/put-widget-design";
import { previewSettings } from "../utils/preview";
import { BlockOrderList } from "./block-order-list";
import { EditorGate, EditorPage } from "./editor-frame";
import { WidgetPreview } from "./widget-preview";

/** N-03: the designer's tabs, in the spec's order; the open one lives in the URL (`?tab=`). */
const TABS = ["before", "after", "theme", "card", "display", "advanced"] as const;
type Tab = (typeof TABS)[number];
const COLOUR_NAMES = ["primary", "primaryText", "background", "text", "accent"] as const;

/** `/storefront/branding/point` (N-03 … N-09, N-13, N-14, N-16, N-22, N-23). */
export function WidgetDesigner({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useWidgetDesign();
  return (
    <EditorGate
      title={t("onsite.designer.title")}
      backUrl={backUrl}
      query={query}
      loadError="onsite.loadError"
    >
      {(saved) => <DesignerForm saved={saved} backUrl={backUrl} />}
    </EditorGate>
  );
}

/** The designer's local checks, in the words the server uses; field → message. */
function validate(design: WidgetDesign, t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of COLOUR_NAMES) {
    if (!HEX_COLOUR.test(design.colors[name])) errors[`colors.${name}`] = t("onsite.errors.colour");
  }
  if (design.launcher.icon === "custom") {
    const url = design.launcher.iconUrl ?? "";
    if (!/^https?:\/\/[^\s/]+\/\S*$/i.test(url)) errors["launcher.iconUrl"] = onsiteMessages.iconUrlInvalid;
    else if (!/\.(?:png|jpe?g|gif|svg|webp)$/i.test(url.split(/[?#]/)[0] ?? ""))
      errors["launcher.iconUrl"] = onsiteMessages.iconTypeInvalid;
  }
  if (design.hiddenPaths.some((p) => !p.startsWith("/") || /\s/.test(p)))
    errors.hiddenPaths = t("onsite.errors.hiddenPath");
  if (design.hiddenPaths.length > 50) errors.hiddenPaths = t("onsite.errors.hiddenPathsMax");
  if (!design.pointLabel.singular.trim()) errors["pointLabel.singular"] = t("onsite.errors.required");
  if (!design.pointLabel.plural.trim()) errors["pointLabel.plural"] = t("onsite.errors.required");
  if (!design.launcher.label.trim()) errors["launcher.label"] = t("onsite.errors.required");
  return errors;
}

function DesignerForm({ saved, backUrl }: { saved: WidgetDesignResponse; backUrl: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get("tab") ?? "")
    ? (params.get("tab") as Tab)
    : "before";
  const initial = saved.design;
  const [design, setDesign] = useState<WidgetDesign>(initial);
  // The hidden paths as typed (one per line); the design holds the non-empty lines.
  const [pathsText, setPathsText] = useState(initial.hiddenPaths.join("\n"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const put = usePutWidgetDesign();
  const { allows } = saved;

  const changed = JSON.stringify(design) !== JSON.stringify(initial);
  const saveBar = useSaveBar({
    validate: () => {
      const next = validate(design, t);
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        const result = await put.mutateAsync(design);
        setDesign(result.data.design);
        setPathsText(result.data.design.hiddenPaths.join("\n"));
        toast(t("onsite.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("onsite.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setDesign(initial);
      setPathsText(initial.hiddenPaths.join("\n"));
      setErrors({});
    },
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);

  const set = <K extends keyof WidgetDesign>(key: K, value: WidgetDesign[K]) =>
    setDesign((d) => ({ ...d, [key]: value }));
  const setLauncher = (patch: Partial<WidgetDesign["launcher"]>) =>
    setDesign((d) => ({ ...d, launcher: { ...d.launcher, ...patch } }));
  const setCard = (patch: Partial<WidgetDesign["card"]>) =>
    setDesign((d) => ({ ...d, card: { ...d.card, ...patch } }));

  const preview = useMemo(
    () => previewSettings(design, saved.storefront, allows),
    [design, saved.storefront, allows],
  );
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const essential = <Badge tone="info">{t("onsite.essential")}</Badge>;

  const panels: Record<Tab, ReactNode> = {
    before: (
      <BlockStack gap="400">
        <Text as="h2" variant="headingSm">
          {t("onsite.designer.beforeTitle")}
        </Text>
        <BlockOrderList
          id="guest-blocks"
          blocks={design.blocks.guest}
          onChange={(guest) => set("blocks", { ...design.blocks, guest })}
        />
        <Checkbox
          label={t("onsite.designer.hideForGuests")}
          helpText={t("onsite.designer.hideForGuestsHelp")}
          checked={design.hideForGuests}
          onChange={(v) => set("hideForGuests", v)}
        />
      </BlockStack>
    ),
    after: (
      <BlockStack gap="400">
        <Text as="h2" variant="headingSm">
          {t("onsite.designer.afterTitle")}
        </Text>
        <BlockOrderList
          id="member-blocks"
          blocks={design.blocks.member}
          onChange={(member) => set("blocks", { ...design.blocks, member })}
        />
        <Select
          label={t("onsite.designer.programSort")}
          options={options(widgetProgramSorts, "onsite.programSorts")}
          value={design.programSort}
          onChange={(v) => set("programSort", v as WidgetDesign["programSort"])}
        />
      </BlockStack>
    ),
    theme: (
      <BlockStack gap="400">
        <BlockStack gap="200">
          <Text as="h2" variant="headingSm">
            {t("onsite.designer.presets")}
          </Text>
          <InlineGrid columns={{ xs: 2, md: 3 }} gap="200">
            {widgetPresets.map((preset) => (
              <PresetButton
                key={preset}
                name={t(`onsite.presets.${preset}`)}
                colors={widgetPresetPalettes[preset]}
                selected={design.preset === preset}
                onSelect={() =>
                  setDesign((d) => ({ ...d, preset, colors: { ...widgetPresetPalettes[preset] } }))
                }
              />
            ))}
          </InlineGrid>
        </BlockStack>
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingSm">
              {t("onsite.designer.colours")}
            </Text>
            {allows.colours ? null : essential}
          </InlineStack>
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
            {COLOUR_NAMES.map((name) => (
              <ColourField
                key={name}
                label={t(`onsite.colours.${name}`)}
                pickLabel={t("onsite.designer.pickColour", { name: t(`onsite.colours.${name}`) })}
                value={design.colors[name]}
                disabled={!allows.colours}
                error={errors[`colors.${name}`] ?? (name === "primary" ? errors.colors : undefined)}
                onChange={(v) => setDesign((d) => ({ ...d, colors: { ...d.colors, [name]: v } }))}
              />
            ))}
          </InlineGrid>
        </BlockStack>
        <Text as="h2" variant="headingSm">
          {t("onsite.designer.launcher")}
        </Text>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          <Select
            label={t("onsite.designer.position")}
            options={options(widgetPositions, "onsite.positions")}
            value={design.launcher.position}
            onChange={(v) => setLauncher({ position: v as WidgetDesign["launcher"]["position"] })}
          />
          <Select
            label={t("onsite.designer.style")}
            options={options(launcherStyles, "onsite.styles")}
            value={design.launcher.style}
            onChange={(v) => setLauncher({ style: v as WidgetDesign["launcher"]["style"] })}
          />
          <TextField
            label={t("onsite.designer.label")}
            value={design.launcher.label}
            onChange={(label) => setLauncher({ label })}
            maxLength={60}
            autoComplete="off"
            error={errors["launcher.label"]}
          />
          <Select
            label={t("onsite.designer.icon")}
            options={options(launcherIcons, "onsite.icons")}
            value={design.launcher.icon}
            onChange={(v) => setLauncher({ icon: v as WidgetDesign["launcher"]["icon"] })}
          />
        </InlineGrid>
        {design.launcher.icon === "custom" ? (
          <IconUpload
            url={design.launcher.iconUrl}
            error={errors["launcher.iconUrl"]}
            onChange={(iconUrl) => setLauncher({ iconUrl })}
            onError={(message) => setErrors((e) => ({ ...e, "launcher.iconUrl": message }))}
          />
        ) : null}
        <Select
          label={t("onsite.designer.iconTheme")}
          options={options(widgetIconThemes, "onsite.iconThemes")}
          value={design.iconTheme}
          onChange={(v) => set("iconTheme", v as WidgetDesign["iconTheme"])}
        />
      </BlockStack>
    ),
    card: (
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("onsite.designer.cardTitle")}
        </Text>
        <Checkbox
          label={t("onsite.designer.cardFilled")}
          checked={design.card.filled}
          onChange={(filled) => setCard({ filled })}
        />
        <Checkbox
          label={t("onsite.designer.cardTier")}
          checked={design.card.showTier}
          onChange={(showTier) => setCard({ showTier })}
        />
        <Checkbox
          label={t("onsite.designer.cardPending")}
          checked={design.card.showPending}
          onChange={(showPending) => setCard({ showPending })}
        />
      </BlockStack>
    ),
    display: (
      <BlockStack gap="400">
        <Checkbox
          label={t("onsite.designer.enabled")}
          helpText={t("onsite.designer.enabledHelp")}
          checked={design.enabled}
          onChange={(v) => set("enabled", v)}
        />
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          <Select
            label={t("onsite.designer.displayType")}
            options={options(widgetDisplayTypes, "onsite.displayTypes")}
            value={design.display}
            onChange={(v) => set("display", v as WidgetDesign["display"])}
          />
          <Select
            label={t("onsite.designer.mobileHeight")}
            options={options(widgetMobileHeights, "onsite.mobileHeights")}
            value={design.mobileHeight}
            onChange={(v) => set("mobileHeight", v as WidgetDesign["mobileHeight"])}
          />
        </InlineGrid>
        <Checkbox
          label={t("onsite.designer.hideLauncher")}
          helpText={t("onsite.designer.hideLauncherHelp", { link: "#laurel-rewards" })}
          checked={design.launcher.hidden}
          onChange={(hidden) => setLauncher({ hidden })}
        />
        <BlockStack gap="100">
          <Text as="span" variant="bodyMd">
            {t("onsite.designer.instantPopup")}
          </Text>
          <Text as="p" tone="subdued">
            {t("onsite.designer.instantPopupHelp")}
          </Text>
          <Checkbox
            label={t("onsite.designer.instantDesktop")}
            checked={design.instantPopup.desktop}
            onChange={(desktop) => set("instantPopup", { ...design.instantPopup, desktop })}
          />
          <Checkbox
            label={t("onsite.designer.instantMobile")}
            checked={design.instantPopup.mobile}
            onChange={(mobile) => set("instantPopup", { ...design.instantPopup, mobile })}
          />
        </BlockStack>
        <ChoiceList
          allowMultiple
          title={t("onsite.designer.hiddenPages")}
          choices={options(widgetPages, "onsite.pages")}
          selected={design.hiddenPages}
          onChange={(v) => set("hiddenPages", v as WidgetDesign["hiddenPages"])}
        />
        <TextField
          label={t("onsite.designer.hiddenPaths")}
          helpText={t("onsite.designer.hiddenPathsHelp")}
          multiline={4}
          value={pathsText}
          onChange={(text) => {
            setPathsText(text);
            set(
              "hiddenPaths",
              text
                .split("\n")
                .map((l) => l.trim())
                .filter((l) => l !== ""),
            );
          }}
          autoComplete="off"
          error={
            errors.hiddenPaths ?? Object.entries(errors).find(([k]) => k.startsWith("hiddenPaths."))?.[1]
          }
        />
      </BlockStack>
    ),
    advanced: (
      <BlockStack gap="400">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingSm">
            {t("onsite.designer.pointLabel")}
          </Text>
          {allows.pointLabel ? null : essential}
        </InlineStack>
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
          <TextField
            label={t("onsite.designer.singular")}
            value={design.pointLabel.singular}
            onChange={(singular) => set("pointLabel", { ...design.pointLabel, singular })}
            disabled={!allows.pointLabel}
            maxLength={40}
            autoComplete="off"
            error={errors["pointLabel.singular"] ?? errors.pointLabel}
          />
          <TextField
            label={t("onsite.designer.plural")}
            value={design.pointLabel.plural}
            onChange={(plural) => set("pointLabel", { ...design.pointLabel, plural })}
            disabled={!allows.pointLabel}
            maxLength={40}
            autoComplete="off"
            error={errors["pointLabel.plural"]}
          />
          <Select
            label={t("onsite.designer.labelPosition")}
            options={options(["after", "before"], "onsite.labelPositions")}
            value={design.pointLabel.position}
            disabled={!allows.pointLabel}
            onChange={(v) =>
              set("pointLabel", {
                ...design.pointLabel,
                position: v as WidgetDesign["pointLabel"]["position"],
              })
            }
          />
        </InlineGrid>
        <TextField
          label={
            <InlineStack gap="200" blockAlign="center">
              <span>{t("onsite.designer.css")}</span>
              {allows.advancedCss ? null : essential}
            </InlineStack>
          }
          helpText={t("onsite.designer.cssHelp")}
          value={design.customCss ?? ""}
          onChange={(v) => set("customCss", v === "" ? null : v)}
          disabled={!allows.advancedCss}
          multiline={6}
          monospaced
          maxLength={10_000}
          autoComplete="off"
          error={errors.customCss}
        />
        <Checkbox
          label={t("onsite.designer.poweredBy")}
          helpText={allows.removePoweredBy ? undefined : t("onsite.designer.poweredByPlus")}
          checked={design.showPoweredBy}
          disabled={!allows.removePoweredBy && design.showPoweredBy}
          onChange={(v) => set("showPoweredBy", v)}
          error={errors.showPoweredBy}
        />
      </BlockStack>
    ),
  };

  const tabIndex = TABS.indexOf(tab);
  return (
    <EditorPage
      title={t("onsite.designer.title")}
      subtitle={t("onsite.designer.subtitle")}
      backUrl={backUrl}
      saveBar={saveBar}
    >
      <Layout.Section variant="oneHalf">
        <Card padding="0">
          <Tabs
            tabs={TABS.map((id) => ({
              id: `designer-${id}`,
              content: t(`onsite.tabs.${id}`),
              panelID: `designer-${id}-panel`,
            }))}
            selected={tabIndex}
            onSelect={(i) =>
              setParams(
                (p) => {
                  p.set("tab", TABS[i] ?? "before");
                  return p;
                },
                { replace: true, state: { keepSaveBar: true } },
              )
            }
            fitted
          />
          <Box padding="400" id={`designer-${tab}-panel`}>
            {panels[tab]}
          </Box>
        </Card>
      </Layout.Section>
      <Layout.Section variant="oneHalf">
        <WidgetPreview settings={preview} widgetUrl={saved.widgetUrl} />
      </Layout.Section>
    </EditorPage>
  );
}

function PresetButton(props: {
  name: string;
  colors: WidgetColors;
  selected: boolean;
  onSelect: () => void;
}) {
  const { colors } = props;
  return (
    <button
      type="button"
      aria-pressed={props.selected}
      onClick={props.onSelect}
      data-testid="preset"
      style={{
        display: "flex",
        flexDirection: "column",
        gap: 6,
        padding: 8,
        borderRadius: 8,
        cursor: "pointer",
        textAlign: "left",
        font: "inherit",
        background: "var(--p-color-bg-surface)",
        border: props.selected
          ? "2px solid var(--p-color-border-emphasis)"
          : "1px solid var(--p-color-border)",
      }}
    >
      <span
        style={{ display: "flex", gap: 0, borderRadius: 4, overflow: "hidden", height: 24 }}
        aria-hidden="true"
      >
        {(["primary", "accent", "background", "text"] as const).map((name) => (
          <span key={name} style={{ flex: 1, background: colors[name] }} />
        ))}
      </span>
      <span>{props.name}</span>
    </button>
  );
}

function ColourField(props: {
  label: string;
  pickLabel: string;
  value: string;
  disabled: boolean;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      autoComplete="off"
      maxLength={7}
      disabled={props.disabled}
      error={props.error}
      prefix={
        <input
          type="color"
          aria-label={props.pickLabel}
          disabled={props.disabled}
          value={/^#[0-9a-f]{6}$/i.test(props.value) ? props.value : "#000000"}
          onChange={(e) => props.onChange(e.target.value)}
          style={{ width: 24, height: 24, padding: 0, border: "none", background: "none" }}
        />
      }
    />
  );
}

/** N-14 custom icon: a URL, or an upload (N-16) the app keeps, which gives one. */
function IconUpload(props: {
  url: string | null;
  error: string | undefined;
  onChange: (url: string | null) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const upload = usePostUpload();
  const onDrop = (_all: File[], accepted: File[], rejected: File[]) => {
    const file = accepted[0];
    if (!file) {
      if (rejected.length > 0) props.onError(onsiteMessages.uploadType);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      props.onError(onsiteMessages.uploadTooBig);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      upload.mutate(
        {
          fileName: file.name,
          contentType: file.type,
          data: String(reader.result).replace(/^data:[^,]*,/, ""),
        },
        {
          onSuccess: (result) => props.onChange(result.data.url),
          onError: (error) =>
            props.onError(
              isApiError(error) ? (error.errors[0]?.message ?? error.message) : onsiteMessages.uploadFailed,
            ),
        },
      );
    };
    reader.onerror = () => props.onError(onsiteMessages.uploadFailed);
    reader.readAsDataURL(file);
  };
  return (
    <BlockStack gap="200">
      <TextField
        label={t("onsite.designer.iconUrl")}
        helpText={t("onsite.designer.iconUrlHelp")}
        value={props.url ?? ""}
        onChange={(v) => props.onChange(v === "" ? null : v)}
        autoComplete="off"
        maxLength={2048}
        error={props.error}
      />
      <InlineStack gap="300" blockAlign="center">
        {props.url ? (
          <img
            src={props.url}
            alt={t("onsite.designer.icon")}
            width={30}
            height={30}
            style={{ objectFit: "contain" }}
          />
        ) : null}
        <Box minWidth="220px">
          <DropZone
            accept="image/png,image/jpeg,image/gif"
            type="image"
            allowMultiple={false}
            onDrop={onDrop}
            label={t("onsite.designer.iconUpload")}
            labelHidden
          >
            <DropZone.FileUpload actionHint={t("onsite.designer.iconUploadHint")} />
          </DropZone>
        </Box>
        {upload.isPending ? <Text as="span">{t("onsite.designer.uploading")}</Text> : null}
        {props.url ? (
          <Button variant="plain" tone="critical" onClick={() => props.onChange(null)}>
            {t("onsite.designer.iconRemove")}
          </Button>
        ) : null}
      </InlineStack>
    </BlockStack>
  );
}
