/**
 * Laurel's own small illustrations (no remote images: the admin must work offline and embedded).
 */
function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Top bar / navigation logo (A-08: logo width 140). */
export const LOGO_WIDTH = 140;
export const logoSource = svgDataUri(
  `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="32" viewBox="0 0 140 32"><g fill="#2f6f4f"><path d="M16 28c-6-3.2-9.5-8.7-9.5-15 4.8.7 8.2 3.5 9.5 7.5 1.3-4 4.7-6.8 9.5-7.5 0 6.3-3.5 11.8-9.5 15z"/><ellipse cx="10" cy="8" rx="2.6" ry="4.5" transform="rotate(-30 10 8)"/><ellipse cx="22" cy="8" rx="2.6" ry="4.5" transform="rotate(30 22 8)"/></g><text x="34" y="22" font-family="-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,sans-serif" font-size="17" font-weight="650" fill="#303030">Laurel</text></svg>`,
);

/**
 * Empty-state picture: an open box (used for "not available yet" and empty lists). Width and
 * height give the <img> an intrinsic size: with a viewBox alone it has none, and Polaris's
 * EmptyState (a flex container) then lays it out at zero width.
 */
export const emptyStateImage = svgDataUri(
  `<svg xmlns="http://www.w3.org/2000/svg" width="226" height="160" viewBox="0 0 226 160"><rect x="0" y="0" width="226" height="160" fill="none"/><ellipse cx="113" cy="142" rx="82" ry="9" fill="#e3e3e3"/><path d="M53 62l60-24 60 24v62l-60 20-60-20z" fill="#f1f1f1" stroke="#8a8a8a" stroke-width="3" stroke-linejoin="round"/><path d="M53 62l60 22 60-22M113 84v60" fill="none" stroke="#8a8a8a" stroke-width="3" stroke-linejoin="round"/><path d="M53 62l-20 22 60 22 20-22zM173 62l20 22-60 22-20-22z" fill="#fafafa" stroke="#8a8a8a" stroke-width="3" stroke-linejoin="round"/><circle cx="150" cy="30" r="5" fill="#2f6f4f"/><circle cx="78" cy="22" r="3.5" fill="#2f6f4f" opacity=".6"/><circle cx="118" cy="14" r="2.5" fill="#2f6f4f" opacity=".4"/></svg>`,
);

/** Not-found picture: a magnifier over an empty page (sized as the empty-state picture). */
export const notFoundImage = svgDataUri(
  `<svg xmlns="http://www.w3.org/2000/svg" width="226" height="160" viewBox="0 0 226 160"><ellipse cx="113" cy="146" rx="80" ry="8" fill="#e3e3e3"/><rect x="58" y="20" width="92" height="116" rx="8" fill="#fafafa" stroke="#8a8a8a" stroke-width="3"/><path d="M74 44h60M74 58h44M74 72h52" stroke="#d4d4d4" stroke-width="6" stroke-linecap="round"/><circle cx="140" cy="92" r="24" fill="#fff" fill-opacity=".7" stroke="#2f6f4f" stroke-width="6"/><path d="M157 110l20 20" stroke="#2f6f4f" stroke-width="9" stroke-linecap="round"/><text x="140" y="99" text-anchor="middle" font-family="sans-serif" font-size="18" font-weight="700" fill="#2f6f4f">?</text></svg>`,
);

/** the Access Denied picture, inline so it shows even when nothing else may load. */
export function AccessDeniedIllustration() {
  return (
    <svg width="240" height="180" viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="166" rx="86" ry="9" fill="#e3e3e3" />
      <path
        d="M120 14l64 24v44c0 40-27 66-64 80-37-14-64-40-64-80V38z"
        fill="#fff1f0"
        stroke="#c70a24"
        strokeWidth="5"
      />
      <rect x="94" y="78" width="52" height="40" rx="6" fill="#c70a24" />
      <path
        d="M104 78V66a16 16 0 0132 0v12"
        fill="none"
        stroke="#c70a24"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <circle cx="120" cy="95" r="5" fill="#fff" />
      <path d="M120 99v9" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
