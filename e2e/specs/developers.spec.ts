import { expect, signIn, test, tokenOf } from "../fixtures";

/**
 * M-07, H-06 (decision 0170) in a real browser: the Developers section generates a merchant API
 * key shown once, it is copied to the clipboard, the merchant API answers with it; rotating asks
 * first, and the old key is refused at once while the new one works.
 */

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("generate an API key, copy it, call the API with it, rotate it, and the old key is refused", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const adminToken = await tokenOf(page.request);
  const customers = await page.request.get("/apiSa/customers?pageSize=1", {
    headers: { "x-auth-token": adminToken },
  });
  expect(customers.status()).toBe(200);
  const customer = (await customers.json()).data.customers[0];
  expect(customer).toBeTruthy();

  // Start without a key (another run may have left one).
  await page.request.delete("/apiSa/developers/api-key", { headers: { "x-auth-token": adminToken } });

  await page.goto("/settings");
  const section = page.locator(".Polaris-Layout__AnnotatedSection", {
    has: page.getByRole("heading", { name: "Developers", exact: true, level: 2 }),
  });
  await expect(section.getByText("No API key yet.")).toBeVisible({ timeout: 20_000 });
  await section.getByRole("button", { name: "Generate API key" }).click();

  await expect(section.getByText("Copy your API key now")).toBeVisible();
  const field = section.getByRole("textbox", { name: "API key" });
  const shown = await field.inputValue();
  expect(shown).toMatch(/^lrl_live_[A-Za-z0-9_-]{43}$/);
  await section.getByRole("button", { name: "Copy the API key" }).click();
  await expect(page.getByText("API key copied").first()).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await expect(section.getByTestId("api-key-prefix")).toHaveText(`${shown.slice(0, 13)}…`);

  // The merchant API with the copied key.
  const call = (key: string) =>
    page.request.get(`/api/v1/customers/${customer.id}`, { headers: { authorization: `Bearer ${key}` } });
  const answer = await call(copied);
  expect(answer.status(), await answer.text()).toBe(200);
  expect((await answer.json()).data).toMatchObject({
    id: customer.id,
    availablePoints: customer.availablePoints,
  });
  const refused = await page.request.get("/api/v1/points/activity");
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe("Send your API key as the Authorization header: Bearer <key>.");

  // Dismissed and reloaded: the prefix and the use, never the key.
  await section.getByRole("button", { name: "Dismiss notification" }).click();
  await page.reload();
  await expect(section.getByTestId("api-key-prefix")).toHaveText(`${shown.slice(0, 13)}…`, {
    timeout: 20_000,
  });
  await expect(section.getByText(/^Last used /)).toBeVisible();
  await expect(section.getByRole("textbox", { name: "API key" })).toHaveCount(0);

  // Rotate, confirmed in a dialog: the old key stops working at once.
  await section.getByRole("button", { name: "Rotate key" }).click();
  const dialog = page.getByRole("dialog", { name: "Rotate the API key?" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/dialog=rotate-api-key/);
  await dialog.getByRole("button", { name: "Rotate key" }).click();
  await expect(page.getByText("API key rotated").first()).toBeVisible();
  const fresh = await section.getByRole("textbox", { name: "API key" }).inputValue();
  expect(fresh).not.toBe(shown);

  const old = await call(shown);
  expect(old.status()).toBe(401);
  expect((await old.json()).code).toBe("api_key_invalid");
  expect((await call(fresh)).status()).toBe(200);

  // Leave nothing live for other specs.
  await page.request.delete("/apiSa/developers/api-key", {
    headers: { "x-auth-token": await tokenOf(page.request) },
  });
});

test("Subscription lists the demo store's subscription reward; In-app languages switches the admin without a reload", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto("/settings");
  const subscription = page.locator(".Polaris-Layout__AnnotatedSection", {
    has: page.getByRole("heading", { name: "Subscription", exact: true, level: 2 }),
  });
  await expect(subscription.getByText("Detected", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(subscription.getByRole("link", { name: "Subscribe & save $5" })).toBeVisible();

  const languages = page.locator(".Polaris-Layout__AnnotatedSection", {
    has: page.getByRole("heading", { name: "In-app languages", exact: true, level: 2 }),
  });
  await expect(languages.getByText("Current language: 🇺🇸 English (US)")).toBeVisible();
  const marker = await page.evaluate(() => {
    (window as unknown as { laurelMarker: number }).laurelMarker = 42;
    return 42;
  });
  try {
    await languages.getByRole("combobox", { name: "Language" }).selectOption("de");
    await expect(page.getByRole("heading", { name: "Sprachen in der App", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Einstellungen", level: 1 })).toBeVisible();
    // Same page, no reload.
    expect(await page.evaluate(() => (window as unknown as { laurelMarker?: number }).laurelMarker)).toBe(
      marker,
    );
  } finally {
    // Other specs expect English: switch back, saved for the shop as well.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/apiSa/lp/settings") && r.request().method() === "POST",
    );
    await page
      .locator(".Polaris-Layout__AnnotatedSection", {
        has: page.getByRole("heading", { name: "Sprachen in der App", level: 2 }),
      })
      .getByRole("combobox")
      .selectOption("en-US");
    await expect(page.getByRole("heading", { name: "In-app languages", level: 2 })).toBeVisible();
    expect((await saved).status()).toBe(200);
  }
});
