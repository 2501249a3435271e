/** Shared by the Playwright config (the server's env) and the tests (tokens they sign). */
export const E2E_SHOPIFY_SECRET = "laurel-e2e-shopify-secret";
export const E2E_SHOPIFY_API_KEY = "laurel-e2e-api-key";
