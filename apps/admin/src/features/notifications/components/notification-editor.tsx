import {
  MAX_LOGO_BYTES,
  type NotificationSettings,
  notificationEvents,
  type PutNotificationBody,
} from "@laurel/contracts";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  DropZone,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
  Thumbnail,
} from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ScreenSkeleton } from "../../../components/skeletons";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { languageName } from "../../../lib/i18n/language-name";
import { useNotification } from "../api/get-notification";
import { useNotificationPreview } from "../api/get-notification-preview";
import { usePostNotificationTest } from "../api/post-notification-test";
import { usePutNotification } from "../api/put-notification";

interface Form {
  enabled: boolean;
  subject: string;
  /** L-04 (decision 0179): one subject per storefront language of the shop; empty = the default. */
  subjects: Record<string, string>;
  headerColor: string;
  buttonColor: string;
  logo: string | null;
  replyTo: string;
  sendBeforeDays: number | null;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formOf(n: NotificationSettings): Form {
  return {
    enabled: n.enabled,
    subject: n.subject ?? "",
    subjects: Object.fromEntries(n.languages.map((l) => [l, n.subjects[l] ?? ""])),
    headerColor: n.headerColor,
    buttonColor: n.buttonColor,
    logo: n.logo,
    replyTo: n.replyTo ?? "",
    sendBeforeDays: n.sendBeforeDays,
  };
}

function bodyOf(form: Form, hasSendBefore: boolean): PutNotificationBody {
  return {
    enabled: form.enabled,
    subject: form.subject.trim() === "" ? null : form.subject.trim(),
    subjects: Object.fromEntries(
      Object.entries(form.subjects)
        .map(([language, subject]) => [language, subject.trim()])
        .filter(([, subject]) => subject !== ""),
    ),
    headerColor: form.headerColor,
    buttonColor: form.buttonColor,
    logo: form.logo,
    replyTo: form.replyTo.trim() === "" ? null : form.replyTo.trim(),
    ...(hasSendBefore ? { sendBeforeDays: form.sendBeforeDays } : {}),
  };
}

/**
 * `/settings/notifications/:id` (L-04): subject, header and button colours, logo (≤ 2 MB),
 * reply-to and send-before of one e-mail, a preview rendered by the server, and a test send. The
 * save bar and the leave-page guard follow.
 */
export function NotificationEditor({ event, backUrl }: { event: string; backUrl: string }) {
  const { t } = useTranslation();
  // An address that names no e-mail is answered here, without asking the server.
  if (!(notificationEvents as readonly string[]).includes(event)) {
    return (
      <Page
        title={t("notifications.list.title")}
        backAction={{ content: t("notifications.list.title"), url: backUrl }}
      >
        <Banner tone="warning" title={t("notifications.editor.unknown")}>
          <p>{t("notifications.editor.unknownBody")}</p>
        </Banner>
      </Page>
    );
  }
  return <KnownNotificationEditor event={event} backUrl={backUrl} />;
}

function KnownNotificationEditor({ event, backUrl }: { event: string; backUrl: string }) {
  const { t } = useTranslation();
  const query = useNotification(event);
  if (query.isPending) return <ScreenSkeleton title={t("notifications.editor.loading")} />;
  if (query.isError) {
    return (
      <Page
        title={t("notifications.list.title")}
        backAction={{ content: t("notifications.list.title"), url: backUrl }}
      >
        <Banner
          tone="critical"
          title={t("notifications.loadError")}
          action={{ content: t("notifications.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Page>
    );
  }
  return <EditorForm key={event} saved={query.data} backUrl={backUrl} />;
}

function EditorForm({ saved, backUrl }: { saved: NotificationSettings; backUrl: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const event = saved.event;
  const initial = useMemo(() => formOf(saved), [saved]);
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const put = usePutNotification();
  const [previewLanguage, setPreviewLanguage] = useState(saved.languages[0] ?? "en");
  const preview = useNotificationPreview(event, previewLanguage);
  const testSend = usePostNotificationTest();
  const [testEmail, setTestEmail] = useState("");
  const [testError, setTestError] = useState<string | undefined>();

  const changed = JSON.stringify(form) !== JSON.stringify(initial);
  const saveBar = useSaveBar({
    validate: () => {
      const next: Record<string, string> = {};
      if (!HEX.test(form.headerColor)) next.headerColor = t("notifications.editor.colourInvalid");
      if (!HEX.test(form.buttonColor)) next.buttonColor = t("notifications.editor.colourInvalid");
      if (form.replyTo.trim() && !EMAIL.test(form.replyTo.trim()))
        next.replyTo = t("notifications.editor.emailInvalid");
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        await put.mutateAsync({ event, body: bodyOf(form, saved.hasSendBefore) });
        toast(t("notifications.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("notifications.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setForm(initial);
      setErrors({});
    },
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onLogo = useCallback(
    (_all: File[], accepted: File[]) => {
      const file = accepted[0];
      if (!file) return;
      if (file.size > MAX_LOGO_BYTES) {
        setErrors((e) => ({ ...e, logo: t("notifications.editor.logoTooBig") }));
        return;
      }
      const reader = new FileReader();
      reader.onload = () => {
        setErrors(({ logo: _drop, ...rest }) => rest);
        setForm((f) => ({ ...f, logo: String(reader.result) }));
      };
      reader.readAsDataURL(file);
    },
    [t],
  );

  const sendTest = () => {
    if (!EMAIL.test(testEmail.trim())) {
      setTestError(
        testEmail.trim() ? t("notifications.editor.emailInvalid") : t("notifications.editor.required"),
      );
      return;
    }
    setTestError(undefined);
    testSend.mutate(
      { event, email: testEmail.trim() },
      {
        onSuccess: () => toast(t("notifications.editor.testSent")),
        onError: () => toast(t("notifications.editor.testFailed"), { isError: true }),
      },
    );
  };

  const title = t(`notifications.events.${event}.title`);
  return (
    <Page
      title={title}
      subtitle={t(`notifications.events.${event}.description`)}
      backAction={{ content: t("notifications.list.title"), url: backUrl }}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>
        <Layout.Section variant="oneHalf">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <Checkbox
                  label={t("notifications.editor.enabled")}
                  checked={form.enabled}
                  onChange={(v) => set("enabled", v)}
                />
                <TextField
                  label={t("notifications.editor.subject")}
                  value={form.subject}
                  onChange={(v) => set("subject", v)}
                  placeholder={saved.defaultSubject}
                  helpText={t("notifications.editor.subjectHelp", {
                    placeholders: "{{points}}, {{label}}, {{shop}}",
                  })}
                  maxLength={255}
                  autoComplete="off"
                  error={errors.subject}
                />
                <SubjectsPerLanguage
                  saved={saved}
                  values={form.subjects}
                  errors={errors}
                  onChange={(language, value) =>
                    setForm((f) => ({ ...f, subjects: { ...f.subjects, [language]: value } }))
                  }
                />
                <InlineStack gap="400" wrap={false}>
                  <ColourField
                    label={t("notifications.editor.headerColor")}
                    pickLabel={t("notifications.editor.pickColour", {
                      name: t("notifications.editor.headerColor"),
                    })}
                    value={form.headerColor}
                    onChange={(v) => set("headerColor", v)}
                    error={errors.headerColor}
                  />
                  <ColourField
                    label={t("notifications.editor.buttonColor")}
                    pickLabel={t("notifications.editor.pickColour", {
                      name: t("notifications.editor.buttonColor"),
                    })}
                    value={form.buttonColor}
                    onChange={(v) => set("buttonColor", v)}
                    error={errors.buttonColor}
                  />
                </InlineStack>
                <TextField
                  label={t("notifications.editor.replyTo")}
                  type="email"
                  value={form.replyTo}
                  onChange={(v) => set("replyTo", v)}
                  helpText={t("notifications.editor.replyToHelp")}
                  autoComplete="email"
                  error={errors.replyTo}
                />
                {saved.hasSendBefore ? (
                  <Select
                    label={t("notifications.editor.sendBefore")}
                    options={[60, 30, 20, 10].map((d) => ({
                      label: t("notifications.editor.daysBefore", { count: d }),
                      value: String(d),
                    }))}
                    value={String(form.sendBeforeDays ?? 30)}
                    onChange={(v) => set("sendBeforeDays", Number(v))}
                    error={errors.sendBeforeDays}
                  />
                ) : null}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingSm">
                  {t("notifications.editor.logo")}
                </Text>
                <InlineStack gap="400" blockAlign="center">
                  {form.logo ? (
                    <Thumbnail source={form.logo} alt={t("notifications.editor.logo")} size="small" />
                  ) : null}
                  <Box minWidth="200px">
                    <DropZone
                      accept="image/png,image/jpeg,image/gif,image/webp"
                      type="image"
                      allowMultiple={false}
                      onDrop={onLogo}
                      label={t("notifications.editor.logoUpload")}
                      labelHidden
                      error={Boolean(errors.logo)}
                    >
                      <DropZone.FileUpload actionHint={t("notifications.editor.logoHelp")} />
                    </DropZone>
                  </Box>
                  {form.logo ? (
                    <Button variant="plain" tone="critical" onClick={() => set("logo", null)}>
                      {t("notifications.editor.logoRemove")}
                    </Button>
                  ) : null}
                </InlineStack>
                {errors.logo ? (
                  <Text as="p" tone="critical">
                    {errors.logo}
                  </Text>
                ) : null}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingSm">
                  {t("notifications.editor.testTitle")}
                </Text>
                <TextField
                  label={t("notifications.editor.testEmail")}
                  type="email"
                  value={testEmail}
                  onChange={setTestEmail}
                  autoComplete="email"
                  error={testError}
                  connectedRight={
                    <Button onClick={sendTest} loading={testSend.isPending}>
                      {t("notifications.editor.testSend")}
                    </Button>
                  }
                />
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingSm">
                {t("notifications.editor.preview")}
              </Text>
              {saved.languages.length > 1 ? (
                <Select
                  label={t("notifications.editor.previewLanguage")}
                  options={saved.languages.map((l) => ({ value: l, label: languageName(l) }))}
                  value={previewLanguage}
                  onChange={setPreviewLanguage}
                />
              ) : null}
              {changed ? (
                <Text as="p" tone="subdued">
                  {t("notifications.editor.previewSaved")}
                </Text>
              ) : null}
              {preview.data ? (
                <>
                  <Text as="p" fontWeight="semibold">
                    <span data-testid="preview-subject">{preview.data.subject}</span>
                  </Text>
                  <iframe
                    title={t("notifications.editor.preview")}
                    sandbox=""
                    srcDoc={preview.data.html}
                    style={{ width: "100%", height: 560, border: "1px solid #e1e3e5", borderRadius: 8 }}
                  />
                </>
              ) : preview.isError ? (
                <Banner tone="critical" title={t("notifications.loadError")} />
              ) : (
                <Box minHeight="200px" />
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/**
 * L-04 (decision 0179): a subject field per storefront language of the shop, Laurel's subject in
 * that language as its placeholder; a shopper gets their language's, else the subject above. Shown
 * when the shop sells in more than one language.
 */
function SubjectsPerLanguage(props: {
  saved: NotificationSettings;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (language: string, value: string) => void;
}) {
  const { t } = useTranslation();
  // A shop with one storefront language has one subject: the field above.
  if (props.saved.languages.length < 2) return null;
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t("notifications.editor.subjectsTitle")}
      </Text>
      <Text as="p" tone="subdued">
        {t("notifications.editor.subjectsHelp")}
      </Text>
      {props.saved.languages.map((language) => (
        <TextField
          key={language}
          label={t("notifications.editor.subjectIn", { language: languageName(language) })}
          value={props.values[language] ?? ""}
          onChange={(v) => props.onChange(language, v)}
          placeholder={props.saved.defaultSubjects[language] ?? props.saved.defaultSubject}
          maxLength={255}
          autoComplete="off"
          error={props.errors[`subjects.${language}`]}
        />
      ))}
    </BlockStack>
  );
}

function ColourField(props: {
  label: string;
  pickLabel: string;
  value: string;
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
      error={props.error}
      prefix={
        <input
          type="color"
          aria-label={props.pickLabel}
          value={HEX.test(props.value) ? props.value : "#000000"}
          onChange={(e) => props.onChange(e.target.value)}
          style={{ width: 24, height: 24, padding: 0, border: "none", background: "none" }}
        />
      }
    />
  );
}
