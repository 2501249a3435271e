import {
  POPUP_FREQUENCY_MAX,
  POPUP_SECONDS_MAX,
  type Popup,
  type PopupKind,
  type PopupResponse,
} from "@laurel/contracts";
import { BlockStack, Card, Checkbox, FormLayout, Layout, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePopup } from "../api/get-popup";
import { usePutPopup } from "../api/put-popup";
import { useEditorForm } from "../hooks/use-editor-form";
import { EditorGate, EditorPage, PreviewCard } from "./editor-frame";

/**
 * The popup branding pages of N-02: `/storefront/branding/signup-widget` (sign-up popup, N-09,
 * N-21), `/interact-website` (visit-website popup, G-20, G-23), `/reminder` (reward reminder,
 * L-13); each with N-08's fields and a preview of what the shopper sees.
 */
export function PopupEditor({ kind, backUrl }: { kind: PopupKind; backUrl: string }) {
  const { t } = useTranslation();
  const query = usePopup(kind);
  return (
    <EditorGate
      title={t(`onsite.popups.${kind}.title`)}
      backUrl={backUrl}
      query={query}
      loadError="onsite.loadError"
    >
      {(saved) => <PopupForm key={kind} kind={kind} saved={saved} backUrl={backUrl} />}
    </EditorGate>
  );
}

const whole = (v: string) => (/^\d{1,4}$/.test(v) ? Number(v) : Number.NaN);

function validate(p: Popup, t: (key: string, o?: Record<string, unknown>) => string) {
  const errors: Record<string, string> = {};
  if (!p.title.trim()) errors.title = t("onsite.errors.required");
  if (!p.buttonText.trim()) errors.buttonText = t("onsite.errors.required");
  const range = (field: "delaySeconds" | "autoCloseSeconds" | "frequency", min: number, max: number) => {
    const v = p[field];
    if (!Number.isInteger(v) || v < min || v > max) errors[field] = t("onsite.popups.range", { min, max });
  };
  range("delaySeconds", 0, POPUP_SECONDS_MAX);
  range("autoCloseSeconds", 0, POPUP_SECONDS_MAX);
  range("frequency", 1, POPUP_FREQUENCY_MAX);
  if (p.buttonLink !== null && !/^(\/(?!\/)\S*|https:\/\/[^\s/]+(\/\S*)?)$/i.test(p.buttonLink))
    errors.buttonLink = t("onsite.popups.linkInvalid");
  if (p.hiddenPaths.some((path) => !path.startsWith("/") || /\s/.test(path)))
    errors.hiddenPaths = t("onsite.errors.hiddenPath");
  return errors;
}

