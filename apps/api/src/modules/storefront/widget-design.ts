import {
  defaultPointLabel,
  type FieldError,
  type WidgetDesign,
  type WidgetDesignResponse,
  widgetPresetPalettes,
} from "@laurel/contracts";
import type { ShopRow, ShopSettingsJson } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { type Actor, auditWrite } from "../audit/audit.service";
import { getShopOrThrow, lockShopSettings, mergeShopSettings } from "../shops/shops.service";
import { designAllows, designOf, isRecord } from "./widget-design-read";
import { resolveWidgetSettings } from "./widget-settings";

/**
 * The widget designer (issue 12, N-03 … N-09, N-13, N-14, N-22, N-23): the design is stored under
 * `settings.widget` beside the shop's texts (`translations`, which the translations editor owns)
 * and read by `GET /proxy/widget` on every storefront page view.
 */
/** The theme app extension's app embed (extensions/laurel-theme/blocks/app-embed.liquid). */
const APP_EMBED_HANDLE = "app-embed";

function presentDesign(deps: Deps, shop: ShopRow): WidgetDesignResponse {
  const isThemeOS2 = shop.platform_info.isThemeOS2;
  return {
    embed: {
      disabledEmbedApp: shop.disabled_embed_app,
      isThemeOS2: typeof isThemeOS2 === "boolean" ? isThemeOS2 : null,
      themeEditorUrl:
        deps.config.platform === "shopify"
          ? `https://${shop.shopify_domain}/admin/themes/current/editor?context=apps&activateAppId=${encodeURIComponent(deps.config.shopifyApiKey)}/${APP_EMBED_HANDLE}`
          : null,
    },
    design: designOf(shop.settings),
    allows: designAllows(shop),
    widgetUrl: "/widget/loader.js",
    storefront: resolveWidgetSettings(shop, shop.settings.translation?.primaryLanguage ?? "en"),
  };
}

export async function getWidgetDesign(deps: Deps, shopId: string): Promise<WidgetDesignResponse> {
  return presentDesign(deps, await getShopOrThrow(deps, shopId));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the whole design. What the plan does not include may be kept as it is stored (a
 * downgraded shop keeps its colours, paused) but not changed: a change is refused naming the field.
 */
export async function saveWidgetDesign(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: WidgetDesign,
): Promise<WidgetDesignResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  const allows = designAllows(shop);
  const stored = designOf(shop.settings);
  const errors: FieldError[] = [];
  const presetColours = widgetPresetPalettes[body.preset];
  if (!allows.colours && !same(body.colors, stored.colors) && !same(body.colors, presetColours)) {
    errors.push({ field: "colors", message: "Custom widget colours need the Essential plan or higher." });
  }
  if (!allows.advancedCss && body.customCss !== stored.customCss && body.customCss !== null) {
    errors.push({ field: "customCss", message: "Advanced CSS needs the Essential plan or higher." });
  }
  if (
    !allows.pointLabel &&
    !same(body.pointLabel, stored.pointLabel) &&
    !same(body.pointLabel, defaultPointLabel)
  ) {
    errors.push({ field: "pointLabel", message: "A custom point label needs the Essential plan or higher." });
  }
  if (!allows.removePoweredBy && !body.showPoweredBy && stored.showPoweredBy) {
    errors.push({
      field: "showPoweredBy",
      message: "Removing the powered-by mark needs a Shopify Plus store.",
    });
  }
  if (body.launcher.icon === "custom" && !body.launcher.iconUrl) {
    errors.push({ field: "launcher.iconUrl", message: "Invalid image file URL" });
  }
  if (errors.length > 0) {
    throw new AppError("validation_failed", 400, errors[0]?.message ?? "Some fields are invalid.", errors);
  }
  const hiddenPaths = [...new Set(body.hiddenPaths.map((p) => p.trim()).filter((p) => p !== ""))];
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockShopSettings(trx, shopId);
    const widget = isRecord((before as Record<string, unknown>).widget)
      ? ((before as Record<string, unknown>).widget as Record<string, unknown>)
      : {};
    const next = { ...widget, ...body, hiddenPaths };
    await mergeShopSettings(trx, shopId, { widget: next } as Partial<ShopSettingsJson>);
    await auditWrite(trx, shopId, actor, "settings.widget", { preset: body.preset });
    return presentDesign(deps, { ...shop, settings: { ...before, widget: next } as ShopSettingsJson });
  });
}
