import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../lib/i18n/i18n";
import { STORAGE_KEYS } from "../../lib/storage";
import { createFakeApi } from "../../test/fake-api";
import { shopsResponse } from "../../test/fixtures";
import { renderApp, resetLanguage } from "../../test/render";

async function openUserMenu(user: Awaited<ReturnType<typeof renderApp>>["user"], label: RegExp) {
  await user.click(screen.getByRole("button", { name: label }));
}

describe("language switch (A-18, A-19, X-57)", () => {
  it("offers the 8 admin languages with flag and native name, the current one marked", async () => {
    const { user } = await renderApp("/");
    await screen.findByTestId("nav");
    await openUserMenu(user, /Account menu/);
    const items = await screen.findAllByRole("menuitem", { name: /^Switch language to/ });
    expect(items.map((item) => item.textContent)).toEqual([
      "🇬🇧English (UK)",
      "🇺🇸English (US)Current language",
      "🇫🇷Français",
      "🇪🇸Español",
      "🇩🇪Deutsch",
      "🇮🇹Italiano",
      "🇯🇵日本語",
      "🇮🇩Bahasa Indonesia",
    ]);
  });

  it("applies French at once, saves it to the shop, remembers it, and keeps it after a reload", async () => {
    const fake = createFakeApi();
    const { user } = await renderApp("/customers", { fake });
    const nav = await screen.findByTestId("nav");
    await openUserMenu(user, /Account menu/);
    await user.click(await screen.findByRole("menuitem", { name: "Switch language to Français (French)" }));

    // App strings, Polaris' own strings and <html lang> change at once.
    expect(await within(nav).findByText("Tableau de bord")).toBeTruthy();
    // (The customers screen is built now: its code may still be loading.)
    expect(
      await screen.findByRole("heading", { level: 1, name: "Clients" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Activer le menu" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("fr");
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/lp/settings")).toHaveLength(1));
    expect(fake.callsTo("POST", "/apiSa/lp/settings")[0]?.body).toEqual({ primaryLanguageInApp: "fr" });
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe("fr");

    // Reload: a fresh app in English until the shop's saved language is applied.
    cleanup();
    window.localStorage.clear();
    await renderApp("/customers", { fake });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Clients" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(within(screen.getByTestId("nav")).getByText("Tableau de bord")).toBeTruthy();
  });

  it("switches back to English (US)", async () => {
    const fake = createFakeApi({
      data: shopsResponse({
        shop: { settings: { primaryLanguageInApp: "fr", isShowSettingLanguage: true } },
      }),
    });
    const { user } = await renderApp("/", { fake });
    const nav = await screen.findByTestId("nav");
    expect(within(nav).getByText("Tableau de bord")).toBeTruthy();
    await openUserMenu(user, /Menu du compte/);
    await user.click(
      await screen.findByRole("menuitem", { name: "Passer la langue en English (US) (English (US))" }),
    );
    expect(await within(nav).findByText("Dashboard")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(fake.callsTo("POST", "/apiSa/lp/settings").map((c) => c.body)).toEqual([
      { primaryLanguageInApp: "en-US" },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe("en-US");
  });

  it("starts in the shop's language even when another one is remembered", async () => {
    window.localStorage.setItem(STORAGE_KEYS.language, "de");
    const fake = createFakeApi({
      data: shopsResponse({
        shop: { settings: { primaryLanguageInApp: "ja", isShowSettingLanguage: true } },
      }),
    });
    await renderApp("/", { fake });
    expect(await screen.findByRole("heading", { level: 1, name: "ダッシュボード" })).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe("ja");
  });

  it("keeps the new language for this visit and shows an error toast when saving fails", async () => {
    const fake = createFakeApi();
    fake.answer("POST /apiSa/lp/settings", 500, {
      success: false,
      error: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    const { user } = await renderApp("/", { fake });
    const nav = await screen.findByTestId("nav");
    await openUserMenu(user, /Account menu/);
    await user.click(await screen.findByRole("menuitem", { name: "Switch language to Deutsch (German)" }));
    expect(await within(nav).findByText("Kunden")).toBeTruthy();
    expect(await screen.findByText("Something went wrong on our side. Please try again.")).toBeTruthy();
  });

  it("switches the sign-in page's language locally, without saving to a shop", async () => {
    const fake = createFakeApi({ signedIn: false });
    const { user } = await renderApp("/auth/login", { fake });
    await screen.findByTestId("login-page");
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "es");
    expect(await screen.findByRole("heading", { name: "Inicia sesión en Laurel" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Correo electrónico/ })).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe("es");
    expect(fake.callsTo("POST", "/apiSa/lp/settings")).toHaveLength(0);
    await resetLanguage();
    expect(i18n.language).toBe("en-US");
  });
});
