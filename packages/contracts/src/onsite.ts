import { z } from "zod";
import { text } from "./bounds";
import {
  HEX_COLOUR,
  launcherStyles,
  pointLabelPositions,
  WIDGET_CSS_MAX,
  type WidgetColors,
  widgetBlockIds,
  widgetDisplayTypes,
  widgetMobileHeights,
  widgetPages,
  widgetPositions,
  widgetPresetIds,
  widgetSettingsResponse,
} from "./widget";

/**
 * The widget designer (`/storefront/branding/point`, N-03 … N-09, N-13, N-14, N-16, N-22, N-23):
 * what the merchant edits, stored under the shop's `settings.widget` beside the texts, and read by
 * `GET /proxy/widget` on every storefront page view. The designer saves the whole object at once.
 */

/** N-07: the nine preset templates, each with a defined palette (decision 0085). */
export const widgetPresets = widgetPresetIds;
export type WidgetPreset = (typeof widgetPresets)[number];

/** N-07 palettes: launcher and buttons, text on them, panel background, panel text, highlights. */
export const widgetPresetPalettes: Record<WidgetPreset, WidgetColors> = {
  midnight_black: {
    primary: "#111111",
    primaryText: "#ffffff",
    background: "#ffffff",
    text: "#111111",
    accent: "#6b6b6b",
  },
  peachy_pink: {
    primary: "#f08a7e",
    primaryText: "#2b1a17",
    background: "#fff6f3",
    text: "#3a2421",
    accent: "#d9534f",
  },
  natural_organic: {
    primary: "#5b7f3a",
    primaryText: "#ffffff",
    background: "#f7f4ea",
    text: "#2f3a22",
    accent: "#a67c3d",
  },
  retro_vintage: {
    primary: "#c8553d",
    primaryText: "#fff8ec",
    background: "#fdf0d5",
    text: "#3d2c1e",
    accent: "#2a7f62",
  },
  passionate_red: {
    primary: "#c1121f",
    primaryText: "#ffffff",
    background: "#ffffff",
    text: "#1d1d1d",
    accent: "#780000",
  },
  cafe_noir: {
    primary: "#4b3621",
    primaryText: "#f5e6d3",
    background: "#f5efe6",
    text: "#2b1d12",
    accent: "#a47148",
  },
  lime_navy: {
    primary: "#1b2a4a",
    primaryText: "#d9f99d",
    background: "#ffffff",
    text: "#1b2a4a",
    accent: "#65a30d",
  },
  pacific_blue: {
    primary: "#0077b6",
    primaryText: "#ffffff",
    background: "#f0f8ff",
    text: "#03045e",
    accent: "#00b4d8",
  },
  fitness: {
    primary: "#ff5a00",
    primaryText: "#111111",
    background: "#111111",
    text: "#f5f5f5",
    accent: "#ffd400",
  },
};

/** The launcher's built-in icons; `custom` uses `iconUrl` (N-14). */
export const launcherIcons = ["star", "gift", "crown", "heart", "custom"] as const;
/** The built-in launcher icons as SVG paths on a 24×24 grid. */
const launcherIconPaths: Record<Exclude<(typeof launcherIcons)[number], "custom">, string> = {
  star: "M12 2l3 6 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z",
  gift: "M3 8h18v4H3zM5 12h14v9H5zM11 8h2v13h-2zM12 8C9 3 5 5 8 8M12 8c3-5 7-3 4 0",
  crown: "M3 7l4 4 5-7 5 7 4-4-2 12H5z",
  heart: "M12 21l-8-8a5 5 0 017-7l1 1 1-1a5 5 0 017 7z",
};

/**
 * The launcher's icon as the widget draws it, an image URL: a built-in icon is a data: URL of its
 * SVG in `colour` (the text colour on the launcher); a custom one is its URL, with the characters
 * that could end a CSS `url("…")` escaped.
 */
