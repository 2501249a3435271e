import { buildApp, seedDemoPartnerAccount, seedDemoStore } from "./app";
import { ConfigError, loadConfig } from "./infra/env";
import { explainListenError, StartupError } from "./infra/startup-errors";
import { closeRuntime, createRuntime, startWorker } from "./runtime";
import { seedDemoAnalytics } from "./seed/demo-analytics";
import { seedDemoCustomers } from "./seed/demo-customers";
import { seedDemoEarnDates } from "./seed/demo-earn-dates";
import { seedDemoEarnEvents } from "./seed/demo-earn-events";
import { seedDemoEmails } from "./seed/demo-emails";
import { seedDemoMail } from "./seed/demo-mail";
import { seedDemoMembers } from "./seed/demo-members";
import { seedDemoMembership } from "./seed/demo-membership";
import { seedDemoLoyaltyPage, seedDemoOnsite } from "./seed/demo-onsite";
import { seedDemoPriorOrders } from "./seed/demo-prior-orders";
import { seedDemoPrograms } from "./seed/demo-programs";
import { seedDemoReferrals } from "./seed/demo-referrals";
import { DEMO_MERCHANT, DEMO_SHOPPERS, DEMO_STAFF, seedDemoShop, seedDemoShoppers } from "./seed/demo-shop";
import { seedDemoB2bTiers, seedDemoTiers } from "./seed/demo-tiers";

async function main() {
  const config = loadConfig();
  const deps = await createRuntime(config);
  if (config.seedDemo) await seedDemoShop(deps);
  if (config.seedDemo && config.platform === "demo") {
    // The shop's past first: Ava and Ben join as they did months ago, before the shoppers' seed.
    await seedDemoMembers(deps);
    await seedDemoReferrals(deps);
    await seedDemoCustomers(deps);
    // A shopper whose guest orders never earned, for the past-order sync (decision 0165).
    await seedDemoPriorOrders(deps);
    await seedDemoShoppers(deps);
    await seedDemoTiers(deps);
    await seedDemoB2bTiers(deps);
    await seedDemoStore(deps);
    await seedDemoPartnerAccount(deps);
    await seedDemoPrograms(deps);
    await seedDemoEmails(deps);
    await seedDemoMail(deps);
    await seedDemoEarnDates(deps);
    await seedDemoEarnEvents(deps);
    await seedDemoMembership(deps);
    await seedDemoOnsite(deps);
    await seedDemoLoyaltyPage(deps);
    await seedDemoAnalytics(deps);
  }
  if (config.workerInProcess) await startWorker(deps);
  const app = await buildApp(deps, { logger: true });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const explained = explainListenError(error, config);
    if (!explained) throw error;
    await app.close();
    await closeRuntime(deps);
    throw explained;
  }

  const lines = [
    "",
    `Laurel is running on ${config.appUrl}`,
    `  database: ${deps.database.engine === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL"}`,
    `  worker:   ${config.workerInProcess ? "in this process" : "none here: run `npm run worker`"}`,
  ];
  if (config.seedDemo) {
    lines.push(
      `  admin:    ${config.appUrl}/auth/login`,
      `  sign in:  ${DEMO_MERCHANT.email} / ${DEMO_MERCHANT.password}`,
      `  staff:    ${DEMO_STAFF.email} / ${DEMO_STAFF.password} (internal zone /dev_zone)`,
    );
  }
  if (config.seedDemo && config.platform === "demo") {
    lines.push(
      `  store:    ${config.appUrl}/demo-store (demo shoppers: ${DEMO_SHOPPERS.map((s) => `${s.email} / ${s.password}`).join(", ")})`,
    );
  }
  if (!config.smtpUrl)
    lines.push(`  mailbox:  ${config.appUrl}/dev/mailbox (every e-mail sent; signed in as the merchant)`);
  console.log(lines.join("\n"));

  const shutdown = async () => {
    await app.close();
    await closeRuntime(deps);
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error) => {
  // A setting's fault gets one plain line; anything else its stack.
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
