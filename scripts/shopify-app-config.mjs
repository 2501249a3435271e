#!/usr/bin/env node
// Writes the deployment's values into shopify.app.toml (issue 12, decision 0087):
//   SHOPIFY_API_KEY → client_id; APP_URL → application_url (/embed), auth.redirect_urls
//   (/auth/callback) and app_proxy.url (/proxy). Everything else in the file stays as written.
//   APP_URL also goes to extensions/ui-shared/app-url.ts: the checkout and customer-account UI
//   extensions call Laurel there (decision 0180).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const file = fileURLToPath(new URL("../shopify.app.toml", import.meta.url));
const extensionsUrlFile = fileURLToPath(new URL("../extensions/ui-shared/app-url.ts", import.meta.url));
const apiKey = process.env.SHOPIFY_API_KEY ?? "";
const appUrl = (process.env.APP_URL ?? "").replace(/\/+$/, "");
if (!/^[0-9a-f]{32}$/i.test(apiKey) || !/^https:\/\/[^/\s"]+(\/[^\s"]*)?$/.test(appUrl)) {
  console.error("Set SHOPIFY_API_KEY (the client id, 32 hex characters) and APP_URL (https://…).");
  process.exit(1);
}
const toml = readFileSync(file, "utf8")
  .replace(/^client_id = ".*"$/m, `client_id = "${apiKey}"`)
  .replace(/^application_url = ".*"$/m, `application_url = "${appUrl}/embed"`)
  .replace(/^redirect_urls = \[.*\]$/m, `redirect_urls = ["${appUrl}/auth/callback"]`)
  .replace(/^url = ".*\/proxy"$/m, `url = "${appUrl}/proxy"`);
writeFileSync(file, toml);
const extensionsUrl = readFileSync(extensionsUrlFile, "utf8").replace(
  /^export const APP_URL = ".*";$/m,
  `export const APP_URL = "${appUrl}";`,
);
writeFileSync(extensionsUrlFile, extensionsUrl);
console.log(`shopify.app.toml and the UI extensions: client_id and URLs set for ${appUrl}`);
