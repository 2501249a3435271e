import {
  notificationEventSchema,
  notificationLogQuery,
  notificationPreviewQuery,
  notificationToolBody,
  postMailDomainBody,
  proxyReferralInviteBody,
  putMailSenderBody,
  putNotificationBody,
  putSmtpBody,
  testNotificationBody,
  verifySmtpBody,
} from "@laurel/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { AppError, parseInput } from "../../infra/errors";
import { ok, requireAdmin, requireProxy } from "../../infra/http";
import { SESSION_COOKIE } from "../auth/auth.routes";
import { authenticateAdmin, issueToken } from "../auth/auth.service";
import { proxyRateLimitKey, storefrontVisitorAddress } from "../storefront/proxy.guard";
import * as delivery from "./mail.delivery";
import { inviteFriend } from "./mail.invitations";
import { verifyLink } from "./mail.links";
import { renderMailboxMessage, renderMailboxPage } from "./mail.mailbox";
import * as mail from "./mail.service";

const admin = { config: { guard: "admin" as const } };
const open = { config: { guard: "public" as const } };
const session = { config: { guard: "session" as const } };

const eventParams = z.object({ event: notificationEventSchema });
const idParams = z.object({ id: z.string().min(1).max(100) });
const linkParams = z.object({
  shopId: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
  sig: z.string().min(1).max(100),
});
const clickParams = z.object({ shopId: z.string().min(1).max(100), id: z.string().min(1).max(100) });
const clickQuery = z.object({ u: z.string().min(1).max(2000), s: z.string().min(1).max(100) });

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(html);