function PopupForm({ kind, saved, backUrl }: { kind: PopupKind; saved: PopupResponse; backUrl: string }) {
  const { t } = useTranslation();
  const put = usePutPopup(kind);
  // The hidden paths as typed (one per line); the popup holds the non-empty lines.
  const [pathsText, setPathsText] = useState(saved.popup.hiddenPaths.join("\n"));
  const {
    value: popup,
    setValue: setPopup,
    errors,
    saveBar,
  } = useEditorForm({
    saved: saved.popup,
    save: put.mutateAsync,
    savedOf: (result) => result.data.popup,
    validate: (p) => validate(p, t),
    saveError: "onsite.saveError",
    onSaved: (result) => setPathsText(result.data.popup.hiddenPaths.join("\n")),
    onDiscard: (initial) => setPathsText(initial.hiddenPaths.join("\n")),
  });
  const set = <K extends keyof Popup>(key: K, value: Popup[K]) => setPopup((p) => ({ ...p, [key]: value }));
  const number = (field: "delaySeconds" | "autoCloseSeconds" | "frequency", label: string, help?: string) => (
    <TextField
      label={label}
      type="number"
      value={Number.isNaN(popup[field]) ? "" : String(popup[field])}
      onChange={(v) => set(field, whole(v))}
      autoComplete="off"
      helpText={help}
      error={errors[field]}
    />
  );

  return (
    <EditorPage
      title={t(`onsite.popups.${kind}.title`)}
      subtitle={t(`onsite.popups.${kind}.subtitle`)}
      backUrl={backUrl}
      saveBar={saveBar}
    >
      <Layout.Section variant="oneHalf">
        <Card>
          <FormLayout>
            <Checkbox
              label={t("onsite.popups.enabled")}
              helpText={t(`onsite.popups.${kind}.audience`)}
              checked={popup.enabled}
              onChange={(v) => set("enabled", v)}
            />
            <TextField
              label={t("onsite.popups.titleField")}
              value={popup.title}
              onChange={(v) => set("title", v)}
              maxLength={80}
              autoComplete="off"
              error={errors.title}
            />
            <TextField
              label={t("onsite.popups.description")}
              value={popup.description}
              onChange={(v) => set("description", v)}
              maxLength={300}
              multiline={3}
              autoComplete="off"
              helpText={
                kind === "reward_reminder"
                  ? t("onsite.popups.pointsHelp", { token: "{{points}}" })
                  : undefined
              }
              error={errors.description}
            />
            <FormLayout.Group>
              <TextField
                label={t("onsite.popups.buttonText")}
                value={popup.buttonText}
                onChange={(v) => set("buttonText", v)}
                maxLength={40}
                autoComplete="off"
                error={errors.buttonText}
              />
              <TextField
                label={t("onsite.popups.buttonLink")}
                value={popup.buttonLink ?? ""}
                onChange={(v) => set("buttonLink", v.trim() === "" ? null : v.trim())}
                autoComplete="off"
                placeholder={kind === "reward_reminder" ? "#laurel-rewards" : "/account/register"}
                helpText={t(`onsite.popups.${kind}.linkHelp`)}
                error={errors.buttonLink}
              />
            </FormLayout.Group>
            <TextField
              label={t("onsite.popups.iconUrl")}
              value={popup.iconUrl ?? ""}
              onChange={(v) => set("iconUrl", v.trim() === "" ? null : v.trim())}
              autoComplete="off"
              helpText={t("onsite.popups.iconHelp")}
              error={errors.iconUrl}
            />
            <FormLayout.Group>
              {number("delaySeconds", t("onsite.popups.delay"))}
              {number("autoCloseSeconds", t("onsite.popups.autoClose"), t("onsite.popups.autoCloseHelp"))}
            </FormLayout.Group>
            {kind === "sign_up" ? (
              <Text as="p" tone="subdued">
                {t("onsite.popups.onceADay")}
              </Text>
            ) : (
              number("frequency", t("onsite.popups.frequency"), t("onsite.popups.frequencyHelp"))
            )}
            <TextField
              label={t("onsite.popups.hiddenPaths")}
              value={pathsText}
              onChange={(v) => {
                setPathsText(v);
                set(
                  "hiddenPaths",
                  v
                    .split("\n")
                    .map((l) => l.trim())
                    .filter(Boolean),
                );
              }}
              multiline={4}
              autoComplete="off"
              helpText={t("onsite.popups.hiddenPathsHelp")}
              error={
                errors.hiddenPaths ?? Object.entries(errors).find(([f]) => f.startsWith("hiddenPaths."))?.[1]
              }
            />
          </FormLayout>
        </Card>
      </Layout.Section>
      <Layout.Section variant="oneHalf">
        <PreviewCard padding="600">
          <div
            data-testid="popup-preview"
            style={{
              maxWidth: 360,
              margin: "0 auto",
              padding: 20,
              borderRadius: 12,
              background: "#fff",
              boxShadow: "0 8px 32px #0002",
            }}
          >
            <BlockStack gap="200">
              {popup.iconUrl ? <img src={popup.iconUrl} alt="" width={30} height={30} /> : null}
              <Text as="p" variant="headingMd">
                {popup.title}
              </Text>
              <Text as="p">{popup.description.replace(/\{\{\s*points\s*\}\}/g, "1,250 points")}</Text>
              <div>
                <span
                  style={{
                    display: "inline-block",
                    padding: "10px 18px",
                    borderRadius: 24,
                    background: "#111",
                    color: "#fff",
                    fontWeight: 600,
                  }}
                >
                  {popup.buttonText}
                </span>
              </div>
            </BlockStack>
          </div>
        </PreviewCard>
      </Layout.Section>
    </EditorPage>
  );
}
