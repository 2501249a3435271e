/**
 * The widget's loader entry. It announces the widget version on the page and does nothing else yet:
 * the launcher and panel arrive with the storefront issue (#4).
 */
export const WIDGET_VERSION = "0.0.0";

if (typeof document !== "undefined") {
  document.documentElement.dataset.laurelWidget = WIDGET_VERSION;
}
