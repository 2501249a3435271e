// configuration: APP_URL, where the api process is reachable over https. `npm run shopify:config`
// writes it here as in shopify.app.toml (decision 0180): the UI extensions call it directly.
export const APP_URL = "https://laurel.example.com";
