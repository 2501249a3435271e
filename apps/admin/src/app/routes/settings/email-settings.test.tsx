import type { MailDelivery, TranslationSettings } from "@laurel/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

const delivery: MailDelivery = {
  method: "default",
  from: '"Laurel Demo Store" <no-reply@laurel.localhost>',
  smtp: {
    configured: true,
    host: "smtp.shop.example",
    port: 587,
    secure: false,
    auth: true,
    username: "mailer",
    hasPassword: true,
    verified: false,
    verifiedAt: null,
    lastError: "535 Authentication failed",
  },
  domain: {
    rootDomain: "shop.example",
    subdomain: "send",
    sendingDomain: "send.shop.example",
    status: "partially_verified",
    records: [
      {
        kind: "SPF",
        type: "TXT",
        name: "send.shop.example",
        value: "v=spf1 include:_spf.laurel.test ~all",
        found: true,
      },
      {
        kind: "MX",
        type: "MX",
        name: "send.shop.example",
        value: "feedback-smtp.laurel.test",
        priority: 10,
        found: false,
      },
    ],
    missing: ["MX"],
    checkedAt: "2026-11-24T08:00:00.000Z",
    verifiedAt: null,
  },
  sender: { email: "hello@gmail.com", name: "Demo Team", verified: false, publicDomain: true },
};

const translation: TranslationSettings = {
  primaryLanguage: "en",
  detectMethod: "storefront_locale",
  additionalLanguages: [],
  translations: {},
};

function setup() {
  const fake = createFakeApi();
  fake.answer("GET /apiSa/mail/delivery", 200, { success: true, data: delivery });
  fake.answer("GET /apiSa/translation", 200, { success: true, data: translation });
  fake.answer("PUT /apiSa/mail/smtp", 200, {
    success: true,
    data: delivery.smtp,
    message: "Save successfully",
  });
  return fake;
}

describe("/settings → Email (L-06 … L-09)", () => {
  it("shows the route in use, the unverified SMTP with its reason, the missing DNS records and the public-mail warning", async () => {
    const fake = setup();
    await renderApp("/settings", { fake });
    const method = await screen.findByTestId("mail-method", {}, { timeout: 15_000 });
    expect(method.textContent).toContain("Laurel's e-mail service");
    expect(screen.getByText("Verify your SMTP connection")).toBeTruthy();
    expect(screen.getByTestId("smtp-last-error").textContent).toBe("535 Authentication failed");
    expect(screen.getByText("Domain partially verified")).toBeTruthy();
    expect(screen.getByText("Missing records: MX")).toBeTruthy();
    expect(screen.getByText("Email is not verified. Please check your email and verify.")).toBeTruthy();
    expect(screen.getByText("This is a public e-mail provider")).toBeTruthy();
    // The password is never shown: only that one is kept.
    expect(screen.getByText("A password is saved. Leave empty to keep it.")).toBeTruthy();
  }, 30_000);

  it("checks the port is a number before saving, then saves without resending the kept password", async () => {
    const fake = setup();
    await renderApp("/settings", { fake });
    const port = await screen.findByRole("textbox", { name: "Port" }, { timeout: 5_000 });
    const user = userEvent.setup();
    await user.clear(port);
    await user.type(port, "25x");
    await user.click(screen.getByRole("button", { name: "Save connection" }));
    expect(await screen.findByText("Port must be a number")).toBeTruthy();
    expect(fake.callsTo("PUT", "/apiSa/mail/smtp")).toHaveLength(0);
    await user.clear(port);
    await user.type(port, "2525");
    await user.click(screen.getByRole("button", { name: "Save connection" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/mail/smtp")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/mail/smtp")[0]?.body).toEqual({
      host: "smtp.shop.example",
      port: 2525,
      secure: false,
      auth: true,
      username: "mailer",
    });
  }, 30_000);
});
