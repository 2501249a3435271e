import { ContextualSaveBar } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { SaveBarState } from "./use-save-bar";

/**
 * the unsaved-changes top bar (Polaris ContextualSaveBar; it needs the app's `Frame`).
 * Shown while there are unsaved changes; Save runs the `useSaveBar` sequence, Discard resets.
 */
export function SaveBar({ state, message }: { state: SaveBarState; message?: string }) {
  const { t } = useTranslation();
  if (!state.saveChanged) return null;
  return (
    <ContextualSaveBar
      message={message ?? t("saveBar.message")}
      saveAction={{
        content: t("saveBar.save"),
        loading: state.saving,
        disabled: state.disableSave || state.saving,
        // The failure was logged by `save`; the screen's own onSave shows the toast.
        onAction: () => void state.save().catch(() => undefined),
      }}
      discardAction={{ content: t("saveBar.discard"), onAction: state.discard, disabled: state.saving }}
    />
  );
}
