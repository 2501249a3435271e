import type { CustomerLogin, SignupBlock } from "@laurel/contracts";
import { BlockStack, Card, Checkbox, FormLayout, Layout, Text, TextField } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useCustomerLogin } from "../api/get-customer-login";
import { useSignupBlock } from "../api/get-signup-block";
import { usePutCustomerLogin } from "../api/put-customer-login";
import { usePutSignupBlock } from "../api/put-signup-block";
import { useEditorForm } from "../hooks/use-editor-form";
import { EditorGate, EditorPage, PreviewCard } from "./editor-frame";

/** The preview's sign-up points: what `{{points}}` becomes on the store. */
const SAMPLE_POINTS = "100 points";
const withPoints = (text: string) => text.replace(/\{\{\s*points\s*\}\}/g, SAMPLE_POINTS);

/** A block's local checks: its text and title cannot be blank. */
function validateBlock(t: (key: string) => string) {
  return (block: object) => {
    const errors: Record<string, string> = {};
    for (const key of ["text", "title"]) {
      const value = (block as Record<string, unknown>)[key];
      if (typeof value === "string" && !value.trim()) errors[key] = t("onsite.errors.required");
    }
    return errors;
  };
}

/** A block's form, saved whole. */
function useBlockForm<T extends object>(saved: T, save: (block: T) => Promise<{ data: { block: T } }>) {
  const { t } = useTranslation();
  const form = useEditorForm({
    saved,
    save,
    savedOf: (result) => result.data.block,
    validate: validateBlock(t),
    saveError: "onsite.accountBlocks.saveError",
  });
  const set = (patch: Partial<T>) => form.setValue((b) => ({ ...b, ...patch }));
  return { block: form.value, set, errors: form.errors, saveBar: form.saveBar };
}

function Preview({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PreviewCard
      footer={
        <Text as="p" tone="subdued">
          {t("onsite.accountBlocks.sample", { points: SAMPLE_POINTS })}
        </Text>
      }
    >
      {children}
    </PreviewCard>
  );
}

/** `/storefront/branding/signup-block` (N-02, N-21): the sign-up offer on the register page. */
export function SignupBlockEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useSignupBlock();
  const put = usePutSignupBlock();
  return (
    <EditorGate
      title={t("onsite.signupBlock.title")}
      backUrl={backUrl}
      query={query}
      loadError="onsite.accountBlocks.loadError"
    >
      {(saved) => <SignupBlockForm saved={saved.block} backUrl={backUrl} save={put.mutateAsync} />}
    </EditorGate>
  );
}

function SignupBlockForm({
  saved,
  backUrl,
  save,
}: {
  saved: SignupBlock;
  backUrl: string;
  save: (block: SignupBlock) => Promise<{ data: { block: SignupBlock } }>;
}) {
  const { t } = useTranslation();
  const { block, set, errors, saveBar } = useBlockForm(saved, save);
  return (
    <EditorPage
      title={t("onsite.signupBlock.title")}
      subtitle={t("onsite.signupBlock.subtitle")}
      backUrl={backUrl}
      saveBar={saveBar}
    >
      <Layout.Section variant="oneHalf">
        <Card>
          <FormLayout>
            <Checkbox
              label={t("onsite.signupBlock.enabled")}
              helpText={t("onsite.signupBlock.enabledHelp")}
              checked={block.enabled}
              onChange={(enabled) => set({ enabled })}
              error={errors.enabled}
            />
            <TextField
              label={t("onsite.signupBlock.text")}
              value={block.text}
              onChange={(text) => set({ text })}
              maxLength={200}
              multiline={2}
              autoComplete="off"
              helpText={t("onsite.accountBlocks.pointsHelp", { points: "{{points}}" })}
              error={errors.text}
            />
          </FormLayout>
        </Card>
      </Layout.Section>
      <Layout.Section variant="oneHalf">
        <Preview>
          <div data-testid="signup-block-preview">
            {block.enabled ? (
              <Text as="p">{withPoints(block.text)}</Text>
            ) : (
              <Text as="p" tone="subdued">
                {t("onsite.accountBlocks.off")}
              </Text>
            )}
          </div>
        </Preview>
      </Layout.Section>
    </EditorPage>
  );
}

/** `/storefront/branding/customer-login` (N-02): what a guest sees on the store's sign-in page. */
export function CustomerLoginEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useCustomerLogin();
  const put = usePutCustomerLogin();
  return (
    <EditorGate
      title={t("onsite.customerLogin.title")}
      backUrl={backUrl}
      query={query}
      loadError="onsite.accountBlocks.loadError"
    >
      {(saved) => <CustomerLoginForm saved={saved.block} backUrl={backUrl} save={put.mutateAsync} />}
    </EditorGate>
  );
}

function CustomerLoginForm({
  saved,
  backUrl,
  save,
}: {
  saved: CustomerLogin;
  backUrl: string;
  save: (block: CustomerLogin) => Promise<{ data: { block: CustomerLogin } }>;
}) {
  const { t } = useTranslation();
  const { block, set, errors, saveBar } = useBlockForm(saved, save);
  return (
    <EditorPage
      title={t("onsite.customerLogin.title")}
      subtitle={t("onsite.customerLogin.subtitle")}
      backUrl={backUrl}
      saveBar={saveBar}
    >
      <Layout.Section variant="oneHalf">
        <Card>
          <FormLayout>
            <Checkbox
              label={t("onsite.customerLogin.enabled")}
              helpText={t("onsite.customerLogin.enabledHelp")}
              checked={block.enabled}
              onChange={(enabled) => set({ enabled })}
              error={errors.enabled}
            />
            <TextField
              label={t("onsite.popups.titleField")}
              value={block.title}
              onChange={(title) => set({ title })}
              maxLength={80}
              autoComplete="off"
              error={errors.title}
            />
            <TextField
              label={t("onsite.popups.description")}
              value={block.description}
              onChange={(description) => set({ description })}
              maxLength={300}
              multiline={3}
              autoComplete="off"
              helpText={t("onsite.accountBlocks.pointsHelp", { points: "{{points}}" })}
              error={errors.description}
            />
          </FormLayout>
        </Card>
      </Layout.Section>
      <Layout.Section variant="oneHalf">
        <Preview>
          <div data-testid="customer-login-preview">
            {block.enabled ? (
              <BlockStack gap="100">
                <Text as="p" fontWeight="bold">
                  {block.title}
                </Text>
                <Text as="p">{withPoints(block.description)}</Text>
              </BlockStack>
            ) : (
              <Text as="p" tone="subdued">
                {t("onsite.accountBlocks.off")}
              </Text>
            )}
          </div>
        </Preview>
      </Layout.Section>
    </EditorPage>
  );
}
