/** E-mail notifications (issue 11): one query-key factory for the resource (DESIGN §6). */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: () => [...notificationKeys.all, "list"] as const,
  detail: (event: string) => [...notificationKeys.all, "detail", event] as const,
  preview: (event: string, language?: string) =>
    [...notificationKeys.all, "preview", event, language ?? "primary"] as const,
};
