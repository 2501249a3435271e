import type { ProgramSummary } from "@laurel/contracts";
import { Banner, BlockStack, Modal, Select, SkeletonBodyText, Text, TextField } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { usePrograms } from "../api/get-programs";
import { usePutProgramNames } from "../api/put-program-names";

/** Storefront languages a merchant may translate names into (codes as the storefront sends them). */
const STOREFRONT_LANGUAGES = [
  "fr",
  "de",
  "es",
  "it",
  "ja",
  "id",
  "nl",
  "pt-BR",
  "sv",
  "da",
  "pl",
  "zh-CN",
  "ko",
];

type Names = Record<string, { title: string; translateTitle: Record<string, string> }>;

const namesOf = (programs: ProgramSummary[]): Names =>
  Object.fromEntries(
    programs.map((p) => [p.id, { title: p.title, translateTitle: { ...p.translateTitle } }]),
  );

/**
 * Program-name translations (S-14): Name | Default | one column per storefront language, saved
 * with `PUT /lp/programs` for the rows that changed.
 */
export function ProgramNamesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const earning = usePrograms("earning");
  const spending = usePrograms("spending");
  const save = usePutProgramNames();
  const programs = useMemo(
    () => [...(earning.data ?? []), ...(spending.data ?? [])],
    [earning.data, spending.data],
  );
  const [names, setNames] = useState<Names | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const current = names ?? namesOf(programs);
  const languages = [
    ...new Set([...programs.flatMap((p) => Object.keys(p.translateTitle)), ...added]),
  ].sort();
  const addable = STOREFRONT_LANGUAGES.filter((l) => !languages.includes(l));

  const set = (id: string, language: string | null, value: string) => {
    const base = current[id] ?? { title: "", translateTitle: {} };
    const next =
      language === null
        ? { ...base, title: value }
        : { ...base, translateTitle: { ...base.translateTitle, [language]: value } };
    setNames({ ...current, [id]: next });
  };

  const submit = async () => {
    const changed = programs
      .map((p) => {
        const n = current[p.id];
        if (!n) return null;
        const translateTitle = Object.fromEntries(
          Object.entries(n.translateTitle).filter(([, v]) => v.trim() !== ""),
        );
        const same =
          n.title === p.title && JSON.stringify(translateTitle) === JSON.stringify(p.translateTitle);
        return same ? null : { id: p.id, title: n.title, translateTitle };
      })
      .filter((x) => x !== null);
    if (changed.length === 0) return onClose();
    setError(null);
    try {
      const envelope = await save.mutateAsync(changed);
      toast(envelope.message || t("programs.toast.saved"));
      setNames(null);
      setAdded([]);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors[0]?.message ?? e.serverError ?? e.message) : String(e));
      toast(t("programs.toast.saveFailed"), { isError: true });
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="large"
      title={t("programs.names.title")}
      primaryAction={{
        content: t("programs.editor.save"),
        onAction: () => void submit(),
        loading: save.isPending,
      }}
      secondaryActions={[{ content: t("programs.editor.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p" tone="subdued">
            {t("programs.names.help")}
          </Text>
          {error ? (
            <Banner tone="critical">
              <p>{error}</p>
            </Banner>
          ) : null}
          {addable.length > 0 ? (
            <Select
              label={t("programs.names.addLanguage")}
              options={[
                { label: t("programs.fields.condition.choose"), value: "" },
                ...addable.map((l) => ({ label: l, value: l })),
              ]}
              value=""
              onChange={(l) => l && setAdded((a) => [...a, l])}
            />
          ) : null}
          {earning.isPending || spending.isPending ? (
            <SkeletonBodyText lines={5} />
          ) : (
            <div style={{ overflowX: "auto" }}>
              <table style={{ borderCollapse: "collapse", width: "100%" }}>
                <thead>
                  <tr>
                    <th style={{ textAlign: "start", padding: 4 }}>{t("programs.names.name")}</th>
                    <th style={{ textAlign: "start", padding: 4 }}>{t("programs.names.default")}</th>
                    {languages.map((l) => (
                      <th key={l} style={{ textAlign: "start", padding: 4 }}>
                        {l}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {programs.map((p) => (
                    <tr key={p.id}>
                      <td style={{ padding: 4 }}>
                        {t(`programs.kinds.${p.event}`, { defaultValue: p.event })}
                      </td>
                      <td style={{ padding: 4 }}>
                        <TextField
                          label={t("programs.names.defaultLabel", { name: p.title })}
                          labelHidden
                          value={current[p.id]?.title ?? ""}
                          onChange={(v) => set(p.id, null, v)}
                          autoComplete="off"
                        />
                      </td>
                      {languages.map((l) => (
                        <td key={l} style={{ padding: 4 }}>
                          <TextField
                            label={t("programs.names.translationLabel", { name: p.title, language: l })}
                            labelHidden
                            value={current[p.id]?.translateTitle[l] ?? ""}
                            onChange={(v) => set(p.id, l, v)}
                            autoComplete="off"
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
