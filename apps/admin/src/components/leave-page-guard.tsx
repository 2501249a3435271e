import { Modal, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { sectionOf } from "../lib/routing";

/** leaving to a different path prefix (first segment after /embed) with unsaved changes. */
export function shouldConfirmLeave(hasUnsavedChanges: boolean, fromPath: string, toPath: string): boolean {
  return hasUnsavedChanges && sectionOf(fromPath) !== sectionOf(toPath);
}

/**
 * with unsaved changes, leaving to a different section asks 'Leave page with unsaved
 * changes' — 'Leave page' (destructive) or 'Stay'. Closing the tab or reloading asks the browser's
 * own question. Needs a data router (`createBrowserRouter`).
 */
export function LeavePageGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldConfirmLeave(when, currentLocation.pathname, nextLocation.pathname),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  const stay = () => blocker.reset?.();
  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={stay}
      title={t("leaveGuard.title")}
      primaryAction={{
        content: t("leaveGuard.leave"),
        destructive: true,
        onAction: () => blocker.proceed?.(),
      }}
      secondaryActions={[{ content: t("leaveGuard.stay"), onAction: stay }]}
    >
      <Modal.Section>
        <Text as="p">{t("leaveGuard.body")}</Text>
      </Modal.Section>
    </Modal>
  );
}
