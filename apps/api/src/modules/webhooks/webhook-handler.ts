import type { ShopRow, Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";

export interface WebhookContext {
  shop: ShopRow;
  topic: string;
  webhookId: string;
  payload: unknown;
}

/** What a topic does: parse the payload and call the services, inside the given transaction. */
export type WebhookHandler = (deps: Deps, trx: Tx, ctx: WebhookContext) => Promise<void>;

/**
 * A topic whose deliveries are applied together, set-based (the order topics): each delivery is
 * parsed on its own (a bad one is found and parked alone), then one shop's consecutive deliveries
 * of every topic sharing the `batch` name are applied by one `applyMany` call, in arrival order.
 */
export interface BatchedWebhookTopic<N = unknown> {
  batch: string;
  parse(ctx: WebhookContext): N;
  applyMany(deps: Deps, trx: Tx, shop: ShopRow, items: N[]): Promise<void>;
}

export type WebhookTopicHandler = WebhookHandler | BatchedWebhookTopic;
export type WebhookHandlers = Readonly<Record<string, WebhookTopicHandler>>;
