/**
 * Build-time settings of the admin (Vite `VITE_*` variables), each with a default that works
 * for the local demo.
 */
export const config = {
  /** Where "Contact us" messages go. There is no chat service yet: see lib/chat-support.tsx. */
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || "support@laurel.test",
  /**
   * The Speed checker menu item points to the partner app's listing. The partner app
   * is not named by the spec, so by default it opens an App Store search for speed apps.
   */
  speedCheckerUrl: import.meta.env.VITE_SPEED_CHECKER_URL || "https://apps.shopify.com/search?q=page%20speed",
};