export function launcherIconUrl(
  icon: (typeof launcherIcons)[number],
  iconUrl: string | null,
  colour: string,
) {
  if (icon === "custom" && iconUrl)
    return iconUrl.replace(/["'()\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  const path = launcherIconPaths[icon === "custom" ? "star" : icon];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${colour}"><path d="${path}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** N-06 icon themes. */
export const widgetIconThemes = ["vivid", "elegant"] as const;
/** N-06 program sort order. */
export const widgetProgramSorts = ["completed_first", "incomplete_first"] as const;
/** N-04 content blocks of the panel's home, in the order the merchant puts them. */
export const widgetBlocks = widgetBlockIds;
export const defaultWidgetBlocks = widgetBlocks.map((id) => ({ id, visible: true }));

/** N-14: a custom icon is an image URL; N-16: uploads are gif, jpg or png up to 2 MB. */
export const ICON_URL_MAX = 2_048;
export const IMAGE_URL_EXTENSION = /\.(?:png|jpe?g|gif|svg|webp)$/i;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const uploadContentTypes = ["image/png", "image/jpeg", "image/gif"] as const;
export const HIDDEN_PATHS_MAX = 50;
export const HIDDEN_PATH_MAX = 255;

/** N-14's and N-16's messages, word for word. */
export const onsiteMessages = {
  iconUrlInvalid: "Invalid image file URL",
  iconTypeInvalid: "Invalid file type",
  iconTooBig: "Image size must be equal to or less than 10 MB",
  uploadNotSupported: "Image not supported",
  uploadType: "Image is not supported. File type must be .gif, .jpg, .png",
  uploadTooBig: "Image must be smaller than 2MB",
  uploadFailed: "Image upload failed. Please try again.",
} as const;

const hex = (label: string) =>
  z
    .string({ error: `${label} must be a colour.` })
    .max(7, `${label} must be a hex colour, e.g. #1f6feb`)
    .regex(HEX_COLOUR, `${label} must be a hex colour, e.g. #1f6feb`);

const block = z.strictObject({ id: z.enum(widgetBlocks), visible: z.boolean() });
const blockList = (label: string) =>
  z
    .array(block)
    .length(widgetBlocks.length, `${label} must list each block once.`)
    .refine((l) => new Set(l.map((b) => b.id)).size === l.length, `${label} must list each block once.`);

/** An icon URL (N-14): http(s), ending in an image file extension (uploads get such a URL). */
export const iconUrlSchema = text("Icon", ICON_URL_MAX)
  .refine((u) => /^https?:\/\/[^\s/]+\/\S*$/i.test(u), onsiteMessages.iconUrlInvalid)
  .refine((u) => IMAGE_URL_EXTENSION.test(u.split(/[?#]/)[0] ?? ""), onsiteMessages.iconTypeInvalid);

export const hiddenPathSchema = text("Hidden path", HIDDEN_PATH_MAX).regex(
  /^\/[^\s]*$/,
  "Each hidden path must start with / (for example /pages/contact).",
);

/** `PUT /apiSa/storefront/widget-design`: the whole design. */
export const widgetDesignSchema = z.strictObject({
  /** Display: show the widget on the storefront at all. */
  enabled: z.boolean(),
  preset: z.enum(widgetPresets),
  colors: z.strictObject({
    primary: hex("Button colour"),
    primaryText: hex("Button text colour"),
    background: hex("Background colour"),
    text: hex("Text colour"),
    accent: hex("Accent colour"),
  }),
  launcher: z.strictObject({
    position: z.enum(widgetPositions),
    style: z.enum(launcherStyles),
    label: text("Launcher label", 60),
    icon: z.enum(launcherIcons),
    iconUrl: iconUrlSchema.nullable(),
    /** N-05 hide the widget button: the panel opens from links to `#laurel-rewards` only. */
    hidden: z.boolean(),
  }),
  display: z.enum(widgetDisplayTypes),
  mobileHeight: z.enum(widgetMobileHeights),
  /** N-04 page restriction by page type. */
  hiddenPages: z.array(z.enum(widgetPages)).max(widgetPages.length),
  /** N-09 hidden paths, one per line in the designer: the page and everything under it. */
  hiddenPaths: z.array(hiddenPathSchema).max(HIDDEN_PATHS_MAX, `At most ${HIDDEN_PATHS_MAX} hidden paths.`),
  hideForGuests: z.boolean(),
  blocks: z.strictObject({ guest: blockList("Before sign in"), member: blockList("After sign in") }),
  /** N-23 membership card tab. */
  card: z.strictObject({ showTier: z.boolean(), showPending: z.boolean(), filled: z.boolean() }),
  iconTheme: z.enum(widgetIconThemes),
  programSort: z.enum(widgetProgramSorts),
  pointLabel: z.strictObject({
    singular: text("Point label (singular)", 40).min(1, "Point label (singular) is required."),
    plural: text("Point label (plural)", 40).min(1, "Point label (plural) is required."),
    position: z.enum(pointLabelPositions),
  }),
  customCss: text("Advanced CSS", WIDGET_CSS_MAX).nullable(),
  /** N-13: removing the powered-by mark needs the Plus store plan. */
  showPoweredBy: z.boolean(),
  /**
   * N-05, N-06 instant popup: the panel opens by itself on a shopper's first page of a visit, on
   * desktop and/or mobile (mobile not recommended). Optional in a PUT: off.
   */
  instantPopup: z
    .strictObject({ desktop: z.boolean(), mobile: z.boolean() })
    .default({ desktop: false, mobile: false }),
});
export type WidgetDesign = z.infer<typeof widgetDesignSchema>;

/** `GET /apiSa/storefront/widget-design`: the design and what the shop's plans allow. */
export const widgetDesignResponse = z.object({
  design: widgetDesignSchema,
  allows: z.object({
    /** N-22 (Essential): colours, advanced CSS, point label, advanced design. */
    colours: z.boolean(),
    advancedCss: z.boolean(),
    pointLabel: z.boolean(),
    advancedDesign: z.boolean(),
    /** N-13: the store's platform plan is Plus. */
    removePoweredBy: z.boolean(),
  }),
  /** Where the preview loads the real widget bundle from. */
  widgetUrl: z.string(),
  /** What `GET /proxy/widget` answers today in the shop's primary language: the preview's texts. */
  storefront: widgetSettingsResponse,
  /**
   * N-17: whether the theme's app embed is off (`disabledEmbedApp`), whether the live theme takes
   * app blocks (`isThemeOS2`, null until checked), and the theme editor's deep link that turns the
   * embed on (null on the demo platform, whose store always loads the widget).
   */
  embed: z.object({
    disabledEmbedApp: z.boolean(),
    isThemeOS2: z.boolean().nullable(),
    themeEditorUrl: z.string().nullable(),
  }),
});
export type WidgetDesignResponse = z.infer<typeof widgetDesignResponse>;

/** `POST /apiSa/storefront/uploads` (N-16): an image as base64, checked by its bytes. */
export const uploadBody = z.strictObject({
  fileName: text("File name", 255).min(1, "File name is required."),
  contentType: text("File type", 100),
  /** base64 of at most 2 MB (4/3 of it, rounded up, plus padding). */
  data: text("Image", Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 4).min(1, onsiteMessages.uploadNotSupported),
});
export type UploadBody = z.infer<typeof uploadBody>;

export const uploadResponse = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.enum(uploadContentTypes),
  size: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
