import type { WebhookTopicHandler } from "../modules/webhooks/webhook-handler";
import { appScopesUpdate } from "./app-scopes-update.webhook";
import { appSubscriptionsUpdate } from "./app-subscriptions-update.webhook";
import { appUninstalled } from "./app-uninstalled.webhook";
import { customersUpsert } from "./customers-create.webhook";
import { customersDataRequest } from "./customers-data-request.webhook";
import { customersDelete } from "./customers-delete.webhook";
import { customersRedact } from "./customers-redact.webhook";
import {
  ordersCancelled,
  ordersCreate,
  ordersFulfilled,
  ordersPaid,
  refundsCreate,
} from "./orders/orders.webhook";
import { productsUpdate } from "./products-update.webhook";
import { shopRedact } from "./shop-redact.webhook";

/** Topic → handler. A topic without a handler is acknowledged and ignored. */
export const webhookHandlers: Record<string, WebhookTopicHandler> = {
  "app/uninstalled": appUninstalled,
  "app/scopes_update": appScopesUpdate,
  "app_subscriptions/update": appSubscriptionsUpdate,
  "customers/create": customersUpsert,
  "customers/update": customersUpsert,
  "customers/delete": customersDelete,
  "customers/data_request": customersDataRequest,
  "customers/redact": customersRedact,
  "shop/redact": shopRedact,
  "orders/create": ordersCreate,
  "orders/paid": ordersPaid,
  "orders/fulfilled": ordersFulfilled,
  "orders/cancelled": ordersCancelled,
  "refunds/create": refundsCreate,
  "products/update": productsUpdate,
};
