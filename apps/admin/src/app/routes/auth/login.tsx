import { BlockStack, Box, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { LOGO_WIDTH, logoSource } from "../../../components/illustrations";
import { LoginForm } from "../../../features/auth";
import { LanguageSelect } from "../../../features/language";

/** /auth/login, outside the app frame: the standalone sign-in. */
export default function LoginScreen() {
  const { t } = useTranslation();
  return (
    <main
      data-testid="login-page"
      style={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: "var(--p-space-400)",
        background: "var(--p-color-bg)",
      }}
    >
      <Box width="420px" maxWidth="100%">
        <BlockStack gap="500">
          <div style={{ textAlign: "center" }}>
            <img src={logoSource} width={LOGO_WIDTH} height={32} alt="Laurel" />
          </div>
          <Card>
            <BlockStack gap="400">
              <BlockStack gap="100">
                <Text as="h1" variant="headingLg">
                  {t("login.title")}
                </Text>
                <Text as="p" tone="subdued">
                  {t("login.subtitle")}
                </Text>
              </BlockStack>
              <LoginForm />
            </BlockStack>
          </Card>
          <LanguageSelect saveToShop={false} />
        </BlockStack>
      </Box>
    </main>
  );
}
