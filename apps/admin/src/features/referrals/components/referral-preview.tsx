import type { ReferralBranding, ReferralBrandingResponse } from "@laurel/contracts";
import { BlockStack, Box, Button, ButtonGroup, Card, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";

type Sample = ReferralBrandingResponse["sample"];

/** The placeholders filled as the storefront fills them (the server's `fillPlaceholders`). */
export function fillSample(text: string, sample: Sample): string {
  return text.replace(/\{\{(reward|referrer|shop)\}\}/g, (_, name: keyof Sample) => sample[name]);
}

/**
 * The designer's live preview, drawn as the widget draws them on sample values: the invite card of
 * the member's referral view, or the popup (centred or in the corner) before or after the claim.
 */
export function ReferralPreview({
  design,
  sample,
  show,
}: {
  design: ReferralBranding;
  sample: Sample;
  show: "invite" | "modal" | "corner";
}) {
  const { t } = useTranslation();
  const [claimed, setClaimed] = useState(false);
  const fill = (s: string) => fillSample(s, sample);
  const { popup, invite } = design;
  const sampleLink = "https://your-store.example/?ref=REFAVA2K9";

  const card =
    show === "invite" ? (
      <div
        data-testid="referral-preview-invite"
        style={{
          background: "#fff",
          borderRadius: 14,
          padding: 16,
          width: 340,
          boxShadow: "0 6px 24px rgba(0,0,0,.12)",
        }}
      >
        <h3 style={{ margin: "0 0 8px", fontSize: 15 }}>{fill(invite.heading)}</h3>
        <p style={{ margin: "4px 0" }}>{fill(invite.body)}</p>
        <code style={{ display: "block", margin: "8px 0", wordBreak: "break-all" }}>{sampleLink}</code>
        <div style={{ display: "flex", flexWrap: "wrap", gap: 6 }}>
          {invite.shareChannels.map((c) => (
            <span
              key={c}
              style={{ border: "2px solid #1f4b3f", borderRadius: 16, padding: "2px 10px", fontSize: 13 }}
            >
              {t(`referrals.design.channels.${c}`)}
            </span>
          ))}
        </div>
        {invite.showStats ? (
          <p style={{ margin: "8px 0 0", color: "#6d7175", fontSize: 13 }}>
            {t("referrals.design.sampleStats")}
          </p>
        ) : null}
      </div>
    ) : (
      <div
        data-testid="referral-preview-popup"
        data-layout={show}
        style={{
          position: "absolute",
          ...(show === "modal"
            ? { top: "50%", left: "50%", transform: "translate(-50%, -50%)", width: 320 }
            : { right: 16, bottom: 16, width: 260 }),
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          gap: 6,
          padding: "22px 18px 18px",
          borderRadius: 14,
          textAlign: "center",
          background: popup.colors.background,
          color: popup.colors.text,
          boxShadow: "0 12px 40px rgba(0,0,0,.25)",
        }}
      >
        {popup.imageUrl ? (
          <img src={popup.imageUrl} alt="" width={64} height={64} style={{ objectFit: "contain" }} />
        ) : null}
        <strong style={{ fontSize: 18 }}>{fill(popup.title)}</strong>
        {claimed ? (
          <span>{fill(popup.claimedText).replace(/\{\{code\}\}/g, "REFF7Q2M4")}</span>
        ) : (
          <>
            <span>{fill(popup.description)}</span>
            <span
              style={{
                marginTop: 8,
                padding: "8px 16px",
                borderRadius: 20,
                fontWeight: 600,
                background: popup.colors.button,
                color: popup.colors.buttonText,
              }}
            >
              {fill(popup.buttonText)}
            </span>
          </>
        )}
      </div>
    );

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingSm">
            {t("referrals.design.preview")}
          </Text>
          {show === "invite" ? null : (
            <ButtonGroup variant="segmented">
              <Button pressed={!claimed} onClick={() => setClaimed(false)}>
                {t("referrals.design.previewVisitor")}
              </Button>
              <Button pressed={claimed} onClick={() => setClaimed(true)}>
                {t("referrals.design.previewClaimed")}
              </Button>
            </ButtonGroup>
          )}
        </InlineStack>
        <Box>
          <div
            style={{
              position: "relative",
              height: 460,
              borderRadius: 8,
              border: "1px solid #e1e3e5",
              background: show === "modal" ? "rgba(0,0,0,.45)" : "#f6f6f7",
              display: show === "invite" ? "flex" : "block",
              alignItems: "center",
              justifyContent: "center",
              overflow: "hidden",
            }}
          >
            {card}
          </div>
        </Box>
        <Text as="p" tone="subdued">
          {popup.enabled || show === "invite" ? t("referrals.design.sample") : t("referrals.design.popupOff")}
        </Text>
      </BlockStack>
    </Card>
  );
}
