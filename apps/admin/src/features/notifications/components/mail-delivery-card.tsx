import type { MailDelivery, MailDomain } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  DataTable,
  FormLayout,
  InlineStack,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api/errors";
import { useToast } from "../../../lib/host/host";
import {
  useAddDomain,
  useMailDelivery,
  useRemoveDomain,
  useRemoveSmtp,
  useSaveSender,
  useSaveSmtp,
  useVerifyDomain,
  useVerifySmtp,
} from "../api/mail-delivery";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Errors = Record<string, string>;
const fieldErrors = (error: unknown): Errors =>
  isApiError(error) ? Object.fromEntries(error.errors.map((e) => [e.field, e.message])) : {};

/**
 * The Email section of `/settings` (M-01, M-25; L-06 … L-09): which way e-mails leave now, the
 * custom SMTP connection (verified by a real test message), the custom sending domain with its DNS
 * records, and the sender. Passwords and keys are never shown: the server does not send them.
 */
export function MailDeliveryCard() {
  const { t } = useTranslation();
  const delivery = useMailDelivery();
  if (delivery.isPending) {
    return (
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    );
  }
  if (delivery.isError) {
    return (
      <Banner
        tone="critical"
        title={t("mailDelivery.loadError")}
        action={{ content: t("mailDelivery.tryAgain"), onAction: () => void delivery.refetch() }}
      />
    );
  }
  const d = delivery.data;
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h3" variant="headingSm">
              {t("mailDelivery.methodTitle")}
            </Text>
            <span data-testid="mail-method">
              <Badge tone={d.method === "default" ? undefined : "success"}>
                {t(`mailDelivery.method.${d.method}`)}
              </Badge>
            </span>
          </InlineStack>
          <Text as="p" tone="subdued">
            {t("mailDelivery.from", { from: d.from })}
          </Text>
          <Text as="p" tone="subdued" variant="bodySm">
            {t("mailDelivery.priority")}
          </Text>
        </BlockStack>
      </Card>
      <SmtpCard smtp={d.smtp} />
      <DomainCard domain={d.domain} />
      <SenderCard sender={d.sender} />
    </BlockStack>
  );
}

