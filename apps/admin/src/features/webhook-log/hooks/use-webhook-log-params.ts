import { type WebhookDeliveryStatus, webhookDeliveryStatuses } from "@laurel/contracts";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { DeliveryRef } from "../api/post-webhook-retry";

/**
 * The log's filters, page and open dialogs, all in the URL (DESIGN §6): `shop`, `status`, `topic`;
 * `pages` = the cursors of the pages walked through (the last is the current page, so Previous
 * works after a reload); `delivery` = the detail open, `retry` = the confirmation open, each as
 * `<shopId>/<webhookId>`.
 */
export interface WebhookLogUrlState {
  shop: string | undefined;
  status: WebhookDeliveryStatus | undefined;
  topic: string | undefined;
  cursors: string[];
  delivery: DeliveryRef | null;
  retry: DeliveryRef | null;
}

const isStatus = (v: string | null): v is WebhookDeliveryStatus =>
  v !== null && (webhookDeliveryStatuses as readonly string[]).includes(v);

export function refToParam(ref: DeliveryRef): string {
  return `${ref.shopId}/${ref.webhookId}`;
}

function refFromParam(value: string | null): DeliveryRef | null {
  if (!value) return null;
  const slash = value.indexOf("/");
  if (slash <= 0 || slash === value.length - 1) return null;
  return { shopId: value.slice(0, slash), webhookId: value.slice(slash + 1) };
}

export function useWebhookLogParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<WebhookLogUrlState>(() => {
    const status = params.get("status");
    return {
      shop: params.get("shop") || undefined,
      status: isStatus(status) ? status : undefined,
      topic: params.get("topic") || undefined,
      cursors: (params.get("pages") ?? "").split(",").filter((c) => /^\d+$/.test(c)),
      delivery: refFromParam(params.get("delivery")),
      retry: refFromParam(params.get("retry")),
    };
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  const actions = useMemo(
    () => ({
      /** A new filter starts again from the newest page. */
      setFilter: (key: "shop" | "status" | "topic", value: string | undefined) =>
        update({ [key]: value, pages: undefined }),
      nextPage: (cursor: string) => update({ pages: [...state.cursors, cursor].join(",") }),
      previousPage: () => update({ pages: state.cursors.slice(0, -1).join(",") || undefined }),
      openDelivery: (ref: DeliveryRef | null) => update({ delivery: ref ? refToParam(ref) : undefined }),
      /** From the detail or the table: the detail closes, the confirmation opens. */
      askRetry: (ref: DeliveryRef | null) =>
        update({ retry: ref ? refToParam(ref) : undefined, delivery: undefined }),
    }),
    [state.cursors, update],
  );

  return { ...state, ...actions };
}
