import { BlockStack, Box, Button, Card, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ProgramNamesModal } from "../../../features/programs";

/**
 * M-17 beside the storefront texts: the program names per language (Name | Default | one column
 * per language), the same table as on the programs list, saved with `PUT /lp/programs` when changed.
 */
export function ProgramNamesCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box paddingBlockStart="400">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingSm">
            {t("translationsEditor.programNames.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("translationsEditor.programNames.body")}
          </Text>
          <Box>
            <Button onClick={() => setOpen(true)}>{t("translationsEditor.programNames.open")}</Button>
          </Box>
        </BlockStack>
      </Card>
      {open ? <ProgramNamesModal open onClose={() => setOpen(false)} /> : null}
    </Box>
  );
}
