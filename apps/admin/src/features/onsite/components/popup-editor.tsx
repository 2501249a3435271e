import {
  POPUP_FREQUENCY_MAX,
  POPUP_SECONDS_MAX,
  type Popup,
  type PopupKind,
  type PopupResponse,
} from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ScreenSkeleton } from "../../../components/skeletons";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { usePopup } from "../api/get-popup";
import { usePutPopup } from "../api/put-popup";

/**
 * The popup branding pages of N-02: `/storefront/branding/signup-widget` (sign-up popup, N-09,
 * N-21), `/interact-website` (visit-website popup, G-20, G-23), `/reminder` (reward reminder,
 * L-13); each with N-08's fields and a preview of what the shopper sees.
 */
export function PopupEditor({ kind, backUrl }: { kind: PopupKind; backUrl: string }) {
  const { t } = useTranslation();
  const query = usePopup(kind);
  const title = t(`onsite.popups.${kind}.title`);
  if (query.isPending) return <ScreenSkeleton title={title} />;
  if (query.isError) {
    return (
      <Page title={title} backAction={{ content: t("onsite.title"), url: backUrl }}>
        <Banner
          tone="critical"
          title={t("onsite.loadError")}
          action={{ content: t("onsite.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Page>
    );
  }
  return <PopupForm key={kind} kind={kind} saved={query.data} backUrl={backUrl} />;
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
  const toast = useToast();
  const put = usePutPopup(kind);
  const [initial, setInitial] = useState(saved.popup);
  const [popup, setPopup] = useState<Popup>(saved.popup);
  const [pathsText, setPathsText] = useState(saved.popup.hiddenPaths.join("\n"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = JSON.stringify(popup) !== JSON.stringify(initial);
  const saveBar = useSaveBar({
    validate: () => {
      const next = validate(popup, t);
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        const result = await put.mutateAsync(popup);
        setInitial(result.data.popup);
        setPopup(result.data.popup);
        setPathsText(result.data.popup.hiddenPaths.join("\n"));
        toast(t("onsite.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("onsite.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setPopup(initial);
      setPathsText(initial.hiddenPaths.join("\n"));
      setErrors({});
    },
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);
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
    <Page
      title={t(`onsite.popups.${kind}.title`)}
      subtitle={t(`onsite.popups.${kind}.subtitle`)}
      backAction={{ content: t("onsite.title"), url: backUrl }}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>
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
                  errors.hiddenPaths ??
                  Object.entries(errors).find(([f]) => f.startsWith("hiddenPaths."))?.[1]
                }
              />
            </FormLayout>
          </Card>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingSm">
                {t("onsite.popups.preview")}
              </Text>
              <Box background="bg-surface-secondary" padding="600" borderRadius="200">
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
              </Box>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
