import { proxyBirthdayBody, proxySocialBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { offsetClock } from "../../infra/clock";
import type { Deps } from "../../infra/deps";
import { AppError, parseInput } from "../../infra/errors";
import { ok, requireProxy } from "../../infra/http";
import { SESSION_COOKIE } from "../auth/auth.routes";
import { authenticateAdmin, issueToken } from "../auth/auth.service";
import { expiryReminderSettings } from "../mail/mail.service";
import { remindOfExpiringPoints } from "../point-expiry/point-expiry.service";
import { proxyRateLimitKey } from "../storefront/proxy.guard";
import {
  claimShopperBirthday,
  completeSocialAction,
  getEarnDatesView,
  grantShopDateRewards,
  recordShopperVisit,
  setShopPlanForTests,
  setShopperBirthday,
  setStorePlanForTests,
} from "./earn-dates.service";

/**
 * Storefront routes of birthday, anniversary, visit, streak and social (issue 15, part 1), behind
 * the app proxy. The storefront module's preHandler verifies the signature of every `proxy` route.
 */
export function registerEarnDatesRoutes(app: FastifyInstance, deps: Deps): void {
  const proxy = {
    config: {
      guard: "proxy" as const,
      rateLimit: { max: deps.config.proxyRateLimit, timeWindow: "1 minute", keyGenerator: proxyRateLimitKey },
    },
  };
  app.get("/proxy/earn-dates", proxy, async (request) =>
    ok(await getEarnDatesView(deps, requireProxy(request))),
  );
  app.post("/proxy/birthday", proxy, async (request) => {
    const { birthday } = parseInput(proxyBirthdayBody, request.body);
    return ok(await setShopperBirthday(deps, requireProxy(request), birthday), "Birthday saved");
  });
  app.post("/proxy/birthday/claim", proxy, async (request) =>
    ok(await claimShopperBirthday(deps, requireProxy(request))),
  );
  app.post("/proxy/visit", proxy, async (request) =>
    ok(await recordShopperVisit(deps, requireProxy(request))),
  );
  app.post("/proxy/social", proxy, async (request) => {
    const { programId } = parseInput(proxySocialBody, request.body);
    return ok(await completeSocialAction(deps, requireProxy(request), programId));
  });

  // e2e only (TEST_CLOCK=1 on the demo platform): move the server's clock forward to reach a
  // birthday or the next day of a streak; `reset` brings it back. Needs the merchant's session.
  const clock = deps.clock as Partial<ReturnType<typeof offsetClock>>;
  if (deps.config.testClock && clock.advance && clock.reset) {
    const body = z.strictObject({
      days: z.number().int().min(0).max(3_660).optional(),
      reset: z.boolean().optional(),
      plan: z.enum(["free", "pro_3", "advanced"]).optional(),
      /** The demo store's Shopify plan (decision 0174: B2B partner tiers need Plus). */
      storePlan: z.enum(["basic", "plus"]).optional(),
      /** Run the shop's daily birthday and anniversary pass now (the job runs hourly). */
      runDailyPass: z.boolean().optional(),
      /** Run the shop's point-expiry reminders now (L-05; the job runs hourly). */
      runExpiryReminders: z.boolean().optional(),
    });
    app.post("/dev/clock", { config: { guard: "session" as const } }, async (request) => {
      const { days, reset, plan, storePlan, runDailyPass, runExpiryReminders } = parseInput(
        body,
        request.body ?? {},
      );
      if (!request.cookies[SESSION_COOKIE]) throw new AppError("unauthenticated", 401);
      const admin = await authenticateAdmin(
        deps,
        (await issueToken(deps, request.cookies[SESSION_COOKIE])).token,
      );
      if (plan) await setShopPlanForTests(deps, admin.shopId, plan);
      if (storePlan) await setStorePlanForTests(deps, admin.shopId, storePlan);
      if (reset) clock.reset?.();
      if (days) clock.advance?.(days * 86_400_000);
      let granted = 0;
      for (let after: string | null = null, more = runDailyPass === true; more; ) {
        const batch = await grantShopDateRewards(deps, admin.shopId, after);
        granted += batch.granted;
        after = batch.next?.after ?? null;
        more = after !== null;
      }
      let reminded = 0;
      if (runExpiryReminders) {
        const reminders = await expiryReminderSettings(deps, admin.shopId);
        if (reminders) reminded = await remindOfExpiringPoints(deps, admin.shopId, reminders);
      }
      return ok({ now: deps.clock.now().toISOString(), granted, reminded });
    });
  }
}
