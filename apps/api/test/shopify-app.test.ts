import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { webhookHandlers } from "../src/webhook-topics";

/**
 * The Shopify app package (issue 12, decision 0087): `shopify.app.toml` subscribes every webhook
 * topic Laurel handles, and only those; the compliance topics; the app proxy at /apps/laurel; an
 * embedded app; the scopes the features need.
 */
const toml = parse(readFileSync(new URL("../../../shopify.app.toml", import.meta.url), "utf8")) as {
  client_id: string;
  application_url: string;
  embedded: boolean;
  access_scopes: { scopes: string };
  webhooks: {
    api_version: string;
    subscriptions: { topics?: string[]; compliance_topics?: string[]; uri: string }[];
  };
  app_proxy: { url: string; prefix: string; subpath: string };
};

const COMPLIANCE = ["customers/data_request", "customers/redact", "shop/redact"];

describe("shopify.app.toml", () => {
  const subs = toml.webhooks.subscriptions;
  const topics = subs.flatMap((s) => s.topics ?? []);
  const compliance = subs.flatMap((s) => s.compliance_topics ?? []);

  it("subscribes every topic that has a handler, and has a handler for every topic it subscribes", () => {
    const handled = Object.keys(webhookHandlers).filter((t) => !COMPLIANCE.includes(t));
    expect([...topics].sort()).toEqual([...handled].sort());
    expect(new Set(topics).size).toBe(topics.length);
  });

  it("subscribes the three compliance topics, each handled", () => {
    expect([...compliance].sort()).toEqual([...COMPLIANCE].sort());
    for (const topic of compliance) expect(webhookHandlers[topic], topic).toBeDefined();
  });

  it("delivers every topic to POST /webhooks (the topic is in X-Shopify-Topic) at the API version Laurel reads", () => {
    for (const s of subs) expect(s.uri).toBe("/webhooks");
    expect(toml.webhooks.api_version).toBe("2026-07");
  });

  it("is embedded, with the app proxy at /apps/laurel → /proxy and the scopes the features use", () => {
    expect(toml.embedded).toBe(true);
    expect(toml.application_url).toMatch(/^https:\/\/.+\/embed$/);
    expect(toml.app_proxy).toMatchObject({ prefix: "apps", subpath: "laurel" });
    expect(toml.app_proxy.url).toMatch(/^https:\/\/.+\/proxy$/);
    const scopes = toml.access_scopes.scopes.split(",");
    for (const scope of [
      "read_orders",
      "write_orders",
      "read_customers",
      "write_discounts",
      "write_app_proxy",
      "read_themes",
      "read_products",
    ]) {
      expect(scopes).toContain(scope);
    }
    expect(toml.client_id).toMatch(/^[0-9a-f]{32}$/);
  });
});
