import { z } from "zod";
import {
  proxyReferralPopup,
  proxyReferralPopupQuery,
  referralBrandingResponse,
  referralBrandingSchema,
  referralExportBody,
  referralExportDownloadQuery,
  referralExportResult,
} from "./referral-pages";
import {
  proxyReferralClaimBody,
  proxyReferralClaimResult,
  proxyReferralQuery,
  proxyReferralView,
  referralListQuery,
  referralListResponse,
  referralSettingsResponse,
  referralSettingsSchema,
  referralWhitelistBody,
  referralWhitelistQuery,
  referralWhitelistResponse,
} from "./referrals";

/** The referral routes of `apiRoutes` (issue 18), kept here so the shared table grows by one line. */
export const referralRoutes = {
  "GET /apiSa/referral/settings": {
    summary:
      "Referral program settings, with the plan's cap and this cycle's completed referrals (E-02, E-06)",
    guard: "admin",
    response: referralSettingsResponse,
  },
  "PUT /apiSa/referral/settings": {
    summary: "Save the referral program settings (E-04 validation)",
    guard: "admin",
    body: referralSettingsSchema,
    response: referralSettingsResponse,
  },
  "GET /apiSa/referrals": {
    summary: "Referral activity, newest first, by status, with counts (E-12)",
    guard: "admin",
    query: referralListQuery,
    response: referralListResponse,
  },
  "GET /apiSa/referrals/export": {
    summary: "Referral activity as a CSV file download (E-12)",
    guard: "admin",
    query: referralListQuery,
    response: z.string(),
  },
  "POST /apiSa/referrals/export": {
    summary: "E-mail the referral activity as a CSV: a job builds it and e-mails a signed link (E-12)",
    guard: "admin",
    body: referralExportBody,
    response: referralExportResult,
  },
  "GET /exports/referrals/:shopId/:id": {
    summary: "The e-mailed referral export (CSV), by its signed link, until it expires (E-12)",
    guard: "public",
    query: referralExportDownloadQuery,
    response: z.string(),
  },
  "GET /apiSa/referral/branding": {
    summary: "The referral pages' design: invite card and friend popup (E-13)",
    guard: "admin",
    response: referralBrandingResponse,
  },
  "PUT /apiSa/referral/branding": {
    summary: "Save the referral pages' design (E-13)",
    guard: "admin",
    body: referralBrandingSchema,
    response: referralBrandingResponse,
  },
  "GET /apiSa/referral/whitelist": {
    summary: "Customers on the referral whitelist (E-10)",
    guard: "admin",
    query: referralWhitelistQuery,
    response: referralWhitelistResponse,
  },
  "POST /apiSa/referral/whitelist": {
    summary: "Add customers (ids or e-mails) to the referral whitelist (E-10)",
    guard: "admin",
    body: referralWhitelistBody,
    response: referralWhitelistResponse,
  },
  "POST /apiSa/referral/whitelist/remove": {
    summary: "Remove customers from the referral whitelist (E-10)",
    guard: "admin",
    body: referralWhitelistBody,
    response: referralWhitelistResponse,
  },
  "GET /proxy/referral": {
    summary: "Storefront: the shopper's referral link and code, and their referral counts (E-09)",
    guard: "proxy",
    query: proxyReferralQuery,
    response: proxyReferralView,
  },
  "GET /proxy/referral/popup": {
    summary: "Storefront: the referral popup for a friend who opened a link, texts filled (E-13)",
    guard: "proxy",
    query: proxyReferralPopupQuery,
    response: proxyReferralPopup,
  },
  "POST /proxy/referral/claim": {
    summary: "Storefront: a signed-in friend claims a referral code (E-03 checks); the friend's reward",
    guard: "proxy",
    body: proxyReferralClaimBody,
    response: proxyReferralClaimResult,
  },
} as const;
