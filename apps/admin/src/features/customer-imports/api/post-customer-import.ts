import {
  AUTH_HEADER,
  type CustomerImportKindName,
  type CustomerImportUploadResponse,
  type Envelope,
  type MigrationMapping,
  type MigrationSource,
  type MigrationTierRule,
} from "@laurel/contracts";
import { API_BASE } from "../../../lib/api/client";
import { ApiError } from "../../../lib/api/errors";
import { tokenSource } from "../../../lib/auth/token-source";

/**
 * `POST /apiSa/customers/imports` (J-07 … J-10): the file itself is the body (the browser streams
 * it), so not through `api`, which sends JSON. Answers the checked import and its first refused rows.
 */
export async function postCustomerImport(params: {
  file: File;
  kind: CustomerImportKindName;
  mode: "add" | "reset";
  /** Migrations (J-13): the app the file comes from and the file's header for each column. */
  source?: MigrationSource;
  mapping?: MigrationMapping;
  /** The migration's tier step (J-14): the file's tier name column and the rule for its names. */
  tierColumn?: string;
  tierRule?: MigrationTierRule;
}): Promise<CustomerImportUploadResponse> {
  const q = new URLSearchParams({ kind: params.kind, fileName: params.file.name });
  if (params.kind === "points") q.set("mode", params.mode);
  if (params.source) q.set("source", params.source);
  for (const [column, header] of Object.entries(params.mapping ?? {})) {
    if (header) q.set(`${column}Column`, header);
  }
  if (params.tierColumn && params.tierRule) {
    q.set("tierColumn", params.tierColumn);
    q.set("tierRule", JSON.stringify(params.tierRule));
  }
  const send = async () =>
    fetch(`${API_BASE}/customers/imports?${q.toString()}`, {
      method: "POST",
      headers: { [AUTH_HEADER]: await tokenSource().getToken(), "content-type": "text/csv" },
      body: params.file,
    });
  let res = await send();
  if (res.status === 401) {
    tokenSource().invalidate();
    res = await send();
  }
  const envelope = (await res.json().catch(() => null)) as Envelope<CustomerImportUploadResponse> | null;
  if (res.ok && envelope?.success) return envelope.data;
  const fail = envelope && !envelope.success ? envelope : null;
  throw new ApiError({
    status: res.status,
    code: fail?.code ?? "import_failed",
    message: fail?.error ?? `HTTP ${res.status}`,
    ...(fail?.error ? { serverError: fail.error } : {}),
    ...(fail?.errors ? { errors: fail.errors } : {}),
  });
}
