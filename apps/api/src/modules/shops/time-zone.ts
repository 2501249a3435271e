import type { ShopRow } from "@laurel/db";

/**
 * The store's time zone as Laurel uses it (M-02, decision 0166): the merchant's choice in the
 * General settings, else the platform's (`ianaTimezone`), else undefined. Every consumer (analytics
 * days, birthdays, expiry, tiers, programs' dates) reads it here, never `platform_info` directly.
 */
export function storeTimeZoneOf(shop: Pick<ShopRow, "platform_info" | "settings">): string | undefined {
  return shop.settings.general?.timeZone ?? shop.platform_info.ianaTimezone;
}
