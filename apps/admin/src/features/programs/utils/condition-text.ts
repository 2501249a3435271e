import type { OrderExplanation } from "@laurel/contracts";
import type { TFunction } from "i18next";

type ConditionCheck = OrderExplanation["trace"][number]["conditions"][number];

/**
 * One rule-engine condition in plain words, as the merchant wrote it (C-19): "product tag contains
 * 'sale'". Unknown criteria, fields or matchers (a newer engine) fall back to their API names.
 */
function conditionText(t: TFunction, c: ConditionCheck): string {
  const subject = t(`programs.explain.subjects.${c.criteria}_${c.field}`, {
    defaultValue: `${c.criteria} ${c.field}`,
  });
  const matcher = t(`programs.options.matcher.${c.matcher}`, { defaultValue: c.matcher });
  if (c.matcher === "empty" || c.matcher === "not_empty" || c.value === null)
    return t("programs.explain.conditionNoValue", { subject, matcher });
  const value = Array.isArray(c.value) ? c.value.join(", ") : String(c.value);
  return t("programs.explain.condition", { subject, matcher, value });
}

/** "Condition met: …" / "Condition not met: …". */
export function conditionCheckText(t: TFunction, c: ConditionCheck): string {
  return t(c.met ? "programs.explain.conditionMet" : "programs.explain.conditionNotMet", {
    condition: conditionText(t, c),
  });
}
