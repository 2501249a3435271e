import { useTranslation } from "react-i18next";
import { AccessDeniedIllustration } from "./illustrations";

/**
 * a blocked shop sees only this — an image and the words "Access denied". No frame, no
 * navigation, no actions.
 */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <main
      data-testid="access-denied"
      style={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: "var(--p-space-400, 16px)",
        background: "var(--p-color-bg, #f1f1f1)",
      }}
    >
      <AccessDeniedIllustration />
      <h1
        style={{
          margin: 0,
          font: "var(--p-font-weight-semibold, 600) 1.5rem/1.3 var(--p-font-family-sans, sans-serif)",
        }}
      >
        {t("accessDenied.title")}
      </h1>
    </main>
  );
}