/** E-mail notifications (issue 11, L-01 … L-04): settings, preview, test send, log, tracking, mailbox. */
export function registerMailRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/notifications", admin, async (request) =>
    ok(await mail.listNotificationSettings(deps, requireAdmin(request).shopId)),
  );

  app.get("/apiSa/notifications/log", admin, async (request) => {
    const query = parseInput(notificationLogQuery, request.query);
    return ok(await mail.listNotificationLog(deps, requireAdmin(request).shopId, query));
  });

  app.post("/apiSa/notifications/log/:id/resend", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    return ok(await mail.resendNotification(deps, auth.shopId, auth, id), "Queued to be sent again");
  });

  app.get("/apiSa/notifications/:event", admin, async (request) => {
    const { event } = parseInput(eventParams, request.params);
    return ok(await mail.getNotificationSettings(deps, requireAdmin(request).shopId, event));
  });

  // A logo of up to 2 MB arrives base64-encoded (a third larger) inside the JSON body.
  app.put("/apiSa/notifications/:event", { ...admin, bodyLimit: 4 * 1024 * 1024 }, async (request) => {
    const auth = requireAdmin(request);
    const { event } = parseInput(eventParams, request.params);
    const body = parseInput(putNotificationBody, request.body);
    return ok(
      await mail.updateNotificationSettings(deps, auth.shopId, auth, event, body),
      "Save successfully",
    );
  });

  app.get("/apiSa/notifications/:event/preview", admin, async (request) => {
    const { event } = parseInput(eventParams, request.params);
    const { language } = parseInput(notificationPreviewQuery, request.query);
    return ok(await mail.previewNotification(deps, requireAdmin(request).shopId, event, language));
  });

  app.post("/apiSa/notifications/:event/test", admin, async (request) => {
    const auth = requireAdmin(request);
    const { event } = parseInput(eventParams, request.params);
    const { email } = parseInput(testNotificationBody, request.body);
    await mail.sendTestNotification(deps, auth.shopId, event, email);
    return ok({ sent: true }, "Test e-mail sent");
  });

  // How e-mails leave (L-06 … L-09, decision 0110). Secrets go in, never out.
  app.get("/apiSa/mail/delivery", admin, async (request) =>
    ok(await delivery.getMailDelivery(deps, requireAdmin(request).shopId)),
  );
  app.put("/apiSa/mail/smtp", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(putSmtpBody, request.body);
    return ok(await delivery.saveSmtpSettings(deps, auth.shopId, auth, body), "Save successfully");
  });
  app.post("/apiSa/mail/smtp/verify", admin, async (request) => {
    const auth = requireAdmin(request);
    const { email } = parseInput(verifySmtpBody, request.body);
    return ok(await delivery.verifySmtpSettings(deps, auth.shopId, auth, email), "Test mail sent");
  });
  app.delete("/apiSa/mail/smtp", admin, async (request) => {
    const auth = requireAdmin(request);
    await delivery.removeSmtpSettings(deps, auth.shopId, auth);
    return ok({ removed: true });
  });
  app.post("/apiSa/mail/domain", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(postMailDomainBody, request.body);
    return ok({ domain: await delivery.addMailDomain(deps, auth.shopId, auth, body) });
  });
  app.post("/apiSa/mail/domain/verify", admin, async (request) => {
    const domain = await delivery.verifyMailDomain(deps, requireAdmin(request).shopId);
    const message =
      domain?.status === "verified"
        ? "Domain verified"
        : domain?.status === "partially_verified"
          ? `Domain partially verified. Missing: ${domain.missing.join(", ")}`
          : "Domain not verified yet. DNS changes can take 24-48 hours.";
    return ok({ domain }, message);
  });
  app.delete("/apiSa/mail/domain", admin, async (request) => {
    const auth = requireAdmin(request);
    await delivery.removeMailDomain(deps, auth.shopId, auth);
    return ok({ removed: true });
  });
  app.put("/apiSa/mail/sender", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(putMailSenderBody, request.body);
    return ok(await delivery.saveMailSender(deps, auth.shopId, auth, body), "Save successfully");
  });
  app.get("/mail/sender/:shopId/:sig", open, async (request, reply) => {
    const { shopId, sig } = parseInput(
      z.object({ shopId: z.string().min(1).max(100), sig: z.string().min(1).max(100) }),
      request.params,
    );
    const { e } = parseInput(z.object({ e: z.string().min(3).max(254) }), request.query);
    const done = await delivery.confirmMailSender(deps, shopId, sig, e);
    return sendHtml(
      reply,
      done ? 200 : 400,
      done
        ? "<!doctype html><title>Sender verified</title><p>Your sender address is verified.</p>"
        : "<!doctype html><title>Invalid link</title><p>This link is not valid.</p>",
    );
  });

  // L-14: Laurel staff send any template with sample values to any address, for support.
  app.post("/apiSa/dev_zone/notification_tool", { config: { guard: "staff" as const } }, async (request) => {
    const { shopId, event, email } = parseInput(notificationToolBody, request.body);
    await mail.sendTestNotification(deps, shopId, event, email);
    return ok({ sent: true }, "Test e-mail sent");
  });

  // Decision 0131: a shopper invites a friend from the widget. Besides the daily cap in the
  // service, at most 5 a minute per shopper, so a script cannot burst through it.
  const inviteLimit = { max: 5, timeWindow: "1 minute", keyGenerator: proxyRateLimitKey };
  app.post(
    "/proxy/referral/invite",
    { config: { guard: "proxy" as const, rateLimit: inviteLimit } },
    async (request) => {
      const body = parseInput(proxyReferralInviteBody, request.body);
      return ok(
        await inviteFriend(deps, requireProxy(request), body, storefrontVisitorAddress(request)),
        "Invitation sent",
      );
    },
  );

  // The shopper's side: signed links inside e-mails (public, verified by their signature).
  app.get("/mail/o/:shopId/:id/:sig", open, async (request, reply) => {
    const { shopId, id, sig } = parseInput(linkParams, request.params);
    if (verifyLink(deps.sessionSecret, "open", shopId, id, sig.replace(/\.gif$/, ""))) {
      await mail.recordOpen(deps, shopId, id);
    }
    return reply.header("content-type", "image/gif").header("cache-control", "no-store").send(PIXEL);
  });

  app.get("/mail/c/:shopId/:id", open, async (request, reply) => {
    const { shopId, id } = parseInput(clickParams, request.params);
    const { u, s } = parseInput(clickQuery, request.query);
    if (!verifyLink(deps.sessionSecret, "click", shopId, id, s, u) || !/^https?:\/\//.test(u)) {
      return sendHtml(reply, 400, "<!doctype html><title>Invalid link</title><p>This link is not valid.</p>");
    }
    await mail.recordClick(deps, shopId, id);
    return reply.redirect(u, 302);
  });

  const unsubscribe = async (params: unknown) => {
    const { shopId, id, sig } = parseInput(linkParams, params);
    if (!verifyLink(deps.sessionSecret, "unsubscribe", shopId, id, sig)) return false;
    return mail.unsubscribeByNotification(deps, shopId, id);
  };
  app.get("/mail/u/:shopId/:id/:sig", open, async (request, reply) => {
    const done = await unsubscribe(request.params);
    return sendHtml(
      reply,
      done ? 200 : 400,
      done
        ? "<!doctype html><title>Unsubscribed</title><p>You are unsubscribed and will receive no more e-mails from this store.</p>"
        : "<!doctype html><title>Invalid link</title><p>This link is not valid.</p>",
    );
  });
  // RFC 8058 one-click: mail clients POST the form `List-Unsubscribe=One-Click` to the same address;
  // the body is read as text (and not used) in this route's own scope only.
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
      done(null, body),
    );
    scope.post("/mail/u/:shopId/:id/:sig", { ...open, bodyLimit: 1024 }, async (request) => {
      if (!(await unsubscribe(request.params))) throw new AppError("mail_link_invalid", 400);
      return ok({ unsubscribed: true });
    });
  });

  app.get("/mail/logo/:shopId/:event", open, async (request, reply) => {
    const { shopId, event } = parseInput(
      z.object({ shopId: z.string().min(1).max(100), event: notificationEventSchema }),
      request.params,
    );
    const logo = await mail.findLogo(deps, shopId, event);
    if (!logo) return reply.code(404).send();
    return reply
      .header("content-type", logo.type)
      .header("cache-control", "public, max-age=300")
      .send(logo.bytes);
  });

  // The local catch-all mailbox (embedded mode without SMTP_URL): the signed-in merchant's shop only.
  if (!deps.config.smtpUrl) {
    const shopOfSession = async (cookie: string | undefined) => {
      const { token } = await issueToken(deps, cookie);
      return (await authenticateAdmin(deps, token)).shopId;
    };
    app.get("/dev/mailbox", session, async (request, reply) => {
      const shopId = await shopOfSession(request.cookies[SESSION_COOKIE]);
      return sendHtml(reply, 200, renderMailboxPage(await mail.listMailbox(deps, shopId)));
    });
    app.get("/dev/mailbox/:id", session, async (request, reply) => {
      const shopId = await shopOfSession(request.cookies[SESSION_COOKIE]);
      const { id } = parseInput(
        z.object({
          id: z.coerce
            .number()
            .int()
            .min(1)
            .max(2 ** 53),
        }),
        request.params,
      );
      const message = await mail.findMailboxMessage(deps, shopId, id);
      if (!message)
        return sendHtml(reply, 404, "<!doctype html><title>Not found</title><p>No such message.</p>");
      return sendHtml(reply, 200, await renderMailboxMessage(message));
    });
  }
}
