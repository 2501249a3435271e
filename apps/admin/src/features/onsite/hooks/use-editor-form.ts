import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";

/**
 * An onsite editor's form state behind the save bar: the value being edited against the last saved
 * one, local checks before saving, the server's field errors after, the toasts, and discard. Shared
 * so every onsite editor saves and discards alike.
 */
export function useEditorForm<T, R>({
  saved,
  save,
  savedOf,
  validate,
  saveError,
  isChanged = (value, initial) => JSON.stringify(value) !== JSON.stringify(initial),
  onSaved,
  onDiscard,
}: {
  saved: T;
  /** Saves the value; answers the server's response. */
  save: (value: T) => Promise<R>;
  /** The saved value in the server's response. */
  savedOf: (result: R) => T;
  /** Local checks: field → message; none to save. */
  validate: (value: T) => Record<string, string>;
  /** The failed save's toast (i18n key). */
  saveError: string;
  isChanged?: (value: T, initial: T) => boolean;
  /** Keeps the editor's own state (texts typed, addresses) in step with a save. */
  onSaved?: (result: R) => void;
  /** Keeps the editor's own state in step with a discard. */
  onDiscard?: (initial: T) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [initial, setInitial] = useState(saved);
  const [value, setValue] = useState<T>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = isChanged(value, initial);
  const saveBar = useSaveBar({
    validate: () => {
      const next = validate(value);
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        const result = await save(value);
        setInitial(savedOf(result));
        setValue(savedOf(result));
        onSaved?.(result);
        toast(t("onsite.saved"));
      } catch (error) {
        if (isApiError(error)) setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        toast(t(saveError), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setValue(initial);
      onDiscard?.(initial);
      setErrors({});
    },
  });
  const { setSaveChanged } = saveBar;
  useEffect(() => setSaveChanged(changed), [changed, setSaveChanged]);
  return { value, setValue, initial, errors, changed, saveBar };
}
