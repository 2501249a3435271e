import type { NotificationSettings } from "@laurel/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../../../../scripts/vitest.setup";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

/** `/settings/notifications/:id` (L-04, decision 0179): a subject per storefront language. */
const saved: NotificationSettings = {
  event: "points_earned",
  enabled: true,
  subject: null,
  defaultSubject: "You earned at",
  subjects: { de: "Neue Punkte für Sie" },
  languages: ["en", "de", "ja"],
  defaultSubjects: { en: "You earned at", de: "Sie haben bei gesammelt", ja: "で を獲得しました" },
  headerColor: "#1f6feb",
  buttonColor: "#1f6feb",
  logo: null,
  replyTo: null,
  sendBeforeDays: null,
  hasSendBefore: false,
};

function setup() {
  const fake = createFakeApi();
  fake.answer("GET /apiSa/notifications/points_earned", 200, { success: true, data: saved });
  fake.answer("GET /apiSa/notifications/points_earned/preview", 200, {
    success: true,
    data: { subject: "You earned 120 points at Laurel Demo Store", html: "<p>Preview</p>" },
  });
  return fake;
}

const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;

describe("/settings/notifications/:id → subject per language", () => {
  it("shows a field per storefront language with Laurel's subject as placeholder, and saves the filled ones", async () => {
    const fake = setup();
    fake.answer("PUT /apiSa/notifications/points_earned", 200, {
      success: true,
      data: { ...saved, subjects: { de: "Neue Punkte für Sie", ja: "ポイントが貯まりました" } },
      message: "Saved",
    });
    await renderApp("/settings/notifications/points_earned", { fake });
    expect(await screen.findByText("Subject per language", {}, { timeout: 15_000 })).toBeTruthy();
    const german = field("Subject in Deutsch (de)");
    expect(german.value).toBe("Neue Punkte für Sie");
    expect(german.placeholder).toBe("Sie haben bei gesammelt");
    const japanese = field("Subject in 日本語 (ja)");
    expect(japanese.value).toBe("");
    expect(japanese.placeholder).toBe("で を獲得しました");
    expect(field("Subject in English (en)").value).toBe("");

    const user = userEvent.setup();
    await user.type(japanese, "ポイントが貯まりました");
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/notifications/points_earned")).toHaveLength(1));
    // Empty languages are left out: they fall back to the subject above, then to Laurel's.
    expect(fake.callsTo("PUT", "/apiSa/notifications/points_earned")[0]?.body).toMatchObject({
      subject: null,
      subjects: { de: "Neue Punkte für Sie", ja: "ポイントが貯まりました" },
    });
  }, 30_000);

  it("previews the e-mail in the language chosen", async () => {
    const fake = setup();
    await renderApp("/settings/notifications/points_earned", { fake });
    const language = await screen.findByRole("combobox", { name: "Preview in" }, { timeout: 15_000 });
    expect((language as HTMLSelectElement).value).toBe("en");
    const previews = () =>
      fake.fetch.mock.calls
        .map(([input]) => String(input instanceof Request ? input.url : input))
        .filter((url) => url.includes("/notifications/points_earned/preview"));
    await waitFor(() => expect(previews().length).toBeGreaterThan(0));
    expect(previews().every((url) => !url.includes("language=de"))).toBe(true);
    fake.answer("GET /apiSa/notifications/points_earned/preview", 200, {
      success: true,
      data: { subject: "Neue Punkte für Sie", html: "<p>Vorschau</p>" },
    });
    await userEvent.setup().selectOptions(language, "de");
    await waitFor(() => expect(previews().some((url) => url.includes("?language=de"))).toBe(true));
    expect(
      await screen.findByText("Neue Punkte für Sie", { selector: "[data-testid=preview-subject]" }),
    ).toBeTruthy();
  }, 30_000);

  it("shows the server's refusal at the language's field", async () => {
    const fake = setup();
    const message = "ja is not one of your storefront languages: add it in Settings › Translations first";
    fake.answer("PUT /apiSa/notifications/points_earned", 400, {
      success: false,
      error: message,
      code: "validation_failed",
      errors: [{ field: "subjects.ja", message }],
    });
    await renderApp("/settings/notifications/points_earned", { fake });
    const japanese = await screen.findByRole(
      "textbox",
      { name: "Subject in 日本語 (ja)" },
      { timeout: 15_000 },
    );
    const user = userEvent.setup();
    await user.type(japanese, "件名");
    expectConsoleError(1);
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText(message)).toBeTruthy();
  }, 30_000);

  it("a shop with one storefront language has the one subject field", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/notifications/points_earned", 200, {
      success: true,
      data: { ...saved, subjects: {}, languages: ["en"], defaultSubjects: { en: "You earned at" } },
    });
    await renderApp("/settings/notifications/points_earned", { fake });
    expect(await screen.findByRole("textbox", { name: "Subject" }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText("Subject per language")).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Subject in English (en)" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Preview in" })).toBeNull();
  }, 30_000);

  it("a failed load says so and offers a retry", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/notifications/points_earned", 500, {
      success: false,
      error: "boom",
      code: "internal",
    });
    await renderApp("/settings/notifications/points_earned", { fake });
    expect(await screen.findByRole("button", { name: "Try again" }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText("Subject per language")).toBeNull();
  }, 30_000);
});
