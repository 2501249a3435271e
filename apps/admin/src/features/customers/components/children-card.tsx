import { type CustomerChild, customerChildGenders, MAX_CUSTOMER_CHILDREN } from "@laurel/contracts";
import {
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { customerKeys } from "../../../lib/query-keys";
import { putCustomerChildren } from "../api/put-customer-children";

type Row = { name: string; gender: string; birthDate: string };
const rowOf = (c: CustomerChild): Row => ({
  name: c.name,
  gender: c.gender ?? "",
  birthDate: c.birthDate ?? "",
});
const blank: Row = { name: "", gender: "", birthDate: "" };

/**
 * J-02 / J-04 children info: each child's name, gender and birth date. The merchant edits the whole
 * list in a dialog (add, change, remove) and saves it at once; errors are shown on their row.
 */
export function ChildrenCard({ customerId, items }: { customerId: string; items: readonly CustomerChild[] }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const genderLabel = (g: string) => t(`customers.children.gender.${g}`);
  const dateOf = (d: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${d}T00:00:00Z`),
    );
  const open = () => {
    setRows(items.length > 0 ? items.map(rowOf) : [blank]);
    setErrors({});
  };
  const close = () => setRows(null);
  const change = (i: number, key: keyof Row) => (value: string) => {
    setRows((r) => r?.map((row, j) => (j === i ? { ...row, [key]: value } : row)) ?? null);
    setErrors((e) => ({ ...e, [`children.${i}.${key}`]: "" }));
  };

  const save = async () => {
    if (!rows) return;
    const kept = rows.filter((r) => r.name.trim() || r.birthDate || r.gender);
    const local: Record<string, string> = {};
    kept.forEach((r, i) => {
      if (!r.name.trim()) local[`children.${i}.name`] = t("customers.children.nameRequired");
    });
    if (Object.keys(local).length > 0) {
      setRows(kept.length > 0 ? kept : [blank]);
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      await putCustomerChildren(customerId, {
        children: kept.map((r) => ({
          name: r.name.trim(),
          gender: (r.gender || null) as CustomerChild["gender"],
          birthDate: r.birthDate || null,
        })),
      });
      toast(t("customers.children.saved"));
      await queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
      close();
    } catch (error) {
      if (error instanceof ApiError) {
        setRows(kept.length > 0 ? kept : [blank]);
        setErrors(Object.fromEntries((error.errors ?? []).map((e) => [e.field, e.message])));
      }
      toast(t("customers.toast.updateFailed"), { isError: true });
    } finally {
      setBusy(false);
    }
  };

  const genderOptions = [
    { label: t("customers.children.gender.unset"), value: "" },
    ...customerChildGenders.map((g) => ({ label: genderLabel(g), value: g })),
  ];

  return (
    <div data-testid="children-card">
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {t("customers.children.title")}
            </Text>
            <Button variant="plain" onClick={open}>
              {items.length > 0 ? t("customers.children.edit") : t("customers.children.add")}
            </Button>
          </InlineStack>
          {items.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("customers.children.empty")}
            </Text>
          ) : (
            <BlockStack gap="200" as="ul">
              {items.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: children have no id; the list is replaced whole
                <li key={i} style={{ listStyle: "none" }} data-testid="customer-child">
                  <Text as="span" fontWeight="semibold">
                    {c.name}
                  </Text>
                  <Text as="span" tone="subdued">
                    {" · "}
                    {c.gender ? genderLabel(c.gender) : t("customers.children.gender.unset")}
                    {" · "}
                    {c.birthDate ? dateOf(c.birthDate) : t("customers.children.noBirthDate")}
                  </Text>
                </li>
              ))}
            </BlockStack>
          )}
        </BlockStack>
        <Modal
          open={rows !== null}
          onClose={close}
          title={t("customers.children.title")}
          primaryAction={{
            content: t("customers.children.save"),
            loading: busy,
            onAction: () => void save(),
          }}
          secondaryActions={[{ content: t("customers.common.cancel"), onAction: close }]}
        >
          <Modal.Section>
            <BlockStack gap="400">
              {(rows ?? []).map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list being edited
                <FormLayout key={i}>
                  <FormLayout.Group condensed>
                    <TextField
                      label={t("customers.children.name")}
                      value={r.name}
                      onChange={change(i, "name")}
                      error={errors[`children.${i}.name`] || undefined}
                      maxLength={100}
                      autoComplete="off"
                    />
                    <Select
                      label={t("customers.children.genderLabel")}
                      options={genderOptions}
                      value={r.gender}
                      onChange={change(i, "gender")}
                      error={errors[`children.${i}.gender`] || undefined}
                    />
                    <TextField
                      label={t("customers.children.birthDate")}
                      type="date"
                      value={r.birthDate}
                      onChange={change(i, "birthDate")}
                      error={errors[`children.${i}.birthDate`] || undefined}
                      autoComplete="off"
                    />
                  </FormLayout.Group>
                  <Button
                    variant="plain"
                    tone="critical"
                    onClick={() => setRows((all) => all?.filter((_, j) => j !== i) ?? null)}
                  >
                    {t("customers.children.remove")}
                  </Button>
                </FormLayout>
              ))}
              {errors.children ? (
                <Text as="p" tone="critical">
                  {errors.children}
                </Text>
              ) : null}
              <InlineStack>
                <Button
                  onClick={() => setRows((all) => [...(all ?? []), blank])}
                  disabled={(rows?.length ?? 0) >= MAX_CUSTOMER_CHILDREN}
                >
                  {t("customers.children.addAnother")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Modal.Section>
        </Modal>
      </Card>
    </div>
  );
}
