/**
 * The part of Shopify App Bridge (the `shopify` global it installs in the embedded admin) that
 * Laurel uses. When it is absent the admin runs standalone.
 */
export interface AppBridgeGlobal {
  idToken: () => Promise<string>;
  toast?: { show: (message: string, options?: { isError?: boolean; duration?: number }) => void };
}

declare global {
  interface Window {
    shopify?: AppBridgeGlobal;
  }
}

export type HostMode = "embedded" | "standalone";

export function appBridge(): AppBridgeGlobal | null {
  const candidate = typeof window === "undefined" ? undefined : window.shopify;
  return candidate && typeof candidate.idToken === "function" ? candidate : null;
}
