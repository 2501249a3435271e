import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { useAppPaths } from "../../../lib/routing";

/**
 * A tier editor's form behind the save bar: local checks, the save and its toasts, the server's
 * field errors, then back to the program's screen once the bar has cleared. Shared by the tier editor
 * and the tier rewards editor, which save alike and differ only in their fields.
 */
export function useTierForm<F extends object, B>({
  initial,
  check,
  save,
  home,
}: {
  /** The form as saved: the first state, and what a discard restores. */
  initial: () => F;
  /** The body to save, or null with the errors to show (field → message). */
  check: (form: F) => { body: B | null; errors: Record<string, string> };
  save: (body: B) => Promise<unknown>;
  /** Where the program's screens live (VIP `/membership`, B2B `/wholesale/vip`, decision 0174). */
  home: string;
}) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const navigate = useNavigate();
  const toast = useToast();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [leave, setLeave] = useState(false);

  const bar = useSaveBar({
    onSave: async () => {
      const { body, errors: local } = check(form);
      setErrors(local);
      if (!body) throw new Error(t("membership.editor.fixErrors"));
      try {
        await save(body);
        toast(t("membership.toast.tierSaved"));
        setLeave(true);
      } catch (error) {
        if (error instanceof ApiError) {
          setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        }
        toast(t("membership.toast.tierFailed"), { isError: true });
        throw error;
      }
    },
    onDiscard: () => {
      setForm(initial());
      setErrors({});
    },
  });
  // Leave once the save bar has cleared (the leave guard reads the cleared state).
  useEffect(() => {
    if (leave && !bar.saveChanged) navigate(href(home));
  }, [leave, bar.saveChanged, navigate, href, home]);

  const change = (patch: Partial<F>) => {
    setForm((f) => ({ ...f, ...patch }));
    bar.setSaveChanged(true);
  };
  return { form, errors, change, bar };
}
