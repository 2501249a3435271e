import type { ReferralExportResult } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/**
 * `POST /apiSa/referrals/export` (E-12): a job builds the CSV and e-mails the shop a download link.
 * Fails with `referral_export_empty` ('No referrals found to export') when none match.
 */
export function postReferralsExport(filter: { status?: string }) {
  return api.post<ReferralExportResult>("/referrals/export", filter.status ? { status: filter.status } : {});
}

export function useExportReferrals() {
  return useMutation({ mutationFn: postReferralsExport });
}
