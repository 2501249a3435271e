/**
 * (The button needs no `type`: in a shadow root it belongs to no form of the page.)
 * The launcher's markup and styles, inside the widget's shadow root. The launcher is
 * `position: fixed`, so it never moves anything on the page. Its colours are the settings'
 * (custom properties on `.lw`: `--lw-primary` …, always set by the loader).
 */
export const LAUNCHER_CSS =
  ":host{all:initial}" +
  ".lw{font:14px/1.4 system-ui,sans-serif}" +
  ".lw-l{position:fixed;z-index:2147483000;bottom:20px;right:20px;display:flex;align-items:center;gap:8px;" +
  "height:48px;padding:0 18px;border:0;border-radius:24px;cursor:pointer;font:inherit;font-weight:600;" +
  "background:var(--lw-primary);color:var(--lw-primaryText);box-shadow:0 4px 14px #0004}" +
  "[data-pos=bottom_left] .lw-l{right:auto;left:20px}" +
  ".lw-l:focus-visible{outline:3px solid var(--lw-accent);outline-offset:2px}" +
  // The icon is an image the settings name (a built-in one is a data: URL of an SVG); no icon, none.
  "i{width:22px;height:22px;background:var(--lw-i) 50%/contain no-repeat}" +
  ".lw-b{font-weight:400}.lw-b:empty,[data-style=label] i,[data-style=hidden] .lw-l{display:none}" +
  "[data-style=icon] .lw-l{width:48px;padding:0;gap:0;justify-content:center}" +
  // Icon only: the label and balance stay in the button's accessible name, at no width.
  "[data-style=icon] span{font-size:0}";

export const LAUNCHER_HTML =
  "<style></style>" +
  '<div class="lw"><button class="lw-l" data-testid="laurel-launcher" ' +
  'aria-haspopup="dialog" aria-expanded="false" aria-controls="laurel-panel">' +
  "<i></i>" +
  '<span class="lw-t"></span><span class="lw-b" data-testid="laurel-launcher-balance"></span></button></div>';
