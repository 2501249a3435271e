/**
 * What the loader and the panel share: the embed attributes, the settings (the contract's type,
 * imported as a type only: the widget ships no zod) and the loader → panel interface.
 */
import type { PointLabel, WidgetSettings } from "@laurel/contracts";

export type { PointLabel, WidgetSettings };

/** The script tag's `data-laurel-*` attributes, checked (see `readEmbed`). */
export interface Embed {
  /** The app proxy's path on the storefront, without a trailing slash: `/apps/laurel`. */
  proxy: string;
  shop: string;
  /** The storefront language (`request.locale.iso_code`). */
  locale: string;
  /** home | product | collection | cart | account | other */
  page: string;
  /** The signed-in customer's id, or "" for a guest. */
  customer: string;
  /** `data-laurel-login-url` as written: the panel checks it (see `links`) when it shows it. */
  loginUrl?: string;
  registerUrl?: string;
}

/** What the loader hands the panel when it mounts it. */
export interface PanelContext {
  /** The wrapper inside the shadow root (it holds the launcher); the panel renders into it. */
  mount: HTMLElement;
  launcher: HTMLButtonElement;
  embed: Embed;
  settings: WidgetSettings;
  /** The last known balance, for the launcher and the cache; null forgets it. */
  setBalance(points: number | null): void;
}

export interface PanelApi {
  open(): void;
  close(): void;
  toggle(): void;
}

/** `panel.js`'s exports. */
export interface PanelModule {
  mount(ctx: PanelContext): PanelApi;
}
