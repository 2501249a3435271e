import type { StaffShop } from "@laurel/contracts";
import { Badge, Button, Card, DataTable, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { planDisplayName } from "../../../lib/plans";

export interface DevZoneShopListProps {
  shops: StaffShop[];
  onImpersonate: (shopId: string) => void;
  /** The shop being impersonated right now, if any. */
  pendingShopId?: string;
}

/** X-60 internal zone: every shop, with an 'Impersonate' action (staff only, enforced by the server). */
export function DevZoneShopList({ shops, onImpersonate, pendingShopId }: DevZoneShopListProps) {
  const { t } = useTranslation();
  return (
    <Card padding="0">
      <DataTable
        columnContentTypes={["text", "text", "text", "text", "text"]}
        headings={[
          t("devZone.columns.name"),
          t("devZone.columns.domain"),
          t("devZone.columns.plan"),
          t("devZone.columns.status"),
          t("devZone.columns.actions"),
        ]}
        rows={shops.map((shop) => [
          <Text as="span" fontWeight="semibold" key="name">
            {shop.name}
          </Text>,
          shop.shopifyDomain,
          // The name merchants see (as on their dashboard), not the plan id (B-07).
          planDisplayName(shop.plan),
          shop.isBlockedStore ? (
            <Badge tone="critical" key="status">
              {t("devZone.blocked")}
            </Badge>
          ) : (
            ""
          ),
          <Button
            key="impersonate"
            size="slim"
            onClick={() => onImpersonate(shop.id)}
            loading={pendingShopId === shop.id}
            disabled={pendingShopId !== undefined && pendingShopId !== shop.id}
            accessibilityLabel={t("devZone.impersonateShop", { shop: shop.name })}
          >
            {t("devZone.impersonate")}
          </Button>,
        ])}
      />
    </Card>
  );
}
