import type { Shop } from "@laurel/contracts";
import { type PathPrefix, prefixed, sectionOf } from "../../../lib/routing";

export type NavKey =
  | "backToAdmin"
  | "dashboard"
  | "customers"
  | "programs"
  | "membership"
  | "onsite"
  | "analytics"
  | "integrations"
  | "featureRequest"
  | "transactions"
  | "speedChecker"
  | "deals"
  | "settings"
  | "devZone";

export interface NavItemSpec {
  key: NavKey;
  url: string;
  /** Opens in a new tab. */
  external?: boolean;
  /** Path sections (first segment after the prefix) for which the item is the current one. */
  sections?: readonly string[];
  /** Back to store admin: the online store, offered next to it. */
  onlineStoreUrl?: string;
  /** Transactions usage meter. */
  usage?: { used: number; limit: number | null };
}

export type NavShop = Pick<
  Shop,
  | "shopifyDomain"
  | "domain"
  | "isNonDevShop"
  | "shouldLimitTransactions"
  | "countTransactions"
  | "transactionLimit"
  | "speedAppInstalled"
>;

export interface NavInput {
  shop: NavShop;
  /** `session.isStaff` from GET /shops. */
  isStaff: boolean;
  /** The local dev flag; it only reveals the internal-zone link. */
  devMode: boolean;
  prefix: PathPrefix;
  speedCheckerUrl: string;
  /** `demo`: no Shopify store behind the shop — the links go to the demo store and this admin. */
  platform: "demo" | "shopify";
}

/** The path of the local demo store (served by the api in demo mode, decision 0015). */
export const DEMO_STORE_PATH = "/demo-store";

/**
 * A-07 side navigation, in the spec's order and with its conditions:
 * Back to store admin (+ online store), Dashboard, Customers, Reward programs, Membership, Onsite,
 * Analytics, Integrations, Feature Request (non-development shops), Transactions usage meter
 * (transactions limited), Speed checker (speed app known not installed; hidden when unknown, X-64),
 * Deals, Settings — then the internal zone for staff or with the dev flag.
 */
export function navItemSpecs(input: NavInput): NavItemSpec[] {
  const { shop, prefix } = input;
  const app = (path: string) => prefixed(prefix, path);
  const items: NavItemSpec[] = [
    input.platform === "demo"
      ? { key: "backToAdmin", url: app("/"), onlineStoreUrl: DEMO_STORE_PATH }
      : {
          key: "backToAdmin",
          url: `https://${shop.shopifyDomain}/admin`,
          onlineStoreUrl: `https://${shop.domain ?? shop.shopifyDomain}`,
        },
    { key: "dashboard", url: app("/"), sections: ["", "home"] },
    { key: "customers", url: app("/customers"), sections: ["customers"] },
    { key: "programs", url: app("/programs"), sections: ["programs", "discount"] },
    { key: "membership", url: app("/membership"), sections: ["membership", "wholesale"] },
    { key: "onsite", url: app("/storefront"), sections: ["storefront"] },
    { key: "analytics", url: app("/analytics"), sections: ["analytics"] },
    { key: "integrations", url: app("/integration"), sections: ["integration"] },
  ];
  if (shop.isNonDevShop) {
    items.push({
      key: "featureRequest",
      url: app("/feature-request"),
      sections: ["feature-request", "feedback"],
    });
  }
  if (shop.shouldLimitTransactions) {
    items.push({
      key: "transactions",
      url: app("/billing-dashboard"),
      sections: ["billing-dashboard"],
      usage: { used: shop.countTransactions, limit: shop.transactionLimit },
    });
  }
  if (shop.speedAppInstalled === false) {
    items.push({ key: "speedChecker", url: input.speedCheckerUrl, external: true });
  }
  items.push(
    { key: "deals", url: app("/gift"), sections: ["gift"] },
    { key: "settings", url: app("/settings"), sections: ["settings", "translations"] },
  );
  if (input.isStaff || input.devMode) {
    items.push({ key: "devZone", url: app("/dev_zone"), sections: ["dev_zone"] });
  }
  return items;
}

/** Whether `spec` is the current item for the app path `pathname` (prefix included or not). */
export function isCurrentItem(spec: NavItemSpec, pathname: string): boolean {
  return spec.sections?.includes(sectionOf(pathname)) ?? false;
}

/** 'Transactions' meter tone: warning from 80 %, critical at the limit. */
export function usageTone(usage: { used: number; limit: number | null }): "critical" | "warning" | undefined {
  if (usage.limit === null || usage.limit <= 0) return undefined;
  const ratio = usage.used / usage.limit;
  if (ratio >= 1) return "critical";
  if (ratio >= 0.8) return "warning";
  return undefined;
}
