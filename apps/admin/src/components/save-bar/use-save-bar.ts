import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";

export interface UseSaveBarOptions {
  /** Persists the changes; throw (or reject) when it fails. */
  onSave: () => Promise<void> | void;
  /** Resets the form to its saved values. */
  onDiscard?: () => void;
  /** Runs first; returning `false` stops the save (e.g. a confirmation the merchant declined). */
  beforeSave?: () => boolean | undefined | Promise<boolean | undefined>;
  /** Runs after `beforeSave`; returning `false` stops the save (the form shows its errors). */
  validate?: () => boolean;
}

export interface SaveBarState {
  /** There are unsaved changes (the bar is shown). */
  saveChanged: boolean;
  /** A save is in flight. */
  saving: boolean;
  /** Saving is disabled: the URL carries a `trial` query parameter. */
  disableSave: boolean;
  setSaveChanged: (changed: boolean) => void;
  /** Resolves `true` when saved, `false` when stopped; rejects (after logging) when the save fails. */
  save: () => Promise<boolean>;
  discard: () => void;
}

/** Route state that keeps the save bar across a navigation: `navigate(to, { state: { keepSaveBar: true } })`. */
export interface KeepSaveBarState {
  keepSaveBar?: boolean;
}

function keepsSaveBar(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as KeepSaveBarState).keepSaveBar === true;
}

/**
 * A-16, the unsaved-changes bar's state machine: `saving`, `saveChanged`, `disableSave`.
 * Save sequence: optional `beforeSave` → stop if it returns false, if saving is disabled, or if
 * `validate` fails → `onSave` → clear the changed flag. A failure is logged and rethrown.
 * A navigation clears the changed flag unless its route state is `{ keepSaveBar: true }`.
 */
export function useSaveBar(options: UseSaveBarOptions): SaveBarState {
  const [searchParams] = useSearchParams();
  const disableSave = searchParams.has("trial");
  const [saveChanged, setSaveChanged] = useState(false);
  const [saving, setSaving] = useState(false);

  const optionsRef = useRef(options);
  optionsRef.current = options;
  const savingRef = useRef(false);

  const location = useLocation();
  const lastLocationKey = useRef(location.key);
  useEffect(() => {
    if (location.key === lastLocationKey.current) return;
    lastLocationKey.current = location.key;
    if (!keepsSaveBar(location.state)) setSaveChanged(false);
  }, [location.key, location.state]);

  const save = useCallback(async (): Promise<boolean> => {
    if (savingRef.current) return false;
    const { beforeSave, validate, onSave } = optionsRef.current;
    if (beforeSave && (await beforeSave()) === false) return false;
    if (disableSave) return false;
    if (validate && !validate()) return false;
    savingRef.current = true;
    setSaving(true);
    try {
      await onSave();
      setSaveChanged(false);
      return true;
    } catch (error) {
      console.error("Save failed", error);
      throw error;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [disableSave]);

  const discard = useCallback(() => {
    optionsRef.current.onDiscard?.();
    setSaveChanged(false);
  }, []);

  return { saveChanged, saving, disableSave, setSaveChanged, save, discard };
}
