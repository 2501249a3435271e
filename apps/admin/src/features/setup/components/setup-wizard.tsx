import {
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export type SetupStepKey = "earning" | "redeem" | "widget";
export const SETUP_STEPS: readonly SetupStepKey[] = ["earning", "redeem", "widget"];

export interface SetupWizardProps {
  /** Where each step is configured; null while the setup gate hides the rest of the app. */
  links: Record<SetupStepKey, string> | null;
  onFinish: () => void;
  finishing: boolean;
}

/**
 * A-06 first-setup wizard: Step 1 earning, Step 2 redeem, Step 3 widget theme, then 'Finish setup'.
 * Each step says what it is about and where it is configured.
 */
export function SetupWizard({ links, onFinish, finishing }: SetupWizardProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const step = SETUP_STEPS[index] ?? "earning";
  const last = index === SETUP_STEPS.length - 1;

  return (
    <div data-testid="setup-wizard">
      <Page title={t("setup.title")} subtitle={t("setup.subtitle")} narrowWidth>
        <Layout>
          <Layout.Section>
            <Card>
              <BlockStack gap="500">
                <BlockStack gap="200">
                  <Text as="p" tone="subdued">
                    {t("setup.progress", { current: index + 1, total: SETUP_STEPS.length })}
                  </Text>
                  <ProgressBar
                    progress={((index + 1) / SETUP_STEPS.length) * 100}
                    size="small"
                    tone="primary"
                  />
                </BlockStack>
                <ol style={{ margin: 0, paddingInlineStart: "var(--p-space-500)" }}>
                  {SETUP_STEPS.map((key, i) => (
                    <li key={key} aria-current={i === index ? "step" : undefined}>
                      <Text
                        as="span"
                        fontWeight={i === index ? "semibold" : "regular"}
                        tone={i < index ? "subdued" : undefined}
                      >
                        {t(`setup.steps.${key}.title`)}
                      </Text>
                    </li>
                  ))}
                </ol>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {t("setup.stepHeading", { number: index + 1, title: t(`setup.steps.${step}.title`) })}
                  </Text>
                  <Text as="p">{t(`setup.steps.${step}.body`)}</Text>
                  <Box>
                    {links ? (
                      <Button url={links[step]}>{t(`setup.steps.${step}.link`)}</Button>
                    ) : (
                      <Text as="p" tone="subdued">
                        {t("setup.afterSetup", { place: t(`setup.steps.${step}.place`) })}
                      </Text>
                    )}
                  </Box>
                </BlockStack>
                <InlineStack align="space-between">
                  <Button onClick={() => setIndex(index - 1)} disabled={index === 0}>
                    {t("setup.back")}
                  </Button>
                  {last ? (
                    <Button variant="primary" onClick={onFinish} loading={finishing}>
                      {t("setup.finish")}
                    </Button>
                  ) : (
                    <Button variant="primary" onClick={() => setIndex(index + 1)}>
                      {t("setup.next")}
                    </Button>
                  )}
                </InlineStack>
              </BlockStack>
            </Card>
          </Layout.Section>
        </Layout>
      </Page>
    </div>
  );
}
