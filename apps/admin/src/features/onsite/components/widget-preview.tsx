import type { WidgetSettings } from "@laurel/contracts";
import { BlockStack, Box, Button, ButtonGroup, Card, InlineStack, Text } from "@shopify/polaris";
import { DesktopIcon, MobileIcon } from "@shopify/polaris-icons";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PreviewAudience, type PreviewDevice, previewDocument, sampleCustomer } from "../utils/preview";

/**
 * The live preview: the real widget bundle (loader and panel, as storefronts load them) in a
 * sandboxed frame, on sample data, redrawn a moment after each change; guest or member, desktop or
 * mobile width.
 */
export function WidgetPreview({ settings, widgetUrl }: { settings: WidgetSettings; widgetUrl: string }) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<PreviewAudience>("guest");
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const doc = useMemo(
    () =>
      previewDocument({
        widgetUrl,
        settings,
        customer: sampleCustomer(audience, settings.currency),
        audience,
        origin: window.location.origin,
        pageLabel: t("onsite.preview.page"),
      }),
    [widgetUrl, settings, audience, t],
  );
  // Typing redraws the frame once the merchant pauses, not at every key.
  const [shown, setShown] = useState(doc);
  useEffect(() => {
    const timer = setTimeout(() => setShown(doc), 250);
    return () => clearTimeout(timer);
  }, [doc]);

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingSm">
            {t("onsite.preview.title")}
          </Text>
          <InlineStack gap="200">
            <ButtonGroup variant="segmented">
              <Button pressed={audience === "guest"} onClick={() => setAudience("guest")}>
                {t("onsite.preview.guest")}
              </Button>
              <Button pressed={audience === "member"} onClick={() => setAudience("member")}>
                {t("onsite.preview.member")}
              </Button>
            </ButtonGroup>
            <ButtonGroup variant="segmented">
              <Button
                icon={DesktopIcon}
                accessibilityLabel={t("onsite.preview.desktop")}
                pressed={device === "desktop"}
                onClick={() => setDevice("desktop")}
              />
              <Button
                icon={MobileIcon}
                accessibilityLabel={t("onsite.preview.mobile")}
                pressed={device === "mobile"}
                onClick={() => setDevice("mobile")}
              />
            </ButtonGroup>
          </InlineStack>
        </InlineStack>
        <Box>
          <div style={{ display: "flex", justifyContent: "center" }}>
            <iframe
              // A new document reloads the frame: the loader runs once per page, as on a storefront.
              title={t("onsite.preview.frame")}
              data-testid="widget-preview"
              data-audience={audience}
              data-device={device}
              sandbox="allow-scripts"
              srcDoc={shown}
              style={{
                width: device === "mobile" ? 375 : "100%",
                height: device === "mobile" ? 667 : 720,
                border: "1px solid #e1e3e5",
                borderRadius: 8,
                background: "#f6f6f7",
              }}
            />
          </div>
        </Box>
        <Text as="p" tone="subdued">
          {t("onsite.preview.sample")}
        </Text>
      </BlockStack>
    </Card>
  );
}
