import { Readable } from "node:stream";
import type { CustomerListTab } from "@laurel/contracts";
import { minimumPlanFor, planAllows, planRankOf, planTierDisplayName } from "@laurel/domain";
import { stringify } from "csv-stringify";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { getShopOrThrow } from "../shops/shops.service";
import { presentCustomer } from "./customers.admin";
import * as repo from "./customers.repository";

/** Rows read per keyset page while streaming: memory stays flat whatever the shop's size. */
const EXPORT_BATCH = 1_000;

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab or carriage return first) gets a
 * leading apostrophe, as OWASP advises against CSV injection. Only text cells: the numbers are ours.
 */
export function neutraliseCell(value: string | null): string {
  if (value === null) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const HEADER = [
  "Customer ID",
  "Email",
  "First name",
  "Last name",
  "Phone",
  "Birthday",
  "Type",
  "B2B",
  "Points",
  "Pending points",
  "Joined",
  "Customer since",
  "Last update",
];

/**
 * J-15: the customers of a tab (and search) as CSV, streamed page by page in creation order
 * (newest first). Essential plan and above; the gate answers 403 `plan_required` before any byte.
 */
export async function exportCustomersCsv(
  deps: Deps,
  shopId: string,
  q: { tab: CustomerListTab; search?: string | undefined },
): Promise<Readable> {
  const shop = await getShopOrThrow(deps, shopId);
  if (!planAllows(planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }), "export")) {
    const plan = planTierDisplayName(minimumPlanFor("export"));
    throw new AppError("plan_required", 403, `Export is available on the ${plan} plan and above.`);
  }
  async function* rows() {
    yield HEADER;
    let after: repo.ListKey | undefined;
    for (;;) {
      const page = await repo.listCustomersKeyset(deps.db, shopId, {
        tab: q.tab,
        sort: "newest",
        search: q.search || undefined,
        after,
        limit: EXPORT_BATCH,
      });
      for (const row of page.slice(0, EXPORT_BATCH)) {
        const c = presentCustomer(row);
        yield [
          neutraliseCell(c.platformCustomerId),
          neutraliseCell(c.email),
          neutraliseCell(c.firstName),
          neutraliseCell(c.lastName),
          neutraliseCell(c.phone),
          neutraliseCell(c.birthday),
          c.type,
          c.isB2b ? "yes" : "no",
          String(c.availablePoints),
          String(c.pendingPoints),
          c.joinedAt ?? "",
          c.createdAt,
          c.updatedAt,
        ];
      }
      const last = page[EXPORT_BATCH - 1];
      if (page.length <= EXPORT_BATCH || !last) return;
      after = [last.sort_key, last.id];
    }
  }
  // A BOM so spreadsheet apps read UTF-8 names right.
  return Readable.from(rows()).pipe(stringify({ bom: true, record_delimiter: "\r\n" }));
}
