/**
 * `panel.js`: loaded by the loader on idle or on the first interaction with the launcher, as an
 * ES module next to it. Renders into the loader's shadow root; its CSS is `panel.css`, which the
 * loader links into the same shadow root.
 */
import { render } from "preact";
import type { PanelApi, PanelContext } from "../shared/types";
import { App } from "./app";
import "./panel.css";

export function mount(ctx: PanelContext): PanelApi {
  const el = document.createElement("div");
  ctx.mount.append(el);
  ctx.mount.dataset.display = ctx.settings.display;
  ctx.mount.dataset.mh = ctx.settings.mobileHeight;
  ctx.mount.dataset.it = ctx.settings.iconTheme ?? "vivid";
  const noop = () => {};
  const api: PanelApi = { open: noop, close: noop, toggle: noop };
  render(<App ctx={ctx} api={api} />, el);
  return api;
}
