import "@shopify/polaris/build/esm/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import { applyLanguage, rememberedLanguage } from "./lib/i18n/i18n";
import { createQueryClient } from "./lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

// Before any shop is known, the remembered language (else en-US); the shop's own setting is
// applied when the app starts.
await applyLanguage(rememberedLanguage()).catch((error: unknown) =>
  console.warn("Could not load the remembered language", error),
);

createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter()} queryClient={createQueryClient()} />
  </StrictMode>,
);
