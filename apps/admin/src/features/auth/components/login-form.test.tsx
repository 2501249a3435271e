import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { applyLanguage } from "../../../lib/i18n/i18n";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

async function renderLogin(fake = createFakeApi({ signedIn: false })) {
  const app = await renderApp("/auth/login", { fake, language: "keep" });
  await screen.findByTestId("login-page");
  const email = screen.getByRole("textbox", { name: /E-mail/ });
  const password = screen.getByLabelText(/Password/);
  const submit = screen.getByRole("button", { name: "Log in" });
  return { ...app, email, password, submit };
}

describe("sign-in page (A-02)", () => {
  it("is a labelled form outside the app frame", async () => {
    await applyLanguage("en-US", { remember: false });
    const { email, password } = await renderLogin();
    expect(screen.getByRole("heading", { name: "Log in to Laurel" })).toBeTruthy();
    expect(email.getAttribute("type")).toBe("email");
    expect(email.getAttribute("autocomplete")).toBe("email");
    expect(password.getAttribute("type")).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(screen.queryByTestId("nav")).toBeNull();
  });

  it("asks for both fields before calling the server", async () => {
    await applyLanguage("en-US", { remember: false });
    const { user, submit, fake } = await renderLogin();
    await user.click(submit);
    expect(await screen.findByText("Enter your e-mail address.")).toBeTruthy();
    expect(screen.getByText("Enter your password.")).toBeTruthy();
    expect(fake.callsTo("POST", "/auth/login")).toHaveLength(0);
  });

  it("says a too-long password is too long, naming the field, without calling the server", async () => {
    await applyLanguage("en-US", { remember: false });
    const { user, email, password, submit, fake } = await renderLogin();
    await user.type(email, "demo@laurel.test");
    await user.click(password);
    await user.paste("x".repeat(201));
    await user.click(submit);
    expect(await screen.findByText("Your password can be at most 200 characters long.")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(/Too big/)).toBeNull();
    expect(fake.callsTo("POST", "/auth/login")).toHaveLength(0);
  });

  it("shows the server's field errors inline (400 errors[])", async () => {
    await applyLanguage("en-US", { remember: false });
    const { user, email, password, submit, fake } = await renderLogin();
    await user.type(email, "not-an-address");
    await user.type(password, "whatever");
    await user.click(submit);
    expect(await screen.findByText("Enter a valid e-mail address.")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(password.getAttribute("aria-invalid")).toBe("false");
    expect(screen.queryByTestId("login-error")).toBeNull();
    expect(fake.callsTo("POST", "/auth/login")[0]?.body).toEqual({
      email: "not-an-address",
      password: "whatever",
    });
  });

  it("shows 'Incorrect e-mail or password.' for 401 invalid_credentials", async () => {
    await applyLanguage("en-US", { remember: false });
    const { user, email, password, submit, router } = await renderLogin();
    await user.type(email, "demo@laurel.test");
    await user.type(password, "wrong");
    await user.click(submit);
    expect((await screen.findByTestId("login-error")).textContent).toBe("Incorrect e-mail or password.");
    expect(router.state.location.pathname).toBe("/auth/login");
  });

  it("shows the too-many-attempts message for 429", async () => {
    await applyLanguage("en-US", { remember: false });
    const fake = createFakeApi({ signedIn: false });
    fake.answer("POST /auth/login", 429, {
      success: false,
      error: "Too many sign-in attempts. Please wait a few minutes and try again.",
      code: "too_many_attempts",
    });
    const { user, email, password, submit } = await renderLogin(fake);
    await user.type(email, "demo@laurel.test");
    await user.type(password, "laurel-demo");
    await user.click(submit);
    expect((await screen.findByTestId("login-error")).textContent).toBe(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
  });

  it("translates the server's refusal", async () => {
    await applyLanguage("fr", { remember: false });
    const { user } = await renderApp("/auth/login", {
      fake: createFakeApi({ signedIn: false }),
      language: "keep",
    });
    await screen.findByTestId("login-page");
    await user.type(screen.getByRole("textbox", { name: /E-mail/ }), "demo@laurel.test");
    await user.type(screen.getByLabelText(/Mot de passe/), "wrong");
    await user.click(screen.getByRole("button", { name: "Se connecter" }));
    expect((await screen.findByTestId("login-error")).textContent).toBe("E-mail ou mot de passe incorrect.");
  });

  it("signs in and goes to redirectTo with the new session", async () => {
    await applyLanguage("en-US", { remember: false });
    const { user, email, password, submit, router, fake } = await renderLogin();
    await user.type(email, "  demo@laurel.test ");
    await user.type(password, "laurel-demo");
    await user.click(submit);
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(fake.callsTo("POST", "/auth/login")[0]?.body).toEqual({
      email: "demo@laurel.test",
      password: "laurel-demo",
    });
    await waitFor(() => expect(fake.callsTo("GET", "/apiSa/shops")).toHaveLength(1));
    expect(within(screen.getByTestId("nav")).getByText("Customers")).toBeTruthy();
  });

  it("recovers after a signed-out redirect: the next sign-in reaches the app", async () => {
    await applyLanguage("en-US", { remember: false });
    const fake = createFakeApi({ signedIn: false });
    const { user, router } = await renderApp("/programs", { fake, language: "keep" });
    await screen.findByTestId("login-page");
    await user.type(screen.getByRole("textbox", { name: /E-mail/ }), "demo@laurel.test");
    await user.type(screen.getByLabelText(/Password/), "laurel-demo");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByTestId("nav")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });
});
