import { describe, expect, it } from "vitest";
import { appProxySignature, webhookHmac } from "../src/platform/signatures";

// Shopify's published vectors (apps/api/test/fixtures/shopify, SOURCES.md): the same ones Laurel's
// verifying side is tested against, so the two copies of the algorithm cannot drift apart.
describe("the store signs as Shopify does", () => {
  it("webhook HMAC: go-shopify's published vector", () => {
    expect(webhookHmac('"my secret message"', "hush")).toBe("hMTq0K2x7oyOjoBwGYeTj5oxfnaVYXzbanUG9aajpKI=");
    expect(webhookHmac('"my invalid message"', "hush")).not.toBe(
      "hMTq0K2x7oyOjoBwGYeTj5oxfnaVYXzbanUG9aajpKI=",
    );
  });

  it("app proxy signature: shopify.dev's published vectors (signed-in and anonymous)", () => {
    const signedIn = new URLSearchParams(
      "extra=1&extra=2&shop=shop-name.myshopify.com&logged_in_customer_id=1&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555&signature=4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb",
    );
    expect(appProxySignature(signedIn, "hush")).toBe(signedIn.get("signature"));
    const anonymous = new URLSearchParams(
      "extra=1&extra=2&shop=shop-name.myshopify.com&logged_in_customer_id=&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555&signature=e072b6d7e6622d85912a5214b860d3100dc1e73d9bc29f43796ac8c9ff8093cb",
    );
    expect(appProxySignature(anonymous, "hush")).toBe(anonymous.get("signature"));
    signedIn.set("timestamp", "1317327556");
    expect(appProxySignature(signedIn, "hush")).not.toBe(
      "4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb",
    );
  });
});