function SmtpCard({ smtp }: { smtp: MailDelivery["smtp"] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSmtp();
  const verify = useVerifySmtp();
  const remove = useRemoveSmtp();
  const [form, setForm] = useState({
    host: smtp.host ?? "",
    port: smtp.port ? String(smtp.port) : "587",
    secure: smtp.secure,
    auth: smtp.auth,
    username: smtp.username ?? "",
    password: "",
  });
  const [testEmail, setTestEmail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    setForm((f) => ({
      ...f,
      host: smtp.host ?? "",
      port: smtp.port ? String(smtp.port) : f.port,
      password: "",
    }));
  }, [smtp.host, smtp.port]);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));

  const onSave = () => {
    const next: Errors = {};
    if (!form.host.trim()) next.host = t("mailDelivery.required");
    if (!form.port.trim()) next.port = t("mailDelivery.required");
    else if (!/^\d+$/.test(form.port.trim())) next.port = t("mailDelivery.portNumeric");
    if (form.auth && !form.username.trim()) next.username = t("mailDelivery.required");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        host: form.host.trim(),
        port: Number(form.port),
        secure: form.secure,
        auth: form.auth,
        username: form.auth ? form.username.trim() : null,
        ...(form.password ? { password: form.password } : {}),
      },
      {
        onSuccess: () => toast(t("mailDelivery.smtp.saved")),
        onError: (error) => {
          setErrors(fieldErrors(error));
          toast(t("mailDelivery.smtp.saveError"), { isError: true });
        },
      },
    );
  };
  const onVerify = () => {
    if (!EMAIL.test(testEmail.trim())) {
      setErrors({
        testEmail: testEmail.trim() ? t("mailDelivery.emailInvalid") : t("mailDelivery.required"),
      });
      return;
    }
    setErrors({});
    verify.mutate(testEmail.trim(), {
      onSuccess: () => toast(t("mailDelivery.smtp.verified")),
      onError: () => toast(t("mailDelivery.smtp.testError"), { isError: true }),
    });
  };

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm">
            {t("mailDelivery.smtp.title")}
          </Text>
          {smtp.configured ? (
            <span data-testid="smtp-status">
              <Badge tone={smtp.verified ? "success" : "attention"}>
                {smtp.verified ? t("mailDelivery.verified") : t("mailDelivery.unverified")}
              </Badge>
            </span>
          ) : null}
        </InlineStack>
        {smtp.configured && !smtp.verified ? (
          <Banner tone="warning" title={t("mailDelivery.smtp.reverifyTitle")}>
            <p>{t("mailDelivery.smtp.reverifyBody")}</p>
            {smtp.lastError ? <p data-testid="smtp-last-error">{smtp.lastError}</p> : null}
          </Banner>
        ) : null}
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label={t("mailDelivery.smtp.host")}
              value={form.host}
              onChange={(v) => set("host", v)}
              autoComplete="off"
              error={errors.host}
            />
            <TextField
              label={t("mailDelivery.smtp.port")}
              value={form.port}
              onChange={(v) => set("port", v)}
              autoComplete="off"
              inputMode="numeric"
              error={errors.port}
            />
          </FormLayout.Group>
          <Checkbox
            label={t("mailDelivery.smtp.secure")}
            checked={form.secure}
            onChange={(v) => set("secure", v)}
          />
          <Checkbox
            label={t("mailDelivery.smtp.auth")}
            checked={form.auth}
            onChange={(v) => set("auth", v)}
          />
          {form.auth ? (
            <FormLayout.Group>
              <TextField
                label={t("mailDelivery.smtp.username")}
                value={form.username}
                onChange={(v) => set("username", v)}
                autoComplete="off"
                error={errors.username}
              />
              <TextField
                label={t("mailDelivery.smtp.password")}
                type="password"
                value={form.password}
                onChange={(v) => set("password", v)}
                autoComplete="new-password"
                helpText={smtp.hasPassword ? t("mailDelivery.smtp.passwordKept") : undefined}
              />
            </FormLayout.Group>
          ) : null}
          <InlineStack gap="200">
            <Button variant="primary" onClick={onSave} loading={save.isPending}>
              {t("mailDelivery.smtp.save")}
            </Button>
            {smtp.configured ? (
              <Button
                tone="critical"
                variant="plain"
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast(t("mailDelivery.smtp.removed")),
                    onError: () => toast(t("mailDelivery.smtp.saveError"), { isError: true }),
                  })
                }
              >
                {t("mailDelivery.remove")}
              </Button>
            ) : null}
          </InlineStack>
        </FormLayout>
        {smtp.configured ? (
          <InlineStack gap="200" blockAlign="end">
            <Box minWidth="260px">
              <TextField
                label={t("mailDelivery.smtp.testEmail")}
                type="email"
                value={testEmail}
                onChange={setTestEmail}
                autoComplete="email"
                error={errors.testEmail}
              />
            </Box>
            <Button onClick={onVerify} loading={verify.isPending}>
              {t("mailDelivery.smtp.verify")}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}

function DomainCard({ domain }: { domain: MailDomain | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddDomain();
  const verify = useVerifyDomain();
  const remove = useRemoveDomain();
  const [root, setRoot] = useState("");
  const [sub, setSub] = useState("send");
  const [errors, setErrors] = useState<Errors>({});

  const onAdd = () => {
    if (!root.trim() || !sub.trim()) {
      setErrors({ rootDomain: t("mailDelivery.domain.fillAll") });
      return;
    }
    add.mutate(
      { rootDomain: root.trim(), subdomain: sub.trim() },
      {
        onSuccess: () => setErrors({}),
        onError: (error) => {
          setErrors(fieldErrors(error));
          toast(t("mailDelivery.domain.addError"), { isError: true });
        },
      },
    );
  };

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm">
            {t("mailDelivery.domain.title")}
          </Text>
          {domain ? (
            <span data-testid="domain-status">
              <Badge
                tone={
                  domain.status === "verified"
                    ? "success"
                    : domain.status === "partially_verified"
                      ? "attention"
                      : undefined
                }
              >
                {t(`mailDelivery.domain.status.${domain.status}`)}
              </Badge>
            </span>
          ) : null}
        </InlineStack>
        {domain ? (
          <BlockStack gap="300">
            <Text as="p">{t("mailDelivery.domain.publish", { domain: domain.sendingDomain })}</Text>
            {domain.status === "partially_verified" ? (
              <Banner tone="warning" title={t("mailDelivery.domain.partial")}>
                <p>{t("mailDelivery.domain.missing", { records: domain.missing.join(", ") })}</p>
              </Banner>
            ) : null}
            <DataTable
              columnContentTypes={["text", "text", "text", "text", "text"]}
              headings={[
                t("mailDelivery.domain.record"),
                t("mailDelivery.domain.type"),
                t("mailDelivery.domain.name"),
                t("mailDelivery.domain.value"),
                t("mailDelivery.domain.found"),
              ]}
              rows={domain.records.map((r) => [
                r.kind,
                r.priority ? `${r.type} ${r.priority}` : r.type,
                <Text as="span" key="n" breakWord>
                  {r.name}
                </Text>,
                <Text as="span" key="v" breakWord>
                  {r.value}
                </Text>,
                r.found ? t("mailDelivery.domain.yes") : t("mailDelivery.domain.no"),
              ])}
            />
            <Text as="p" tone="subdued" variant="bodySm">
              {t("mailDelivery.domain.propagation")}
            </Text>
            <InlineStack gap="200">
              <Button
                variant="primary"
                loading={verify.isPending}
                onClick={() =>
                  verify.mutate(undefined, {
                    onSuccess: (r) => toast(r.message ?? t("mailDelivery.domain.checked")),
                    onError: () => toast(t("mailDelivery.domain.verifyError"), { isError: true }),
                  })
                }
              >
                {t("mailDelivery.domain.verify")}
              </Button>
              <Button
                tone="critical"
                variant="plain"
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast(t("mailDelivery.domain.removed")),
                    onError: () => toast(t("mailDelivery.domain.removeError"), { isError: true }),
                  })
                }
              >
                {t("mailDelivery.remove")}
              </Button>
            </InlineStack>
          </BlockStack>
        ) : (
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label={t("mailDelivery.domain.root")}
                value={root}
                onChange={setRoot}
                autoComplete="off"
                placeholder="example.com"
                helpText={t("mailDelivery.domain.rootHelp")}
                error={errors.rootDomain}
              />
              <TextField
                label={t("mailDelivery.domain.subdomain")}
                value={sub}
                onChange={setSub}
                autoComplete="off"
                helpText={t("mailDelivery.domain.subdomainHelp")}
                error={errors.subdomain}
              />
            </FormLayout.Group>
            <Button onClick={onAdd} loading={add.isPending}>
              {t("mailDelivery.domain.add")}
            </Button>
          </FormLayout>
        )}
      </BlockStack>
    </Card>
  );
}

