import {
  defaultPointLabel,
  defaultWidgetBlocks,
  defaultWidgetColors,
  type WidgetDesign,
  type WidgetDesignResponse,
  widgetBlocks,
  widgetDesignSchema,
  widgetPresetPalettes,
} from "@laurel/contracts";
import type { ShopRow, ShopSettingsJson } from "@laurel/db";
import { planAllows, planRankOf } from "@laurel/domain";
import type { z } from "zod";

/**
 * The widget design as stored under the shop's `settings.widget` (issue 12), read value by value
 * over the defaults: shared by the designer's API and `GET /proxy/widget`.
 */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const f = widgetDesignSchema.shape;
const launcherF = f.launcher.shape;
const valid = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined => {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
};

const defaultWidgetDesign: WidgetDesign = {
  enabled: true,
  preset: "midnight_black",
  colors: { ...defaultWidgetColors },
  launcher: {
    position: "bottom_right",
    style: "icon_label",
    label: "Rewards",
    icon: "star",
    iconUrl: null,
    hidden: false,
  },
  display: "widget",
  mobileHeight: "80",
  hiddenPages: [],
  hiddenPaths: [],
  hideForGuests: false,
  blocks: { guest: defaultWidgetBlocks, member: defaultWidgetBlocks },
  card: { showTier: true, showPending: true, filled: false },
  iconTheme: "vivid",
  programSort: "incomplete_first",
  pointLabel: { ...defaultPointLabel },
  customCss: null,
  showPoweredBy: true,
  instantPopup: { desktop: false, mobile: false },
};

/** A block list as stored, with any block it lacks appended (visible) and duplicates dropped. */
function blocksOf(value: unknown, fallback: WidgetDesign["blocks"]["guest"]) {
  if (!Array.isArray(value)) return fallback;
  const out: WidgetDesign["blocks"]["guest"] = [];
  for (const item of value) {
    if (!isRecord(item) || !widgetBlocks.includes(item.id as never)) continue;
    if (out.some((b) => b.id === item.id)) continue;
    out.push({ id: item.id as (typeof widgetBlocks)[number], visible: item.visible !== false });
  }
  for (const id of widgetBlocks) if (!out.some((b) => b.id === id)) out.push({ id, visible: true });
  return out;
}

/**
 * The stored design over the defaults, each value checked on its own (a bad one takes its
 * default). Older shops stored colours and the launcher's label without a preset: they read too.
 */
export function designOf(settings: ShopSettingsJson): WidgetDesign {
  const d = defaultWidgetDesign;
  const o = isRecord((settings as Record<string, unknown>).widget)
    ? ((settings as Record<string, unknown>).widget as Record<string, unknown>)
    : {};
  const launcher = isRecord(o.launcher) ? o.launcher : {};
  const colors = isRecord(o.colors) ? o.colors : {};
  const preset = valid(f.preset, o.preset) ?? d.preset;
  // No stored colours: the preset's palette (the default preset is the built-in colours).
  const base = isRecord(o.colors) || !o.preset ? d.colors : widgetPresetPalettes[preset];
  const c = f.colors.shape;
  const pl = isRecord(o.pointLabel) ? o.pointLabel : {};
  const card = isRecord(o.card) ? o.card : {};
  const blocks = isRecord(o.blocks) ? o.blocks : {};
  return {
    enabled: valid(f.enabled, o.enabled) ?? d.enabled,
    preset,
    colors: {
      primary: valid(c.primary, colors.primary)?.toLowerCase() ?? base.primary,
      primaryText: valid(c.primaryText, colors.primaryText)?.toLowerCase() ?? base.primaryText,
      background: valid(c.background, colors.background)?.toLowerCase() ?? base.background,
      text: valid(c.text, colors.text)?.toLowerCase() ?? base.text,
      accent: valid(c.accent, colors.accent)?.toLowerCase() ?? base.accent,
    },
    launcher: {
      position: valid(launcherF.position, launcher.position) ?? d.launcher.position,
      style: valid(launcherF.style, launcher.style) ?? d.launcher.style,
      label: valid(launcherF.label, launcher.label) ?? d.launcher.label,
      icon: valid(launcherF.icon, launcher.icon) ?? d.launcher.icon,
      iconUrl: valid(launcherF.iconUrl, launcher.iconUrl) ?? null,
      hidden: valid(launcherF.hidden, launcher.hidden) ?? false,
    },
    display: valid(f.display, o.display) ?? d.display,
    mobileHeight: valid(f.mobileHeight, o.mobileHeight) ?? d.mobileHeight,
    hiddenPages: Array.isArray(o.hiddenPages)
      ? (o.hiddenPages.filter(
          (p) => valid(f.hiddenPages.element, p) !== undefined,
        ) as WidgetDesign["hiddenPages"])
      : [],
    hiddenPaths: Array.isArray(o.hiddenPaths)
      ? (o.hiddenPaths.filter((p) => valid(f.hiddenPaths.element, p) !== undefined) as string[]).slice(0, 50)
      : [],
    hideForGuests: valid(f.hideForGuests, o.hideForGuests) ?? false,
    blocks: {
      guest: blocksOf(blocks.guest, d.blocks.guest),
      member: blocksOf(blocks.member, d.blocks.member),
    },
    card: {
      showTier: typeof card.showTier === "boolean" ? card.showTier : d.card.showTier,
      showPending: typeof card.showPending === "boolean" ? card.showPending : d.card.showPending,
      filled: typeof card.filled === "boolean" ? card.filled : d.card.filled,
    },
    iconTheme: valid(f.iconTheme, o.iconTheme) ?? d.iconTheme,
    programSort: valid(f.programSort, o.programSort) ?? d.programSort,
    pointLabel: {
      singular: valid(f.pointLabel.shape.singular, pl.singular) ?? d.pointLabel.singular,
      plural: valid(f.pointLabel.shape.plural, pl.plural) ?? d.pointLabel.plural,
      position: valid(f.pointLabel.shape.position, pl.position) ?? d.pointLabel.position,
    },
    customCss: valid(f.customCss, o.customCss) ?? null,
    showPoweredBy: valid(f.showPoweredBy, o.showPoweredBy) ?? true,
    instantPopup: valid(f.instantPopup, o.instantPopup) ?? d.instantPopup,
  };
}

type ShopFacts = Pick<ShopRow, "plan" | "is_enable_pos_pro3" | "platform_info">;

/** What the shop's plans allow in the designer (N-13, N-22). */
export function designAllows(shop: ShopFacts): WidgetDesignResponse["allows"] {
  const rank = planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });
  return {
    colours: planAllows(rank, "widget_colours"),
    advancedCss: planAllows(rank, "advanced_css"),
    pointLabel: planAllows(rank, "custom_point_label"),
    advancedDesign: planAllows(rank, "advanced_widget_design"),
    removePoweredBy: /plus/i.test(shop.platform_info.planName ?? ""),
  };
}

/** A hidden path as the loader compares it: no query or fragment, ending in `/`. */
export function normaliseHiddenPath(path: string): string {
  const bare = (path.split(/[?#]/)[0] ?? "/").replace(/\/+$/, "");
  // "/" is the home page alone: the loader compares `${pathname}/`, which is "//" only there.
  return bare === "" ? "//" : `${bare}/`;
}
