import type { ApiKeyView, CreatedApiKey } from "@laurel/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { shopsResponse } from "../../../test/fixtures";
import { renderApp } from "../../../test/render";

const BASE = "http://localhost:3000/api/v1";
const firstKey = {
  id: "apikey_1",
  prefix: "lrl_live_ab12",
  createdAt: "2026-11-20T09:30:00.000Z",
  lastUsedAt: null,
};
const created: CreatedApiKey = {
  key: firstKey,
  secret: "lrl_live_ab12cdEFghIJklMNopQRstUVwxYZ0123456789-_AbCd",
};
const rotated: CreatedApiKey = {
  key: { ...firstKey, id: "apikey_2", prefix: "lrl_live_Zz99", createdAt: "2026-11-24T10:00:00.000Z" },
  secret: "lrl_live_Zz99yyXXwwVVuuTTssRRqqPPooNNmmLLkkJJiiHHggF",
};

function setup(view: ApiKeyView) {
  const fake = createFakeApi();
  fake.answer("GET /apiSa/developers/api-key", 200, { success: true, data: view });
  return fake;
}

async function developersSection() {
  const heading = await screen.findByRole("heading", { name: "Developers" }, { timeout: 15_000 });
  const section = heading.closest(".Polaris-Layout__AnnotatedSection") as HTMLElement;
  expect(section).toBeTruthy();
  return section;
}

describe("/settings → Developers (M-07, H-06)", () => {
  it("generates a key, shows it once with a warning, copies it, then shows only its prefix", async () => {
    const fake = setup({ key: null, baseUrl: BASE });
    fake.answer("POST /apiSa/developers/api-key", 200, {
      success: true,
      data: created,
      message: "API key generated",
    });
    const { user } = await renderApp("/settings", { fake });
    const section = await developersSection();
    expect(await within(section).findByText("No API key yet.")).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: "Generate API key" }));

    expect(await within(section).findByText("Copy your API key now")).toBeTruthy();
    const field = within(section).getByRole("textbox", { name: "API key" }) as HTMLInputElement;
    expect(field.value).toBe(created.secret);
    expect(field.readOnly).toBe(true);
    await user.click(within(section).getByRole("button", { name: "Copy the API key" }));
    expect(await navigator.clipboard.readText()).toBe(created.secret);
    expect(await screen.findByText("API key copied")).toBeTruthy();
    expect(within(section).getByTestId("api-key-prefix").textContent).toBe("lrl_live_ab12…");
    expect(within(section).getByText("Never used yet")).toBeTruthy();

    // Dismissed, the key is gone for good: only the prefix stays.
    await user.click(within(section).getByRole("button", { name: "Dismiss notification" }));
    expect(within(section).queryByRole("textbox", { name: "API key" })).toBeNull();
    expect(section.textContent).not.toContain(created.secret);
    expect(fake.callsTo("POST", "/apiSa/developers/api-key")).toHaveLength(1);
  }, 30_000);

  it("rotates after confirming, and shows the new key once", async () => {
    const fake = setup({ key: { ...firstKey, lastUsedAt: "2026-11-23T12:00:00.000Z" }, baseUrl: BASE });
    fake.answer("POST /apiSa/developers/api-key/rotate", 200, { success: true, data: rotated });
    const { user } = await renderApp("/settings", { fake });
    const section = await developersSection();
    expect(await within(section).findByText(/^Last used /)).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: "Rotate key" }));
    const dialog = await screen.findByRole("dialog", { name: "Rotate the API key?" });
    expect(fake.callsTo("POST", "/apiSa/developers/api-key/rotate")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Rotate key" }));
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/developers/api-key/rotate")).toHaveLength(1));
    const field = (await within(section).findByRole("textbox", { name: "API key" })) as HTMLInputElement;
    expect(field.value).toBe(rotated.secret);
    expect(within(section).getByTestId("api-key-prefix").textContent).toBe("lrl_live_Zz99…");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Rotate the API key?" })).toBeNull());
  }, 30_000);

  it("revokes after confirming; cancelling sends nothing", async () => {
    const fake = setup({ key: firstKey, baseUrl: BASE });
    fake.answer("DELETE /apiSa/developers/api-key", 200, { success: true, data: null });
    const { user } = await renderApp("/settings", { fake });
    const section = await developersSection();
    await user.click(await within(section).findByRole("button", { name: "Revoke key" }));
    let dialog = await screen.findByRole("dialog", { name: "Revoke the API key?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Revoke the API key?" })).toBeNull());
    expect(fake.callsTo("DELETE", "/apiSa/developers/api-key")).toHaveLength(0);

    await user.click(within(section).getByRole("button", { name: "Revoke key" }));
    dialog = await screen.findByRole("dialog", { name: "Revoke the API key?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke key" }));
    expect(await within(section).findByText("No API key yet.")).toBeTruthy();
    expect(fake.callsTo("DELETE", "/apiSa/developers/api-key")).toHaveLength(1);
    expect(await screen.findByText("API key revoked")).toBeTruthy();
  }, 30_000);

  it("shows an error with a retry when the key cannot be loaded", async () => {
    const fake = createFakeApi();
    fake.answer("GET /apiSa/developers/api-key", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    const { user } = await renderApp("/settings", { fake });
    const section = await developersSection();
    expect(
      await within(section).findByText("The API key couldn't be loaded.", {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fake.answer("GET /apiSa/developers/api-key", 200, { success: true, data: { key: null, baseUrl: BASE } });
    await user.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByText("No API key yet.")).toBeTruthy();
  }, 30_000);
});

describe("/settings → In-app languages (M-20, A-18, A-19)", () => {
  it("names the current language and switches the admin without a reload, saving it to the shop", async () => {
    const fake = createFakeApi();
    const { user } = await renderApp("/settings", { fake });
    const heading = await screen.findByRole("heading", { name: "In-app languages" }, { timeout: 15_000 });
    const section = heading.closest(".Polaris-Layout__AnnotatedSection") as HTMLElement;
    expect(within(section).getByText("Current language: 🇺🇸 English (US)")).toBeTruthy();
    const select = within(section).getByRole("combobox", { name: "Language" });
    expect(within(select).getAllByRole("option")).toHaveLength(8);
    await user.selectOptions(select, "de");
    expect(await screen.findByRole("heading", { name: "Sprachen in der App" })).toBeTruthy();
    expect(screen.getByText("Aktuelle Sprache: 🇩🇪 Deutsch")).toBeTruthy();
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/lp/settings")).toHaveLength(1));
    expect(fake.callsTo("POST", "/apiSa/lp/settings")[0]?.body).toEqual({ primaryLanguageInApp: "de" });
  }, 30_000);

  it("is hidden when the shop turned the language setting off (isShowSettingLanguage)", async () => {
    const fake = createFakeApi({
      data: shopsResponse({
        shop: { settings: { primaryLanguageInApp: "en-US", isShowSettingLanguage: false } },
      }),
    });
    await renderApp("/settings", { fake });
    await screen.findByRole("heading", { name: "Developers" }, { timeout: 15_000 });
    expect(screen.queryByRole("heading", { name: "In-app languages" })).toBeNull();
  }, 30_000);
});
