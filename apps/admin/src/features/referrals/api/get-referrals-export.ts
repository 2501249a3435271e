import { AUTH_HEADER } from "@laurel/contracts";
import { tokenSource } from "../../../lib/auth/token-source";

/**
 * `GET /apiSa/referrals/export`: the list as a CSV file, saved by the browser (E-12; by e-mail once
 * e-mail exists). Resolves false when there is nothing to export ('No referrals found to export').
 */
export async function downloadReferralsCsv(status: string): Promise<boolean> {
  const query = status ? `?status=${encodeURIComponent(status)}` : "";
  const res = await fetch(`/apiSa/referrals/export${query}`, {
    headers: { [AUTH_HEADER]: await tokenSource().getToken() },
  });
  if (res.status === 404) return false;
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = "referrals.csv";
  a.click();
  URL.revokeObjectURL(url);
  return true;
}
