import type { PointLabel } from "./types";

/**
 * H-18: "1 point", "1,250 points", or "points 1,250" when the label goes before the number.
 * `locale` is the embed's, which the loader only accepts in a shape Intl never refuses.
 */
export function formatPoints(n: number, label: PointLabel, locale: string): string {
  const word = Math.abs(n) === 1 ? label.singular : label.plural;
  const number = n.toLocaleString(locale);
  return label.position === "before" ? `${word} ${number}` : `${number} ${word}`;
}
