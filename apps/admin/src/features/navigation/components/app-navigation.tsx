import { Badge, Navigation } from "@shopify/polaris";
import {
  AppsIcon,
  ArrowLeftIcon,
  ChartVerticalIcon,
  CodeIcon,
  DiscountIcon,
  GaugeIcon,
  GiftCardIcon,
  HomeIcon,
  LightbulbIcon,
  PersonIcon,
  ReceiptIcon,
  SettingsIcon,
  StarIcon,
  StoreIcon,
  ViewIcon,
} from "@shopify/polaris-icons";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { config } from "../../../lib/config";
import { type PathPrefix, prefixed } from "../../../lib/routing";
import { storage } from "../../../lib/storage";
import { useFeatureRequestNudge } from "../hooks/use-feature-request-nudge";
import {
  isCurrentItem,
  type NavInput,
  type NavItemSpec,
  type NavKey,
  type NavShop,
  navItemSpecs,
  usageTone,
} from "../utils/nav-items";

type PolarisItem = NonNullable<ComponentProps<typeof Navigation.Section>["items"]>[number];

const ICONS: Record<NavKey, PolarisItem["icon"]> = {
  backToAdmin: ArrowLeftIcon,
  dashboard: HomeIcon,
  customers: PersonIcon,
  programs: GiftCardIcon,
  membership: StarIcon,
  onsite: StoreIcon,
  analytics: ChartVerticalIcon,
  integrations: AppsIcon,
  featureRequest: LightbulbIcon,
  transactions: ReceiptIcon,
  speedChecker: GaugeIcon,
  deals: DiscountIcon,
  settings: SettingsIcon,
  devZone: CodeIcon,
};

export interface AppNavigationProps {
  shop: NavShop;
  isStaff: boolean;
  platform: NavInput["platform"];
  prefix: PathPrefix;
  /** The current app path without the prefix. */
  path: string;
  onNavigate?: () => void;
}

/** A-07 side navigation (Polaris Navigation), in the spec's order and with its conditions. */
export function AppNavigation({ shop, isStaff, platform, prefix, path, onNavigate }: AppNavigationProps) {
  const { t, i18n } = useTranslation();
  const nudgeFeatureRequest = useFeatureRequestNudge(shop.isNonDevShop);
  const specs = navItemSpecs({
    shop,
    isStaff,
    platform,
    devMode: storage.isDevMode(),
    prefix,
    speedCheckerUrl: config.speedCheckerUrl,
  });
  const number = new Intl.NumberFormat(i18n.language);

  const toItem = (spec: NavItemSpec): PolarisItem => {
    const item: PolarisItem = {
      url: spec.url,
      label: t(`nav.${spec.key}`),
      icon: ICONS[spec.key],
      external: spec.external,
      selected: isCurrentItem(spec, path),
      onClick: onNavigate,
    };
    if (spec.onlineStoreUrl) {
      item.secondaryActions = [
        {
          url: spec.onlineStoreUrl,
          icon: ViewIcon,
          accessibilityLabel: t("nav.viewOnlineStore"),
          tooltip: { content: t("nav.viewOnlineStore") },
        },
      ];
    }
    if (spec.key === "featureRequest" && nudgeFeatureRequest) item.badge = t("nav.new");
    if (spec.usage) {
      const used = number.format(spec.usage.used);
      const limit = spec.usage.limit === null ? null : number.format(spec.usage.limit);
      item.badge = <Badge tone={usageTone(spec.usage)}>{limit === null ? used : `${used} / ${limit}`}</Badge>;
      item.accessibilityLabel =
        limit === null
          ? t("nav.transactionsUsedOnly", { used })
          : t("nav.transactionsUsage", { used, limit });
    }
    return item;
  };

  return (
    <div data-testid="nav" style={{ display: "contents" }}>
      <Navigation location={prefixed(prefix, path)}>
        <Navigation.Section items={specs.map(toItem)} />
      </Navigation>
    </div>
  );
}
