/**
 * Leaving the SPA (full page loads, new tabs). Kept behind one object so tests can observe it:
 * jsdom cannot navigate.
 */
export const browser = {
  /** Full page load of `url` in this window (the top window when embedded in an iframe). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Opens `url` in a new tab/window (mailto: links open the mail client). */
  open(url: string): void {
    window.open(url, "_blank", "noopener,noreferrer");
  },
};
