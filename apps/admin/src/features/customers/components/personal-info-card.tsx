import type { CustomerSummary, UpdateCustomerBody } from "@laurel/contracts";
import { BlockStack, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LeavePageGuard } from "../../../components/leave-page-guard";
import { SaveBar } from "../../../components/save-bar/save-bar";
import { useSaveBar } from "../../../components/save-bar/use-save-bar";
import { ApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import { customerKeys } from "../../../lib/query-keys";
import { putCustomer } from "../api/put-customer";

type Form = { firstName: string; lastName: string; phone: string; birthday: string };
type Field = keyof Form;

const formOf = (c: CustomerSummary): Form => ({
  firstName: c.firstName ?? "",
  lastName: c.lastName ?? "",
  phone: c.phone ?? "",
  birthday: c.birthday ?? "",
});

/** The changed fields only; an emptied field is cleared (null). */
function changesOf(saved: Form, form: Form): UpdateCustomerBody {
  const body: Record<string, string | null> = {};
  for (const key of Object.keys(form) as Field[]) {
    if (form[key].trim() !== saved[key]) body[key] = form[key].trim() || null;
  }
  return body as UpdateCustomerBody;
}

/** J-04 personal information: name, birthday (MM/DD), phone; save bar and leave guard. */
export function PersonalInfoCard({ customer }: { customer: CustomerSummary }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const saved = formOf(customer);
  const [form, setForm] = useState<Form>(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved customer changes
  useEffect(() => setForm(formOf(customer)), [customer.updatedAt, customer.id]);

  const bar = useSaveBar({
    validate: () => {
      const next: Partial<Record<Field, string>> = {};
      if (form.birthday.trim() && !/^\d{1,2}[/.-]\d{1,2}$/.test(form.birthday.trim())) {
        next.birthday = t("customers.personal.birthdayInvalid");
      }
      if (form.phone.trim() && !/^\+?[0-9 ().-]{3,30}$/.test(form.phone.trim())) {
        next.phone = t("customers.personal.phoneInvalid");
      }
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    onSave: async () => {
      try {
        await putCustomer(customer.id, changesOf(saved, form));
      } catch (error) {
        if (error instanceof ApiError) {
          const next: Partial<Record<Field, string>> = {};
          for (const e of error.errors ?? []) if (e.field in form) next[e.field as Field] = e.message;
          setErrors(next);
        }
        toast(t("customers.toast.updateFailed"), { isError: true });
        throw error;
      }
      toast(t("customers.toast.updated"));
      await queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer.id) });
      await queryClient.invalidateQueries({ queryKey: [...customerKeys.all, "list"] });
    },
    onDiscard: () => {
      setForm(saved);
      setErrors({});
    },
  });

  const set = (key: Field) => (value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    setErrors((e) => ({ ...e, [key]: undefined }));
    bar.setSaveChanged(Object.keys(changesOf(saved, next)).length > 0);
  };

  return (
    <Card>
      <SaveBar state={bar} />
      <LeavePageGuard when={bar.saveChanged} />
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("customers.personal.title")}
        </Text>
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label={t("customers.personal.firstName")}
              value={form.firstName}
              onChange={set("firstName")}
              error={errors.firstName}
              maxLength={255}
              autoComplete="off"
            />
            <TextField
              label={t("customers.personal.lastName")}
              value={form.lastName}
              onChange={set("lastName")}
              error={errors.lastName}
              maxLength={255}
              autoComplete="off"
            />
          </FormLayout.Group>
          <TextField
            label={t("customers.personal.email")}
            value={customer.email ?? ""}
            disabled
            autoComplete="off"
          />
          <TextField
            label={t("customers.personal.phone")}
            type="tel"
            value={form.phone}
            onChange={set("phone")}
            error={errors.phone}
            autoComplete="off"
          />
          <TextField
            label={t("customers.personal.birthday")}
            placeholder="MM/DD"
            helpText={t("customers.personal.birthdayHelp")}
            value={form.birthday}
            onChange={set("birthday")}
            error={errors.birthday}
            autoComplete="off"
          />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
