import { createHmac } from "node:crypto";
import { DEMO_SHOPPERS } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCTS } from "../src/catalogue/catalogue";
import { Browser, createStore, type Store } from "./store-harness";

const [AVA] = DEMO_SHOPPERS;
const REVIEW_SECRET = "connected-review-app-secret";
const product = PRODUCTS.find((p) => !p.giftCard) ?? PRODUCTS[0];

describe("the store's review app (Laurel issue 15)", () => {
  let store: Store;
  let bare: Store;
  beforeAll(async () => {
    store = await createStore({ reviewAppSecret: REVIEW_SECRET });
    bare = await createStore();
  });
  afterAll(async () => {
    await store.close();
    await bare.close();
  });

  it("shows no review form while no review app is connected", async () => {
    const page = await new Browser(bare).get(`/demo-store/products/${product?.handle}`);
    expect(page.body).not.toContain('data-testid="review-form"');
  });

  it("asks a visitor to sign in, and shows the form to a signed-in shopper", async () => {
    const visitor = await new Browser(store).get(`/demo-store/products/${product?.handle}`);
    expect(visitor.body).toContain("Sign in to write a review.");
    const ava = new Browser(store);
    if (!AVA) throw new Error("no seeded shopper");
    await ava.signIn(AVA);
    const page = await ava.get(`/demo-store/products/${product?.handle}`);
    expect(page.body).toContain('data-testid="review-form"');
  });

  it("sends the review to Laurel's inbound endpoint, signed as a review app signs it", async () => {
    const ava = new Browser(store);
    if (!AVA || !product) throw new Error("no seeded shopper");
    await ava.signIn(AVA);
    store.calls.length = 0;
    const res = await ava.post(`/demo-store/products/${product.handle}/reviews`, {
      rating: "5",
      content: "Lovely, would buy again",
      media: "on",
    });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toContain("review=sent");
    const call = store.calls.find((c) => c.url === "/inbound/events");
    if (!call) throw new Error("no inbound call");
    const raw = String(call.payload);
    const [t, v1] = call.headers["x-laurel-signature"]?.split(",").map((x) => x.split("=")[1]) ?? [];
    expect(v1).toBe(createHmac("sha256", REVIEW_SECRET).update(`${t}.${raw}`).digest("hex"));
    expect(call.headers["x-laurel-shop-domain"]).toBe("laurel-demo.myshopify.com");
    expect(JSON.parse(raw)).toMatchObject({
      type: "review.created",
      source: "laurel",
      customer: { id: AVA.customerId, email: AVA.email },
      review: { rating: 5, content: "Lovely, would buy again", mediaCount: 1, productId: product.productId },
    });
  });

  it("refuses an empty review without calling Laurel", async () => {
    const ava = new Browser(store);
    if (!AVA || !product) throw new Error("no seeded shopper");
    await ava.signIn(AVA);
    store.calls.length = 0;
    const res = await ava.post(`/demo-store/products/${product.handle}/reviews`, {
      rating: "5",
      content: " ",
    });
    expect(String(res.headers.location)).toContain("review=failed");
    expect(store.calls.filter((c) => c.url === "/inbound/events")).toHaveLength(0);
  });
});
