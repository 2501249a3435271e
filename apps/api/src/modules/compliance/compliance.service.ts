import type { Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { collectCustomerData } from "../customers/customers.service";
import * as repo from "./compliance.repository";

/** customers/data_request: assemble the shopper's data now, for the merchant to download and send. */
export async function recordDataRequest(
  deps: Deps,
  trx: Tx,
  shopId: string,
  request: { dataRequestId: string; platformCustomerId: string; ordersRequested: string[] },
) {
  const data = await collectCustomerData(trx, shopId, request.platformCustomerId);
  await repo.insertExport(trx, {
    shopId,
    id: deps.newId("dsr"),
    dataRequestId: request.dataRequestId,
    platformCustomerId: request.platformCustomerId,
    data: { ...data, ordersRequested: request.ordersRequested, generatedAt: deps.clock.now().toISOString() },
  });
}

export async function listDataExports(deps: Deps, shopId: string) {
  const rows = await repo.listExports(deps.db, shopId);
  return rows.map((r) => ({
    id: r.id,
    dataRequestId: r.data_request_id,
    platformCustomerId: r.platform_customer_id,
    requestedAt: r.requested_at.toISOString(),
  }));
}

export async function getDataExport(deps: Deps, shopId: string, id: string) {
  const row = await repo.findExport(deps.db, shopId, id);
  if (!row) throw new AppError("not_found", 404);
  return {
    id: row.id,
    dataRequestId: row.data_request_id,
    requestedAt: row.requested_at.toISOString(),
    data: row.data,
  };
}
