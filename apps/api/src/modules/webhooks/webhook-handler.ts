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
export type WebhookHandlers = Readonly<Record<string, WebhookHandler>>;
