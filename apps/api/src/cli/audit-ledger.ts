import { migrate, openDatabase } from "@laurel/db";
import { ConfigError, loadConfig } from "../infra/env";
import { auditLedger } from "../modules/ledger/ledger.service";

/**
 * `npm run audit:ledger`: proves every cached balance equals the sum of its entries and every
 * hold's entries match its state. Exits 1 on any mismatch, listing them.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    const report = await auditLedger(database.db);
    const problems = report.balanceMismatches.length + report.holdMismatches.length;
    for (const m of report.balanceMismatches) {
      console.log(
        `balance mismatch ${m.shop_id}/${m.id}: cached ${m.available_points}/${m.pending_points}/${m.tier_points}, entries ${m.sum_available}/${m.sum_pending}/${m.sum_tier} (available/pending/tier)`,
      );
    }
    for (const h of report.holdMismatches)
      console.log(`hold ${h.shop_id}/${h.id} (${h.state}): ${h.problem}`);
    console.log(
      problems === 0
        ? "Ledger audit: every balance and hold is consistent."
        : `Ledger audit: ${problems} problem(s).`,
    );
    process.exitCode = problems === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
});
