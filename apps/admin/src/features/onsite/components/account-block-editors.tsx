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

interface AccountBlock {
  enabled: boolean;
}

/**
 * One account block's screen (N-02): its switch and texts beside a preview, saved whole. The
 * sign-up block and the customer login block differ only in their texts and preview.
 */
function AccountBlockEditor<T extends AccountBlock>({
  section,
  backUrl,
  query,
  save,
  previewTestId,
  fields,
  preview,
}: {
  /** The block's i18n section: its title, subtitle and switch. */
  section: "signupBlock" | "customerLogin";
  backUrl: string;
  query: { isPending: boolean; isError: boolean; data?: { block: T } | undefined; refetch: () => unknown };
  save: (block: T) => Promise<{ data: { block: T } }>;
  previewTestId: string;
  fields: (form: BlockForm<T>) => ReactNode;
  preview: (block: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <EditorGate
      title={t(`onsite.${section}.title`)}
      backUrl={backUrl}
      query={query}
      loadError="onsite.accountBlocks.loadError"
    >
      {(saved) => (
        <AccountBlockForm
          section={section}
          saved={saved.block}
          backUrl={backUrl}
          save={save}
          previewTestId={previewTestId}
          fields={fields}
          preview={preview}
        />
      )}
    </EditorGate>
  );
}

type BlockForm<T> = ReturnType<typeof useBlockForm<T & AccountBlock>>;

function AccountBlockForm<T extends AccountBlock>({
  section,
  saved,
  backUrl,
  save,
  previewTestId,
  fields,
  preview,
}: {
  section: "signupBlock" | "customerLogin";
  saved: T;
  backUrl: string;
  save: (block: T) => Promise<{ data: { block: T } }>;
  previewTestId: string;
  fields: (form: BlockForm<T>) => ReactNode;
  preview: (block: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const form = useBlockForm(saved, save);
  const { block, set, errors, saveBar } = form;
  return (
    <EditorPage
      title={t(`onsite.${section}.title`)}
      subtitle={t(`onsite.${section}.subtitle`)}
      backUrl={backUrl}
      saveBar={saveBar}
    >
      <Layout.Section variant="oneHalf">
        <Card>
          <FormLayout>
            <Checkbox
              label={t(`onsite.${section}.enabled`)}
              helpText={t(`onsite.${section}.enabledHelp`)}
              checked={block.enabled}
              onChange={(enabled) => set({ enabled } as Partial<T>)}
              error={errors.enabled}
            />
            {fields(form)}
          </FormLayout>
        </Card>
      </Layout.Section>
      <Layout.Section variant="oneHalf">
        <Preview>
          <div data-testid={previewTestId}>
            {block.enabled ? (
              preview(block)
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

/** `/storefront/branding/signup-block` (N-02, N-21): the sign-up offer on the register page. */
export function SignupBlockEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useSignupBlock();
  const put = usePutSignupBlock();
  return (
    <AccountBlockEditor<SignupBlock>
      section="signupBlock"
      backUrl={backUrl}
      query={query}
      save={put.mutateAsync}
      previewTestId="signup-block-preview"
      fields={({ block, set, errors }) => (
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
      )}
      preview={(block) => <Text as="p">{withPoints(block.text)}</Text>}
    />
  );
}

/** `/storefront/branding/customer-login` (N-02): what a guest sees on the store's sign-in page. */
export function CustomerLoginEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useCustomerLogin();
  const put = usePutCustomerLogin();
  return (
    <AccountBlockEditor<CustomerLogin>
      section="customerLogin"
      backUrl={backUrl}
      query={query}
      save={put.mutateAsync}
      previewTestId="customer-login-preview"
      // An array, not a fragment: the form lays out each field on its own.
      fields={({ block, set, errors }) => [
        <TextField
          key="title"
          label={t("onsite.popups.titleField")}
          value={block.title}
          onChange={(title) => set({ title })}
          maxLength={80}
          autoComplete="off"
          error={errors.title}
        />,
        <TextField
          key="description"
          label={t("onsite.popups.description")}
          value={block.description}
          onChange={(description) => set({ description })}
          maxLength={300}
          multiline={3}
          autoComplete="off"
          helpText={t("onsite.accountBlocks.pointsHelp", { points: "{{points}}" })}
          error={errors.description}
        />,
      ]}
      preview={(block) => (
        <BlockStack gap="100">
          <Text as="p" fontWeight="bold">
            {block.title}
          </Text>
          <Text as="p">{withPoints(block.description)}</Text>
        </BlockStack>
      )}
    />
  );
}
