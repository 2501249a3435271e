import type { CustomerLogin, SignupBlock } from "@laurel/contracts";
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
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ScreenSkeleton } from "../../../components/skeletons";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useCustomerLogin } from "../api/get-customer-login";
import { useSignupBlock } from "../api/get-signup-block";
import { usePutCustomerLogin } from "../api/put-customer-login";
import { usePutSignupBlock } from "../api/put-signup-block";

/** The preview's sign-up points: what `{{points}}` becomes on the store. */
const SAMPLE_POINTS = "100 points";
const withPoints = (text: string) => text.replace(/\{\{\s*points\s*\}\}/g, SAMPLE_POINTS);

interface Query<T> {
  isPending: boolean;
  isError: boolean;
  data?: { block: T };
  refetch: () => unknown;
}

/** Loading, error with retry, then the form: the frame of the branding pages (N-02). */
function BlockPage<T>({
  title,
  backUrl,
  query,
  form,
}: {
  title: string;
  backUrl: string;
  query: Query<T>;
  form: (saved: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ScreenSkeleton title={title} />;
  if (query.isError || !query.data) {
    return (
      <Page title={title} backAction={{ content: t("onsite.title"), url: backUrl }}>
        <Banner
          tone="critical"
          title={t("onsite.accountBlocks.loadError")}
          action={{ content: t("onsite.tryAgain"), onAction: () => void query.refetch() }}
        />
      </Page>
    );
  }
  return form(query.data.block);
}

/** The save bar, leave guard and field errors of a block's form, saved whole. */
function useBlockForm<T>(saved: T, save: (block: T) => Promise<{ data: { block: T } }>) {
  const { t } = useTranslation();
  const toast = useToast();
  const [initial, setInitial] = useState(saved);
  const [block, setBlock] = useState<T>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = JSON.stringify(block) !== JSON.stringify(initial);
  const saveBar = useSaveBar({
    validate: () => {
      const next: Record<string, string> = {};
      for (const key of ["text", "title"]) {
        const value = (block as Record<string, unknown>)[key];
        if (typeof value === "string" && !value.trim()) next[key] = t("onsite.errors.required");
      }
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        const result = await save(block);
        setInitial(result.data.block);
        setBlock(result.data.block);
        toast(t("onsite.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t("onsite.accountBlocks.saveError"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setBlock(initial);
      setErrors({});
    },
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);
  const set = (patch: Partial<T>) => setBlock((b) => ({ ...b, ...patch }));
  return { block, set, errors, saveBar };
}

function Preview({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingSm">
          {t("onsite.popups.preview")}
        </Text>
        <Box background="bg-surface-secondary" padding="400" borderRadius="200">
          {children}
        </Box>
        <Text as="p" tone="subdued">
          {t("onsite.accountBlocks.sample", { points: SAMPLE_POINTS })}
        </Text>
      </BlockStack>
    </Card>
  );
}

/** `/storefront/branding/signup-block` (N-02, N-21): the sign-up offer on the register page. */
export function SignupBlockEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useSignupBlock();
  const put = usePutSignupBlock();
  return (
    <BlockPage
      title={t("onsite.signupBlock.title")}
      backUrl={backUrl}
      query={query}
      form={(saved) => <SignupBlockForm saved={saved} backUrl={backUrl} save={put.mutateAsync} />}
    />
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
    <Page
      title={t("onsite.signupBlock.title")}
      subtitle={t("onsite.signupBlock.subtitle")}
      backAction={{ content: t("onsite.title"), url: backUrl }}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>
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
      </Layout>
    </Page>
  );
}

/** `/storefront/branding/customer-login` (N-02): what a guest sees on the store's sign-in page. */
export function CustomerLoginEditor({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const query = useCustomerLogin();
  const put = usePutCustomerLogin();
  return (
    <BlockPage
      title={t("onsite.customerLogin.title")}
      backUrl={backUrl}
      query={query}
      form={(saved) => <CustomerLoginForm saved={saved} backUrl={backUrl} save={put.mutateAsync} />}
    />
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
    <Page
      title={t("onsite.customerLogin.title")}
      subtitle={t("onsite.customerLogin.subtitle")}
      backAction={{ content: t("onsite.title"), url: backUrl }}
    >
      <SaveBar state={saveBar} />
      <LeavePageGuard when={saveBar.saveChanged} />
      <Layout>
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
      </Layout>
    </Page>
  );
}
