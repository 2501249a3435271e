/**
 * Product pictures as small inline SVG (no image files, no network): a flat illustration per kind
 * of product, in the product's colours. Fixed width and height, so nothing shifts as a page loads.
 */

import { escapeHtml, type SafeHtml, trusted } from "../views/html";
import type { Art, Product } from "./catalogue";

const shapes: Record<Art, (c: Product["colors"]) => string> = {
  tee: (c) =>
    `<path d="M140 90l-70 40 28 60 32-16v146h140V174l32 16 28-60-70-40c-8 22-32 36-60 36s-52-14-60-36z" fill="${c.fg}"/>` +
    `<circle cx="200" cy="180" r="18" fill="none" stroke="${c.accent}" stroke-width="6"/>`,
  tote: (c) =>
    `<path d="M150 150c0-50 100-50 100 0" fill="none" stroke="${c.accent}" stroke-width="12"/>` +
    `<path d="M110 150h180l-14 170H124z" fill="${c.fg}"/><rect x="170" y="200" width="60" height="44" rx="6" fill="${c.accent}" opacity=".35"/>`,
  candle: (c) =>
    `<rect x="130" y="170" width="140" height="150" rx="18" fill="${c.fg}"/><rect x="130" y="170" width="140" height="26" rx="10" fill="#fff" opacity=".5"/>` +
    `<path d="M200 100c18 24 16 44 0 54-16-10-18-30 0-54z" fill="${c.accent}"/><rect x="197" y="150" width="6" height="22" fill="#333"/>`,
  mug: (c) =>
    `<path d="M250 180h26a34 34 0 010 68h-26" fill="none" stroke="${c.fg}" stroke-width="16"/>` +
    `<path d="M120 150h140v130a30 30 0 01-30 30h-80a30 30 0 01-30-30z" fill="${c.fg}"/>` +
    `<circle cx="160" cy="210" r="5" fill="${c.accent}"/><circle cx="200" cy="250" r="4" fill="${c.accent}"/><circle cx="225" cy="195" r="3" fill="${c.accent}"/>`,
  beanie: (c) =>
    `<circle cx="200" cy="110" r="26" fill="${c.accent}"/><path d="M110 260c0-80 40-130 90-130s90 50 90 130z" fill="${c.fg}"/>` +
    `<rect x="100" y="250" width="200" height="50" rx="14" fill="${c.fg}"/><path d="M120 262v28M150 262v28M180 262v28M210 262v28M240 262v28M270 262v28" stroke="${c.accent}" stroke-width="6"/>`,
  napkins: (c) =>
    `<rect x="110" y="110" width="170" height="170" rx="8" fill="${c.accent}"/><rect x="125" y="125" width="170" height="170" rx="8" fill="${c.fg}"/>` +
    `<path d="M125 265h170" stroke="${c.accent}" stroke-width="6"/>`,
  bottle: (c) =>
    `<rect x="175" y="80" width="50" height="36" rx="8" fill="${c.accent}"/><path d="M160 130h80l10 30v150a20 20 0 01-20 20h-60a20 20 0 01-20-20V160z" fill="${c.fg}"/>` +
    `<rect x="170" y="190" width="60" height="70" rx="8" fill="${c.accent}" opacity=".5"/>`,
  card: (c) =>
    `<rect x="90" y="130" width="220" height="140" rx="16" fill="${c.fg}"/><rect x="90" y="160" width="220" height="22" fill="${c.accent}"/>` +
    `<text x="200" y="240" font-size="40" font-family="sans-serif" text-anchor="middle" fill="#fff">$25</text>`,
};

/** The picture of a product; `size` is the rendered width and height in CSS pixels. */
export function productArt(p: Product, size = 400): SafeHtml {
  return trusted(
    `<svg class="art" viewBox="0 0 400 400" width="${size}" height="${size}" role="img" aria-label="${escapeHtml(p.title)}">` +
      `<rect width="400" height="400" fill="${p.colors.bg}"/>${shapes[p.art](p.colors)}</svg>`,
  );
}
