import { Banner, Button, Form, FormLayout, TextField } from "@shopify/polaris";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { sessionState } from "../../../lib/api/session-state";
import { tokenSource } from "../../../lib/auth/token-source";
import { usePostLogin } from "../api/post-login";
import {
  type LoginFieldErrors,
  loginErrorMessages,
  safeRedirect,
  validateLogin,
} from "../utils/login-errors";

/**
 * A-02 standalone sign-in: e-mail and password, inline field errors, the server's answer for a
 * refused sign-in, then on to `redirectTo`.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = usePostLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit() {
    const local = validateLogin(email, password, t);
    setFormError(null);
    if (local) {
      setFieldErrors(local);
      return;
    }
    setFieldErrors({});
    try {
      const answer = await login.mutateAsync({ email: email.trim(), password });
      // A new session: forget the previous one's token, cached data and verdicts.
      tokenSource().invalidate();
      queryClient.removeQueries();
      sessionState.reset();
      await navigate(safeRedirect(answer.data.redirectTo), { replace: true });
    } catch (error) {
      const messages = loginErrorMessages(error, t);
      setFieldErrors(messages.fields);
      setFormError(messages.form);
    }
  }

  return (
    <Form onSubmit={submit} noValidate>
      <FormLayout>
        {formError ? (
          <Banner tone="critical">
            <p data-testid="login-error">{formError}</p>
          </Banner>
        ) : null}
        <TextField
          label={t("login.email")}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
          requiredIndicator
        />
        <TextField
          label={t("login.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          requiredIndicator
        />
        <Button submit variant="primary" size="large" fullWidth loading={login.isPending}>
          {t("login.submit")}
        </Button>
      </FormLayout>
    </Form>
  );
}
