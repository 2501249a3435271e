import type { EmailLogParams } from "./get-email-log";

/** The notification log (L-02): one query-key factory for the resource (DESIGN §6). */
export const emailLogKeys = {
  all: ["email-log"] as const,
  list: (params: EmailLogParams) => [...emailLogKeys.all, "list", params] as const,
};