function SenderCard({ sender }: { sender: MailDelivery["sender"] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSender();
  const [email, setEmail] = useState(sender.email ?? "");
  const [name, setName] = useState(sender.name ?? "");
  const [errors, setErrors] = useState<Errors>({});

  const onSave = () => {
    const next: Errors = {};
    if (!email.trim()) next.email = t("mailDelivery.sender.required");
    else if (!EMAIL.test(email.trim())) next.email = t("mailDelivery.emailInvalid");
    if (!name.trim()) next.name = t("mailDelivery.sender.required");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { email: email.trim(), name: name.trim() },
      {
        onSuccess: (r) =>
          toast(r.data.verified ? t("mailDelivery.sender.saved") : t("mailDelivery.sender.checkInbox")),
        onError: (error) => {
          setErrors(fieldErrors(error));
          toast(t("mailDelivery.sender.saveError"), { isError: true });
        },
      },
    );
  };

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm">
            {t("mailDelivery.sender.title")}
          </Text>
          {sender.email ? (
            <Badge tone={sender.verified ? "success" : "attention"}>
              {sender.verified ? t("mailDelivery.verified") : t("mailDelivery.unverified")}
            </Badge>
          ) : null}
        </InlineStack>
        {sender.email && !sender.verified ? (
          <Banner tone="warning" title={t("mailDelivery.sender.unverified")} />
        ) : null}
        {sender.publicDomain ? (
          <Banner tone="info" title={t("mailDelivery.sender.publicTitle")}>
            <p>{t("mailDelivery.sender.publicBody")}</p>
          </Banner>
        ) : null}
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label={t("mailDelivery.sender.name")}
              value={name}
              onChange={setName}
              autoComplete="off"
              error={errors.name}
            />
            <TextField
              label={t("mailDelivery.sender.email")}
              type="email"
              value={email}
              onChange={setEmail}
              autoComplete="email"
              error={errors.email}
            />
          </FormLayout.Group>
          <Button onClick={onSave} loading={save.isPending}>
            {t("mailDelivery.sender.save")}
          </Button>
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
