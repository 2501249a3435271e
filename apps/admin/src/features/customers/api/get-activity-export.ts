import { type ActivityExport, AUTH_HEADER, type Fail } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { API_BASE, api } from "../../../lib/api/client";
import { ApiError } from "../../../lib/api/errors";
import { tokenSource } from "../../../lib/auth/token-source";
import { customerKeys } from "../../../lib/query-keys";

/** `GET /apiSa/activities/exports/:id` (K-05): an activity export's progress; polled while it runs. */
export async function getActivityExport(id: string, signal?: AbortSignal) {
  return (await api.get<ActivityExport>(`/activities/exports/${encodeURIComponent(id)}`, signal)).data;
}

export function useActivityExport(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.activityExport(id ?? ""),
    queryFn: ({ signal }) => getActivityExport(id as string, signal),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data?.status === "queued" || query.state.data?.status === "running" ? 1_000 : false,
  });
}

/** `GET /apiSa/activities/exports/:id/file.csv`: the finished export, saved by the browser. */
export async function downloadActivityExport(id: string): Promise<void> {
  const res = await fetch(`${API_BASE}/activities/exports/${encodeURIComponent(id)}/file.csv`, {
    headers: { [AUTH_HEADER]: await tokenSource().getToken() },
  });
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as Fail | null;
    throw new ApiError({
      status: res.status,
      code: envelope?.code ?? "export_failed",
      message: envelope?.error ?? `HTTP ${res.status}`,
    });
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "activities.csv";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
