import { type TranslationSettings, widgetTranslationKeys } from "@laurel/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../../../../scripts/vitest.setup";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

const saved: TranslationSettings = {
  primaryLanguage: "en",
  detectMethod: "storefront_locale",
  additionalLanguages: ["de"],
  translations: { de: { "launcher.label": "Prämien" } },
};

const afterSave: TranslationSettings = {
  ...saved,
  translations: { de: { "launcher.label": "Prämien", "member.welcome": "Willkommen zurück" } },
};

function setup(post: { status: number; body?: unknown } = { status: 200 }) {
  const fake = createFakeApi();
  fake.answer("GET /apiSa/translation", 200, { success: true, data: saved });
  // Laurel's shipped German (decision 0179), two of its texts here.
  fake.answer("GET /apiSa/translation/shipped", 200, {
    success: true,
    data: { texts: { en: {}, de: { "member.welcome": "Willkommen zurück", "panel.close": "Schließen" } } },
  });
  fake.answer(
    "POST /apiSa/translation",
    post.status,
    post.body ?? { success: true, data: afterSave, message: "translations saved" },
  );
  return fake;
}

const editor = (query: string) => `/settings/translations/editor?${query}`;

describe("/settings/translations/editor (M-12 … M-18)", () => {
  it("edits a German text of the widget's welcome box and saves the whole object (clean → changed → saved)", async () => {
    const fake = setup();
    const { router } = await renderApp(editor("type=widget-design&languageCode=de"), { fake });
    const launcher = await screen.findByLabelText(
      "Rewards",
      { selector: "#tr-field-launcher\\.label" },
      { timeout: 5_000 },
    );
    expect((launcher as HTMLInputElement).value).toBe("Prämien");
    const user = userEvent.setup();
    const welcome = screen.getByLabelText("Welcome back");
    // An empty field shows Laurel's German, which the storefront shows meanwhile (decision 0179).
    await waitFor(() => expect((welcome as HTMLInputElement).placeholder).toBe("Willkommen zurück"));
    expect((screen.getByLabelText("Back") as HTMLInputElement).placeholder).toBe("Back");
    expect(screen.getByText(/Empty fields show Laurel's own text in this language/)).toBeTruthy();
    await user.type(welcome, "Willkommen zurück");
    await user.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/translation")).toHaveLength(1));
    expect(fake.callsTo("POST", "/apiSa/translation")[0]?.body).toEqual(afterSave);
    expect(await screen.findByText("Translations saved")).toBeTruthy();
    // The tab is in the URL (M-12); the language stays.
    await act(async () => {
      await router.navigate(editor("type=widget-design&languageCode=de&tab=earning"));
    });
    expect(await screen.findByLabelText("Ways to earn")).toBeTruthy();
    expect(screen.queryByLabelText("Welcome back")).toBeNull();
  }, 20_000);

  it("discard restores the saved text; a failed save says so", async () => {
    const fake = setup({
      status: 500,
      body: {
        success: false,
        error: "Something went wrong on our side. Please try again.",
        code: "internal_error",
      },
    });
    await renderApp(editor("languageCode=de"), { fake });
    const user = userEvent.setup();
    const launcher = await screen.findByLabelText(
      "Rewards",
      { selector: "#tr-field-launcher\\.label" },
      { timeout: 5_000 },
    );
    await user.clear(launcher);
    await user.type(launcher, "Belohnungen");
    await user.click(await screen.findByRole("button", { name: "Discard" }));
    await waitFor(() => expect((launcher as HTMLInputElement).value).toBe("Prämien"));
    await user.type(launcher, "!");
    expectConsoleError(1); // the save bar logs the failed save
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to save translations")).toBeTruthy();
  }, 20_000);

  it("search finds texts in every tab by text, key or placeholder; clearing restores the tab", async () => {
    const fake = setup();
    await renderApp(editor("tab=coupons"), { fake });
    expect(await screen.findByLabelText("No coupons here yet", {}, { timeout: 5_000 })).toBeTruthy();
    const user = userEvent.setup();
    const search = screen.getByLabelText("Search");
    await user.type(search, "next_rank");
    expect(await screen.findByLabelText("{{points}} to {{next_rank}}")).toBeTruthy();
    expect(screen.queryByLabelText("No coupons here yet")).toBeNull();
    await user.clear(search);
    await user.type(search, "no such text anywhere");
    expect(await screen.findByText("No texts match")).toBeTruthy();
    await user.clear(search);
    expect(await screen.findByLabelText("Rewards", { selector: "#tr-field-launcher\\.label" })).toBeTruthy();
  }, 20_000);

  it("`field` opens its tab and focuses the field; a type without texts says so", async () => {
    const fake = setup();
    await renderApp(editor("field=history.empty"), { fake });
    const field = await screen.findByLabelText("No activity yet", {}, { timeout: 5_000 });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await renderApp(editor("type=check-out"), { fake });
    expect(await screen.findByText("Nothing to translate here yet", {}, { timeout: 5_000 })).toBeTruthy();
  }, 20_000);
});

describe("/settings/translations/editor?type=point-calculator (M-13, N-20)", () => {
  it("edits the loyalty page calculator's texts, not the widget's", async () => {
    const fake = setup();
    await renderApp(editor("type=point-calculator"), { fake });
    expect(await screen.findByLabelText("Calculate", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByLabelText("An order of {{amount}} earns {{points}}.")).toBeTruthy();
    expect(screen.queryByLabelText("No activity yet")).toBeNull();
  }, 20_000);
});

describe("/settings/translations/editor?type=loyalty-page (M-13, N-10)", () => {
  it("edits the loyalty page's own words, not the widget's", async () => {
    const fake = setup();
    await renderApp(editor("type=loyalty-page"), { fake });
    expect(await screen.findByLabelText("Ways to earn", {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByLabelText("{{points}} for every {{amount}} spent")).toBeTruthy();
    expect(screen.queryByLabelText("No activity yet")).toBeNull();
  }, 20_000);
});

describe("/translations (M-09, M-19)", () => {
  it("lists the shop's languages with how complete each is, and adds one", async () => {
    const fake = setup();
    await renderApp("/translations", { fake });
    expect(await screen.findByText("100% translated", {}, { timeout: 5_000 })).toBeTruthy();
    // One text of the shop's German and two of Laurel's, out of every storefront text (decision 0179).
    expect(
      await screen.findByText(`${Math.round(300 / widgetTranslationKeys.length)}% translated`),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Add a language"), "fr");
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(fake.callsTo("POST", "/apiSa/translation")).toHaveLength(1));
    expect(fake.callsTo("POST", "/apiSa/translation")[0]?.body).toMatchObject({
      additionalLanguages: ["de", "fr"],
    });
  }, 20_000);

  it("M-17: translates a program's name from the translation list, saved with PUT /lp/programs", async () => {
    const fake = setup();
    fake.answer("GET /apiSa/lp/programs/earning", 200, {
      success: true,
      data: [
        {
          id: "prg_2",
          type: "earning",
          event: "sign_up",
          title: "Sign up",
          translateTitle: { de: "Anmelden" },
          description: null,
          status: "active",
          priority: 99,
          startDate: null,
          endDate: null,
          config: { earnPoint: 100 },
          settingsProblem: null,
        },
      ],
    });
    fake.answer("GET /apiSa/lp/programs/spending", 200, { success: true, data: [] });
    fake.answer("PUT /apiSa/lp/programs", 200, {
      success: true,
      data: null,
      message: "Updated successfully",
    });
    await renderApp("/translations", { fake });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", { name: "Translate program names" }, { timeout: 15_000 }),
    );
    const german = await screen.findByLabelText("Sign up in de", {}, { timeout: 5_000 });
    expect((german as HTMLInputElement).value).toBe("Anmelden");
    await user.clear(german);
    await user.type(german, "Registrieren");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.callsTo("PUT", "/apiSa/lp/programs")).toHaveLength(1));
    expect(fake.callsTo("PUT", "/apiSa/lp/programs")[0]?.body).toEqual([
      { id: "prg_2", title: "Sign up", translateTitle: { de: "Registrieren" } },
    ]);
  }, 30_000);
});
