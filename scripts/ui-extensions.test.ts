import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { apiRoutes } from "@laurel/contracts";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";

/**
 * The checkout and customer-account UI extensions as Shopify CLI reads them (decision 0180):
 * each configuration names a module that exists and a target of its surface, at the API version
 * the app uses, with network access for its calls to `/extensions/*`; every language has every
 * text; the Laurel host they call is the one `npm run shopify:config` writes.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const LANGUAGES = ["en.default", "de", "fr", "es", "it", "nl", "pt-BR", "ja"];
const extensions = [
  {
    dir: "laurel-checkout",
    target: "purchase.checkout.reductions.render-after",
    calls: "/extensions/checkout-discount",
  },
  { dir: "laurel-account", target: "customer-account.profile.block.render", calls: "/extensions/account" },
];

type Messages = Record<string, string | Record<string, string>>;
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Messages;
const keysOf = (m: Messages) =>
  Object.entries(m)
    .flatMap(([k, v]) => (typeof v === "string" ? [k] : Object.keys(v).map((p) => `${k}.${p}`)))
    .sort();

describe.each(extensions)("UI extension $dir", ({ dir, target, calls }) => {
  const base = join(root, "extensions", dir);
  const config = parse(readFileSync(join(base, "shopify.extension.toml"), "utf8")) as {
    api_version: string;
    extensions: Array<{
      type: string;
      handle: string;
      targeting: Array<{ module: string; target: string }>;
      capabilities: { network_access: boolean };
    }>;
  };
  const app = parse(readFileSync(join(root, "shopify.app.toml"), "utf8")) as {
    webhooks: { api_version: string };
  };

  it("targets its surface with a module that exists, at the app's API version, with network access", () => {
    expect(config.api_version).toBe(app.webhooks.api_version);
    const [extension] = config.extensions;
    expect(extension?.type).toBe("ui_extension");
    expect(extension?.capabilities.network_access).toBe(true);
    expect(extension?.targeting.map((t) => t.target)).toEqual([target]);
    for (const { module } of extension?.targeting ?? []) {
      expect(existsSync(join(base, module)), module).toBe(true);
      // The typed `shopify` global of that module is the target's API.
      expect(readFileSync(join(base, "shopify.d.ts"), "utf8")).toContain(
        `declare module "${module}" {\n  const shopify: import("@shopify/ui-extensions/${target}").Api;`,
      );
      expect(readFileSync(join(base, module), "utf8")).toContain(`"${calls}"`);
    }
    expect(Object.keys(apiRoutes)).toContain(`GET ${calls}`);
    expect(apiRoutes[`GET ${calls}` as keyof typeof apiRoutes].guard).toBe("extension");
  });

  it("ships every text in all eight languages, and uses only texts it ships", () => {
    const files = readdirSync(join(base, "locales")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
    const english = readJson(join(base, "locales/en.default.json"));
    for (const lang of LANGUAGES)
      expect(keysOf(readJson(join(base, `locales/${lang}.json`))), lang).toEqual(keysOf(english));
    const source = readdirSync(join(base, "src"))
      .filter((f) => !f.includes(".test."))
      .map((f) => readFileSync(join(base, "src", f), "utf8"))
      .join("\n");
    const used = [...source.matchAll(/(?:translate|\bt)\("(\w+)"/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const key of used) expect(Object.keys(english), key).toContain(key);
  });
});

it("the extensions call the host shopify.app.toml names (npm run shopify:config writes both)", () => {
  const app = parse(readFileSync(join(root, "shopify.app.toml"), "utf8")) as { application_url: string };
  const url = readFileSync(join(root, "extensions/ui-shared/app-url.ts"), "utf8").match(
    /^export const APP_URL = "(.*)";$/m,
  )?.[1];
  expect(url).toBe(new URL(app.application_url).origin);
});
