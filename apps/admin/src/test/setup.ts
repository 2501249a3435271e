/**
 * jsdom lacks a few browser APIs Polaris uses. Imported (through `render.tsx`) by every admin test:
 * the root Vitest config is shared, so the admin cannot add a setup file there.
 */
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { sessionState } from "../lib/api/session-state";
import { resetTokenSource } from "../lib/auth/token-source";

if (typeof window !== "undefined") {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  // jsdom reports these as "not implemented" errors.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  window.scroll = (() => {}) as typeof window.scroll;
  Element.prototype.scrollIntoView = () => {};
  Element.prototype.scrollTo = (() => {}) as typeof Element.prototype.scrollTo;
  // jsdom does no layout, so offsetParent is always null; Polaris' Popover waits for one.
  Object.defineProperty(HTMLElement.prototype, "offsetParent", {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentNode;
    },
  });

  class ObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  if (!("ResizeObserver" in window)) vi.stubGlobal("ResizeObserver", ObserverStub);
  if (!("IntersectionObserver" in window)) vi.stubGlobal("IntersectionObserver", ObserverStub);
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  sessionState.reset();
  resetTokenSource();
  for (const el of document.head.querySelectorAll("style[data-laurel]")) el.remove();
});
