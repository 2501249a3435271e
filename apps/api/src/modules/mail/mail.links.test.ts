import { describe, expect, it } from "vitest";
import { mailLinks, signLink, verifyLink } from "./mail.links";
import { fill, mailLanguageOf } from "./mail.texts";

describe("signed e-mail links", () => {
  const secret = "s".repeat(32);

  it("verifies its own signature and nothing else", () => {
    const sig = signLink(secret, "click", "shop_a", "ntf_1", "https://shop.example/");
    expect(verifyLink(secret, "click", "shop_a", "ntf_1", sig, "https://shop.example/")).toBe(true);
    expect(verifyLink(secret, "click", "shop_a", "ntf_1", sig, "https://evil.example/")).toBe(false);
    expect(verifyLink(secret, "click", "shop_b", "ntf_1", sig, "https://shop.example/")).toBe(false);
    expect(verifyLink(secret, "unsubscribe", "shop_a", "ntf_1", sig, "https://shop.example/")).toBe(false);
    expect(verifyLink("t".repeat(32), "click", "shop_a", "ntf_1", sig, "https://shop.example/")).toBe(false);
    expect(verifyLink(secret, "click", "shop_a", "ntf_1", "short", "https://shop.example/")).toBe(false);
  });

  it("builds absolute links under the app's URL", () => {
    const links = mailLinks("https://laurel.example/", secret, "shop_a", "ntf_1");
    expect(links.pixel).toMatch(/^https:\/\/laurel\.example\/mail\/o\/shop_a\/ntf_1\/[\w-]+\.gif$/);
    expect(links.unsubscribe).toMatch(/^https:\/\/laurel\.example\/mail\/u\/shop_a\/ntf_1\/[\w-]+$/);
    expect(links.click("https://shop.example/?a=1&b=2")).toContain(
      "u=https%3A%2F%2Fshop.example%2F%3Fa%3D1%26b%3D2",
    );
  });
});

describe("e-mail texts", () => {
  it("picks the base language with words, else English", () => {
    expect(mailLanguageOf("de-AT")).toBe("de");
    expect(mailLanguageOf("pt-BR")).toBe("pt");
    expect(mailLanguageOf("zh-TW")).toBe("en");
    expect(mailLanguageOf(null)).toBe("en");
  });

  it("fills placeholders, leaving unknown ones empty", () => {
    expect(fill("{{points}} {{label}}{{nope}}", { points: 5, label: "stars" })).toBe("5 stars");
  });
});
