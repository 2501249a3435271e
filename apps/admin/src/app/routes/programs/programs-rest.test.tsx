import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const products = Array.from({ length: 30 }, (_, i) => ({
  id: String(8_000 + i),
  title: i === 0 ? "Laurel Wreath Tee" : `Candle ${String(i).padStart(2, "0")}`,
  vendor: "Laurel Demo Goods",
  imageUrl: null,
  variants: [{ id: String(4_000 + i), title: "Default Title" }],
}));
const collections = [
  { id: "101", title: "Apparel", productsCount: 2 },
  { id: "102", title: "Home", productsCount: 3 },
];

/** The shell's fake API plus programs and the catalogue (25 a page, searched by title). */
function setup() {
  const fake = createFakeApi();
  const calls: Call[] = [];
  const base = fake.fetch;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  fake.fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (!url.pathname.startsWith("/apiSa/lp/")) return base(input, init);
    const method = (init.method ?? "GET").toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    if (url.pathname.startsWith("/apiSa/lp/catalogue/")) {
      const all = url.pathname.endsWith("/products") ? products : collections;
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const matching = all.filter((p) => p.title.toLowerCase().includes(q));
      const start = Number(url.searchParams.get("after") ?? 0);
      const items = matching.slice(start, start + 25);
      const hasNextPage = start + 25 < matching.length;
      return json(200, {
        success: true,
        data: { items, pageInfo: { hasNextPage, endCursor: hasNextPage ? String(start + 25) : null } },
      });
    }
    if (method === "GET" && url.pathname.endsWith("/earning")) return json(200, { success: true, data: [] });
    if (method === "GET" && url.pathname.endsWith("/spending")) return json(200, { success: true, data: [] });
    if (method === "POST") {
      return json(200, {
        success: true,
        data: {
          id: "prg_new",
          type: "earning",
          translateTitle: {},
          description: null,
          priority: 99,
          startDate: null,
          endDate: null,
          settingsProblem: null,
          ...body,
        },
        message: "Created successfully",
      });
    }
    return json(404, { success: false, error: "Not found", code: "not_found" });
  }) as unknown as typeof fake.fetch;
  return { fake, calls };
}

describe("C-20: the place order editor picks products from the store's catalogue", () => {
  it("searches, picks a product and a collection, and saves them as the program's scope", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/programs/place_order/new", { fake });
    await screen.findByLabelText("Program name", {}, { timeout: 5_000 });
    await user.selectOptions(screen.getByLabelText("Products that earn points"), "specific");

    // Nothing picked yet: the save is refused with the spec's words, nothing sent.
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("At least one product or collection must be selected")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Choose: Products that earn" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("0 of 100 selected")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Search products"), "wreath");
    await waitFor(() => expect(calls.some((c) => c.path.includes("q=wreath"))).toBe(true));
    await user.click(await within(dialog).findByLabelText("Laurel Wreath Tee"));
    await user.click(within(dialog).getByRole("button", { name: "Select" }));
    expect(await screen.findByText("Laurel Wreath Tee")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Choose: Collections that earn" }));
    const second = await screen.findByRole("dialog");
    await user.click(await within(second).findByLabelText("Home"));
    await user.click(within(second).getByRole("button", { name: "Select" }));

    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      event: "place_order",
      config: {
        includeProducts: { appliesTo: "specific", productIds: ["8000"], collectionIds: ["102"] },
        excludeProducts: { productIds: [], collectionIds: [] },
        keepOriginalStep: false,
        earnZeroPriceItems: false,
      },
    });
  }, 30_000);

  it("pages through a long catalogue with 'Load more'", async () => {
    const { fake } = setup();
    const { user } = await renderApp("/programs/place_order/new", { fake });
    await screen.findByLabelText("Program name", {}, { timeout: 5_000 });
    await user.click(screen.getByRole("button", { name: "Choose: Products that never earn" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByLabelText("Candle 24")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Candle 25")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Load more" }));
    expect(await within(dialog).findByLabelText("Candle 29")).toBeTruthy();
  }, 20_000);
});

describe("D-05: a reward limited to products or collections", () => {
  it("'Specific products' needs a product; the pick is saved as the discount's products", async () => {
    const { fake, calls } = setup();
    const { user } = await renderApp("/programs/amount_discount/new", { fake });
    await screen.findByLabelText("Program name", {}, { timeout: 5_000 });
    await user.selectOptions(screen.getByLabelText("Applies to"), "sf_product");
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    expect(await screen.findByText("At least one product must be selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Choose: Products" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByLabelText("Candle 03"));
    await user.click(within(dialog).getByRole("button", { name: "Select" }));
    await user.click(screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      event: "amount_discount",
      config: { appliesTo: "sf_product", productIds: ["8003"], collectionIds: [] },
    });
  }, 20_000);
});
