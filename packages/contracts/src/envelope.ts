import { z } from "zod";

/**
 * The response envelope every Laurel API answers with (DESIGN §5, X-66).
 * Success: `{ success: true, data, message? }`.
 * Failure: `{ success: false, error, errors?, code }` with a 4xx/5xx status.
 */
export type Ok<T> = { success: true; data: T; message?: string };
export type FieldError = { field: string; message: string };
export type Fail = { success: false; error: string; code: ErrorCode; errors?: FieldError[] };
export type Envelope<T> = Ok<T> | Fail;

export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/**
 * The one error-message catalogue (issue 8, decision 0042): every error code, and its one
 * user-facing message, in the spec's words where it gives them. `{{name}}` placeholders are filled
 * where the code is raised. The domain's refusal messages (redemption, ledger) and the widget's
 * `message.*` defaults are this catalogue's; apps/api/test/vocabularies.test.ts checks the
 * domain's copies, which it may not import.
 */
export const errorMessages = {
  validation_failed: "Some fields are invalid.",
  malformed_json: "The request body is not valid JSON.",
  payload_too_large: "The request body is too large.",
  unsupported_media_type: "The request body must be JSON.",
  bad_url: "The address is not valid: check its percent-encoding (%XX).",
  uri_too_long: "A part of the address is too long.",
  header_too_large: "The request headers are too large.",
  request_timeout: "The request took too long to arrive.",
  bad_request: "The request could not be read.",
  points_balance_limit: "This would take the balance beyond what a balance can hold.",
  unauthenticated: "You are not signed in. Please sign in again.",
  token_expired: "Your session has expired. Please sign in again.",
  token_invalid: "Your session token is invalid. Please sign in again.",
  invalid_credentials: "Incorrect e-mail or password.",
  too_many_attempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  shop_blocked: "Access denied.",
  staff_only: "This area is for Laurel staff only.",
  // The merchant API (H-06, decision 0170).
  api_key_missing: "Send your API key as the Authorization header: Bearer <key>.",
  api_key_invalid: "This API key is not valid: it may have been rotated or revoked.",
  api_key_exists: "This shop already has an API key. Rotate it to get a new one.",
  api_key_not_found: "This shop has no API key.",
  not_found: "Not found.",
  route_not_found: "This API route does not exist.",
  method_not_allowed: "This method is not allowed here.",
  shop_not_installed: "This shop has not installed Laurel.",
  rate_limited: "Too many requests. Please slow down.",
  insufficient_points: "Current balance is insufficient",
  idempotency_conflict: "This request was already made with different details.",
  request_in_progress: "This request is still being processed. Try again in a moment.",
  hold_not_found: "This reservation does not exist.",
  customer_not_found: "This customer does not exist in this shop.",
  proxy_unauthorized: "The storefront request signature is invalid.",
  proxy_expired: "The storefront request has expired. Please reload the page.",
  customer_not_logged_in: "Please sign in to your store account first.",
  customer_left: "You have left the loyalty program. Please contact the store to rejoin.",
  plan_required: "This feature is not available on the store's current plan.",
  customer_deleted: "This customer was deleted from the store, so their membership can't be changed.",
  // Redemption and coupons (D-13, D-21, H-13; 002 §8). The server fills the placeholders.
  reward_program_blank: "Reward program is blank",
  redeem_amount_invalid: "Redeem amount must be greater than 0",
  redeem_amount_below_minimum: "Redeem amount must be at least {{min}} points",
  redeem_amount_above_maximum: "Redeem amount must be at most {{max}} points",
  redeem_amount_not_multiple: "Redeem amount must be a multiple of {{step}} points",
  redeem_amount_too_small: "Redeem amount is too small for a discount",
  customer_redemption_limit: "You have run out of redemption",
  program_redemption_limit: "We have run out of reward coupons",
  customer_not_member: "Account not found",
  sandbox_not_test_customer: "The loyalty program is in test mode. Only test customers can redeem rewards.",
  program_inactive: "This reward is not available",
  program_scheduled: "This reward is not available yet",
  program_expired: "This reward has expired",
  plan_restricted: "This reward is not available on the store's current plan",
  revoke_limit: "You can only revoke {{limit}} times per {{timeframe}}",
  revoke_time_limit: "This coupon can only be revoked within {{time_limit}} after redemption",
  revoke_disabled: "This coupon cannot be revoked",
  revoke_reason_required: "Please enter an admin note",
  coupon_used: "This coupon has already been used",
  coupon_expired: "This coupon has expired",
  coupon_revoked: "This coupon has already been revoked",
  coupon_not_found: "Invalid coupon code",
  // The ledger's refusals (packages/domain ledger/messages.ts); most stay inside a transaction.
  insufficient_pending: "Pending balance is insufficient",
  invalid_points: "Points must be whole numbers",
  hold_exists: "This reservation already exists.",
  hold_already_posted: "This reservation was already completed.",
  hold_already_voided: "This reservation was already cancelled.",
  entry_not_found: "The entry to reverse does not exist.",
  already_converted: "These pending points were already converted.",
  coupon_not_available: "This coupon is no longer available.",
  program_in_use: "This reward has issued coupons, so it can't be deleted. Turn it off instead.",
  webhook_unauthorized: "The webhook signature is invalid.",
  webhook_headers_missing:
    "The webhook is missing X-Shopify-Topic, X-Shopify-Shop-Domain or X-Shopify-Webhook-Id.",
  webhook_not_failed: "Only a failed delivery can be processed again.",
  platform_unavailable: "The store platform did not answer as expected. Please try again in a moment.",
  internal_error: "Something went wrong on our side. Please try again.",
  // Referrals (E-08, E-09, issue 18): the storefront's words; the refusal reason travels in `errors`.
  referral_limit: "You have reached the referral limit",
  referral_code_unknown: "Account not found",
  referral_email_referred: "This email has already been referred",
  referral_refused: "This referral cannot be accepted",
  referral_link_failed: "Failed to create referral link",
  referral_export_empty: "No referrals found to export",
  referral_export_failed: "Failed to export referrals",
  referral_export_link_invalid: "This download link is not valid",
  referral_export_expired: "This download link has expired. Export the referrals again.",
  analytics_export_link_invalid: "This export link is not valid or has expired. Export the report again.",
  // VIP tiers (issue 10, I-10, I-12).
  tier_settings_locked: "VIP Tier is enabled, you must disable this feature to change settings",
  tier_run_in_progress: "A tier calculation is running. Changes are possible once it has finished.",
  // Customer sync with the platform (J-20, J-21).
  customer_not_on_platform: "This customer no longer exists in the store.",
  customer_resync_failed: "Failed to re-sync customers",
  tag_past_orders_failed: "Failed to tag past orders",
  export_expired: "This export's file has expired. Export again to get a new one.",
  tiers_missing: "Add at least one tier before launching VIP tiers.",
  tier_not_launched: "VIP tiers are not launched.",
  tier_direct_change_basis: "A direct tier change needs tiers calculated by points earned.",
  tier_rewards_in_use: "Programs still give VIP tier rewards. Turn them off before deactivating VIP tiers.",
  // B2B partner tiers (I-19 … I-21, X-22, decision 0174).
  b2b_requirements_unmet:
    "B2B partner tiers need the Advanced plan or higher, a Shopify Plus store and access to companies, catalogs and company contacts.",
  b2b_tier_settings_locked: "B2B Tier is enabled, you must disable this feature to change settings",
  b2b_tiers_missing: "Add at least one tier before launching B2B partner tiers.",
  b2b_tier_not_launched: "B2B partner tiers are not launched.",
  b2b_not_company_member: "This customer does not buy for a company, so has no B2B partner tier.",
  // Tier import (J-11) and the migration's tier rule (J-14), decision 0167.
  tier_import_replace_column:
    "Your VIP tiers are calculated by {{basis}}: replace the column '{{found}}' with '{{expected}}'.",
  tier_import_missing_column:
    "Your file is missing the {{expected}} header: your VIP tiers are calculated by {{basis}}.",
  tier_rule_base: "Exactly one base tier with entry requirement 0 is required",
  tier_rule_duplicate_requirement: "Duplicate entry requirement",
  tier_rule_duplicate_name: "Duplicate tier name",
  // E-mail (L-04, L-10).
  notification_not_found: "This notification does not exist.",
  mail_test_failed: "Failed to send mail test",
  mail_link_invalid: "This link is not valid.",
  // Friend invitations from the widget (decision 0131).
  referral_invite_unavailable: "Invitations by e-mail are not available for your account",
  referral_invite_self: "You cannot invite yourself",
  referral_invite_repeat: "You have already invited this friend",
  referral_invite_limit: "You have sent the most invitations allowed today. Please try again tomorrow.",
  // E-mail delivery (L-06 … L-08, L-10; decision 0110).
  smtp_save_failed: "Failed to save connection",
  smtp_test_failed: "Failed to send test mail",
  smtp_not_configured: "Set up the SMTP connection first.",
  mail_domain_add_failed: "Failed to add domain",
  mail_domain_verify_failed: "Failed to verify domain",
  mail_domain_not_found: "Failed to load domain",
  mail_sender_unverified: "Email is not verified. Please check your email and verify.",
  mail_sender_status_failed: "Fail to fetch new status!",
  mail_send_failed: "Failed to send email. Please try again later.",
  // Earning from events (issue 15 part 2, decision 0100).
  inbound_unauthorized: "The signature is missing, expired or not valid.",
  google_maps_link: "You must enter a link from Google Maps",
  // G-07: its own code, so the widget shows the shop's translation (decision 0157).
  birthday_invalid: "Birthday is invalid",
  google_review_unavailable: "Google Maps review is not available",
  google_review_submitted: "You have already submitted this link",
  earn_limit_reached: "You have reached the earning limit for this program",
  earn_event_decided: "This review has already been decided.",
  growth_claim_failed: "Failed to claim free order.",
  program_not_custom: "This program is not an active custom program.",
  // Membership (issue 10, I-23, D-19).
  automatic_discount_limit: "Automatic Discount Limit Reached",
  exclusive_deal_unavailable: "This members-only deal is not available to you",
  tier_tags_off: "Auto-tagging is off: set a tag prefix to tag customers with their tier",
  // Retroactive syncs (C-27, X-47, decision 0165): the spec's words.
  sync_program_disabled: "{{program}} program is not enabled",
  sync_no_place_order_program: "No active Place Order program found",
  prior_order_sync_locked: "Prior order sync has already run. Contact support to run it again.",
  prior_order_sync_not_locked: "This shop's prior order sync is not locked: the merchant can start it.",
  prior_order_sync_running: "The prior order sync is still running. Unlock it once it has finished.",
  sync_failed: "Failed to sync points",
  // Customers (issue 9, H-14).
  tier_adjust_exclusive: "Tier-point adjustment is unavailable for exclusive tiers",
} as const;

export type ErrorCode = keyof typeof errorMessages;
