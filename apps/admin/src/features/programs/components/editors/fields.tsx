import { Checkbox, Select, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { FormErrors, FormValue } from "../../utils/program-form";

/** What each kind's fields get from the editor frame. */
export interface KindFieldsProps {
  event: string;
  fields: Record<string, FormValue>;
  set: (key: string, value: FormValue) => void;
  /** Translated error of a field, named as the API names it (`config.earnPoint`). */
  error: (field: string) => string | undefined;
  currency: string;
  /** the rule engine needs the Advanced plan. */
  ruleEngineAllowed: boolean;
  /** G-19: the kind's settings can't change now (a streak once switched on). */
  locked?: boolean;
}

/** Translates an error: client keys (`programs.validation.*`) or the server's own words. */
export function errorText(errors: FormErrors, serverErrors: FormErrors, t: (k: string) => string) {
  return (field: string): string | undefined => {
    const key = errors[field];
    // A full key (`earnDates.validation.daysRange`) comes from a kind's own locale file
    // (`earnDates.…`, `earnEvents.…`).
    if (key) return t(key.includes(".") ? key : `programs.validation.${key}`);
    return serverErrors[field];
  };
}

interface TextProps {
  name: string;
  fieldKey: string;
  apiField: string;
  p: KindFieldsProps;
  type?: "text" | "number" | "date";
  prefix?: string;
  suffix?: string;
  multiline?: number;
  disabled?: boolean;
}

/** A text input with its label and help text (`programs.fields.<name>.label|help`) and its error. */
export function FieldText({
  name,
  fieldKey,
  apiField,
  p,
  type = "text",
  prefix,
  suffix,
  multiline,
  disabled,
}: TextProps) {
  const { t, i18n } = useTranslation();
  const helpKey = `programs.fields.${name}.help`;
  return (
    <TextField
      label={t(`programs.fields.${name}.label`)}
      helpText={i18n.exists(helpKey) ? t(helpKey) : undefined}
      type={type}
      value={String(p.fields[fieldKey] ?? "")}
      onChange={(v) => p.set(fieldKey, v)}
      error={p.error(apiField)}
      autoComplete="off"
      prefix={prefix}
      suffix={suffix}
      multiline={multiline}
      disabled={disabled}
    />
  );
}

interface SelectProps {
  name: string;
  fieldKey: string;
  apiField: string;
  options: readonly string[];
  p: KindFieldsProps;
  disabled?: boolean;
}

/** A select whose options are translated as `programs.options.<name>.<value>`. */
export function FieldSelect({ name, fieldKey, apiField, options, p, disabled }: SelectProps) {
  const { t, i18n } = useTranslation();
  const helpKey = `programs.fields.${name}.help`;
  return (
    <Select
      label={t(`programs.fields.${name}.label`)}
      helpText={i18n.exists(helpKey) ? t(helpKey) : undefined}
      options={options.map((value) => ({ value, label: t(`programs.options.${name}.${value}`) }))}
      value={String(p.fields[fieldKey] ?? "")}
      onChange={(v) => p.set(fieldKey, v)}
      error={p.error(apiField)}
      disabled={disabled}
    />
  );
}

/** A checkbox with its label and help text. */
export function FieldCheck({ name, p, disabled }: { name: string; p: KindFieldsProps; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const helpKey = `programs.fields.${name}.help`;
  return (
    <Checkbox
      label={t(`programs.fields.${name}.label`)}
      helpText={i18n.exists(helpKey) ? t(helpKey) : undefined}
      checked={p.fields[name] === true}
      onChange={(v) => p.set(name, v)}
      disabled={disabled}
    />
  );
}

/** C-11: the earning limit, shared by every earning kind. */
export const limitUnits = ["minute", "hour", "day", "week", "month", "year", "lifetime"] as const;

export function LimitFields({ p }: { p: KindFieldsProps }) {
  return (
    <>
      <FieldCheck name="hasLimit" p={p} />
      {p.fields.hasLimit === true ? (
        <>
          <FieldText
            name="limitInterval"
            fieldKey="limitInterval"
            apiField="config.limitInterval"
            type="number"
            p={p}
          />
          <FieldSelect
            name="limitUnit"
            fieldKey="limitUnit"
            apiField="config.limitUnit"
            options={limitUnits}
            p={p}
          />
        </>
      ) : null}
    </>
  );
}
