import { generateKeyPairSync } from "node:crypto";
import type {
  MailDelivery,
  MailDomain,
  MailSender,
  PostMailDomainBody,
  PutMailSenderBody,
  PutSmtpBody,
  SmtpSettings,
} from "@laurel/contracts";
import type { MailDomainRow, MailSenderRow, MailSmtpSettingsRow, ShopRow } from "@laurel/db";
import { minimumPlanFor, planAllows, planRankOf, planTierDisplayName } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { systemResolver } from "../../infra/dns";
import { AppError } from "../../infra/errors";
import { type Actor, auditWrite } from "../audit/audit.service";
import { getShopOrThrow } from "../shops/shops.service";
import { checkDomainRecords, domainRecords } from "./mail.dns";
import { signLink, verifyLink } from "./mail.links";
import * as repo from "./mail.repository";
import { openSecret, sealSecret } from "./mail.secrets";
import { type DeliveryRoute, deliverMail, type SmtpConnection } from "./mail.transport";

/**
 * How a shop's e-mails leave (issue 11, L-06 … L-09, decision 0110): its own SMTP server once a
 * real connection accepted a test message, else its verified sending domain (DKIM-signed, through
 * the default service), else the default service; the sender (L-08) names who it is from.
 */

/** Providers whose addresses a shop cannot send from without their SPF (L-08's warning). */
const PUBLIC_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "live.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "yandex.com",
  "proton.me",
  "protonmail.com",
  "mail.com",
  "zoho.com",
]);

const domainOf = (email: string) => email.split("@").pop()?.toLowerCase() ?? "";
const appHostOf = (deps: Deps) => new URL(deps.config.appUrl).hostname;

function requirePlan(shop: ShopRow, feature: "custom_domain" | "custom_sender") {
  if (!planAllows(planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }), feature)) {
    const plan = planTierDisplayName(minimumPlanFor(feature));
    throw new AppError("plan_required", 403, `This feature is available on the ${plan} plan and above.`);
  }
}

// --- L-06 custom SMTP ---

function presentSmtp(row: MailSmtpSettingsRow | undefined): SmtpSettings {
  return {
    configured: row !== undefined,
    host: row?.host ?? null,
    port: row?.port ?? null,
    secure: row?.secure ?? false,
    auth: row?.auth ?? true,
    username: row?.username ?? null,
    hasPassword: Boolean(row?.password_enc),
    verified: Boolean(row?.verified_at),
    verifiedAt: row?.verified_at?.toISOString() ?? null,
    lastError: row?.last_error ?? null,
  };
}

function connectionOf(deps: Deps, row: MailSmtpSettingsRow): SmtpConnection {
  return {
    host: row.host,
    port: row.port,
    secure: row.secure,
    auth:
      row.auth && row.username
        ? {
            user: row.username,
            pass: row.password_enc ? openSecret(deps.sessionSecret, row.password_enc) : "",
          }
        : null,
  };
}

export async function getSmtpSettings(deps: Deps, shopId: string): Promise<SmtpSettings> {
  return presentSmtp(await repo.findSmtpSettings(deps.db, shopId));
}

/** Saves the connection (unverified until tested). A missing password keeps the stored one. */
export async function saveSmtpSettings(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: PutSmtpBody,
): Promise<SmtpSettings> {
  const auth = body.auth ?? true;
  if (auth && !body.username) {
    throw new AppError("validation_failed", 400, "This field is required", [
      { field: "username", message: "This field is required" },
    ]);
  }
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findSmtpSettings(trx, shopId);
    const password_enc =
      body.password === undefined
        ? (before?.password_enc ?? null)
        : body.password
          ? sealSecret(deps.sessionSecret, body.password)
          : null;
    await repo.upsertSmtpSettings(trx, shopId, {
      host: body.host.toLowerCase(),
      port: body.port,
      secure: body.secure ?? body.port === 465,
      auth,
      username: auth ? (body.username ?? null) : null,
      password_enc: auth ? password_enc : null,
    });
    // The password is never written to the audit log; that it changed is enough.
    const { password, ...rest } = body;
    await auditWrite(trx, shopId, actor, "mail.smtp.save", {
      ...rest,
      ...(password !== undefined ? { password: password ? "changed" : "removed" } : {}),
    });
  });
  return getSmtpSettings(deps, shopId);
}

/**
 * L-06 verification by a real connection: connect (and authenticate), then send a test message to
 * `email`. Success marks the connection verified, so e-mails leave through it (L-09); a failure
 * keeps it unverified with the server's reason.
 */
export async function verifySmtpSettings(
  deps: Deps,
  shopId: string,
  actor: Actor,
  email: string,
): Promise<SmtpSettings> {
  const row = await repo.findSmtpSettings(deps.db, shopId);
  if (!row) throw new AppError("smtp_not_configured", 400);
  const shop = await getShopOrThrow(deps, shopId);
  const sender = await repo.findSender(deps.db, shopId);
  const route: DeliveryRoute = { kind: "smtp", connection: connectionOf(deps, row) };
  try {
    await deliverMail(
      deps.config,
      deps.db,
      {
        shopId,
        from: fromHeader(fromFor(deps, shop, sender, route)),
        to: email,
        subject: `${shop.name}: SMTP connection test`,
        text: `This test message was sent by Laurel through ${row.host}:${row.port}. Your SMTP connection works.`,
        html: `<!doctype html><html><body><p>This test message was sent by Laurel through ${row.host}:${row.port}.</p><p>Your SMTP connection works.</p></body></html>`,
        messageId: `<${deps.newId("smtp")}@${appHostOf(deps)}>`,
      },
      route,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await repo.markSmtpChecked(deps.db, shopId, null, reason);
    throw new AppError("smtp_test_failed", 400, undefined, [
      { field: "smtp", message: reason.slice(0, 300) },
    ]);
  }
  await deps.db.transaction().execute(async (trx) => {
    await repo.markSmtpChecked(trx, shopId, deps.clock.now(), null);
    await auditWrite(trx, shopId, actor, "mail.smtp.verify", { host: row.host, port: row.port });
  });
  return getSmtpSettings(deps, shopId);
}

export async function removeSmtpSettings(deps: Deps, shopId: string, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteSmtpSettings(trx, shopId);
    await auditWrite(trx, shopId, actor, "mail.smtp.remove", {});
  });
}

// --- L-07 custom sending domain ---

function presentDomain(row: MailDomainRow | undefined): MailDomain | null {
  if (!row) return null;
  return {
    rootDomain: row.root_domain,
    subdomain: row.subdomain,
    sendingDomain: `${row.subdomain}.${row.root_domain}`,
    status: row.status,
    records: row.records,
    missing: row.checked_at ? row.records.filter((r) => !r.found).map((r) => r.kind) : [],
    checkedAt: row.checked_at?.toISOString() ?? null,
    verifiedAt: row.verified_at?.toISOString() ?? null,
  };
}

export async function getMailDomain(deps: Deps, shopId: string): Promise<MailDomain | null> {
  return presentDomain(await repo.findDomain(deps.db, shopId));
}

/** Adds (or replaces) the shop's sending domain with a fresh DKIM key pair; the records to publish. */
export async function addMailDomain(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: PostMailDomainBody,
): Promise<MailDomain | null> {
  requirePlan(await getShopOrThrow(deps, shopId), "custom_domain");
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const selector = `laurel${deps.clock.now().getUTCFullYear()}`;
  const publicB64 = publicKey.toString("base64");
  const records = domainRecords({ ...body, selector, publicKey: publicB64, appHost: appHostOf(deps) });
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertDomain(trx, shopId, {
      root_domain: body.rootDomain,
      subdomain: body.subdomain,
      dkim_selector: selector,
      dkim_public_key: publicB64,
      dkim_private_key_enc: sealSecret(deps.sessionSecret, privateKey),
      records,
    });
    await auditWrite(trx, shopId, actor, "mail.domain.add", body);
  });
  return getMailDomain(deps, shopId);
}

/** Looks every record up through the resolver port; verified when all five are published. */
export async function verifyMailDomain(deps: Deps, shopId: string): Promise<MailDomain | null> {
  const row = await repo.findDomain(deps.db, shopId);
  if (!row) throw new AppError("mail_domain_not_found", 404);
  let checked: Awaited<ReturnType<typeof checkDomainRecords>>;
  try {
    checked = await checkDomainRecords(deps.dns ?? systemResolver, row.records);
  } catch {
    throw new AppError("mail_domain_verify_failed", 502);
  }
  await repo.updateDomainCheck(deps.db, shopId, checked.records, checked.status, deps.clock.now());
  return getMailDomain(deps, shopId);
}

export async function removeMailDomain(deps: Deps, shopId: string, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if ((await repo.deleteDomain(trx, shopId)) === 0n) throw new AppError("mail_domain_not_found", 404);
    await auditWrite(trx, shopId, actor, "mail.domain.remove", {});
  });
}

// --- L-08 sender ---

function presentSender(row: MailSenderRow | undefined): MailSender {
  return {
    email: row?.email ?? null,
    name: row?.name ?? null,
    verified: Boolean(row?.verified_at),
    publicDomain: row ? PUBLIC_MAIL_DOMAINS.has(domainOf(row.email)) : false,
  };
}

export async function getMailSender(deps: Deps, shopId: string): Promise<MailSender> {
  return presentSender(await repo.findSender(deps.db, shopId));
}

function senderLink(deps: Deps, shopId: string, email: string): string {
  const base = deps.config.appUrl.replace(/\/$/, "");
  const sig = signLink(deps.sessionSecret, "sender", shopId, email);
  return `${base}/mail/sender/${encodeURIComponent(shopId)}/${sig}?e=${encodeURIComponent(email)}`;
}

/** Saves the sender; a new address gets a verification e-mail with a signed link (through the default service). */
export async function saveMailSender(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: PutMailSenderBody,
): Promise<MailSender> {
  const shop = await getShopOrThrow(deps, shopId);
  requirePlan(shop, "custom_sender");
  const email = body.email.toLowerCase();
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsertSender(trx, shopId, email, body.name);
    await auditWrite(trx, shopId, actor, "mail.sender.save", { email, name: body.name });
  });
  const row = await repo.findSender(deps.db, shopId);
  if (row && !row.verified_at) {
    const link = senderLink(deps, shopId, email);
    try {
      await deliverMail(
        deps.config,
        deps.db,
        {
          shopId,
          from: fromHeader(defaultFrom(deps, shop.name)),
          to: email,
          subject: "Verify your sender address",
          text: `Confirm that ${shop.name} may send e-mails from ${email}: ${link}`,
          html: `<!doctype html><html><body><p>Confirm that ${escapeHtml(shop.name)} may send e-mails from ${escapeHtml(email)}.</p><p><a href="${escapeHtml(link)}">Verify this address</a></p></body></html>`,
          messageId: `<${deps.newId("sender")}@${appHostOf(deps)}>`,
        },
        { kind: "default" },
      );
    } catch {
      throw new AppError("mail_send_failed", 502);
    }
  }
  return presentSender(row);
}

/** The signed link of the verification e-mail: marks that address verified if it is still the sender. */
export async function confirmMailSender(
  deps: Deps,
  shopId: string,
  sig: string,
  email: string,
): Promise<boolean> {
  if (!verifyLink(deps.sessionSecret, "sender", shopId, email, sig)) return false;
  return repo.markSenderVerified(deps.db, shopId, email, deps.clock.now());
}

// --- L-09 the route of the next e-mail ---

export interface MailFrom {
  name: string;
  address: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export const fromHeader = (from: MailFrom) => `"${from.name.replace(/["\\\r\n]/g, "")}" <${from.address}>`;

function defaultFrom(deps: Deps, name: string): MailFrom {
  const address = /<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom;
  return { name, address };
}

/** Who an e-mail is from on a route: the verified sender where the route may carry it. */
function fromFor(
  deps: Deps,
  shop: ShopRow,
  sender: MailSenderRow | undefined,
  route: DeliveryRoute,
): MailFrom {
  const verified = sender?.verified_at ? sender : undefined;
  const name = verified?.name ?? shop.name;
  if (route.kind === "smtp")
    return { name, address: verified?.email ?? route.connection.auth?.user ?? shop.email };
  if (route.kind === "domain") {
    const sending = route.dkim.domainName;
    const own =
      verified && (domainOf(verified.email) === sending || domainOf(verified.email).endsWith(`.${sending}`));
    return { name, address: own ? verified.email : `no-reply@${sending}` };
  }
  return defaultFrom(deps, name);
}

/** L-09: custom SMTP if verified, else the verified custom domain, else the default service. */
export async function routeOf(
  deps: Deps,
  shop: ShopRow,
): Promise<{ route: DeliveryRoute; from: MailFrom; replyTo: string | null; method: MailDelivery["method"] }> {
  const [smtp, domain, sender] = await Promise.all([
    repo.findSmtpSettings(deps.db, shop.id),
    repo.findDomain(deps.db, shop.id),
    repo.findSender(deps.db, shop.id),
  ]);
  let route: DeliveryRoute = { kind: "default" };
  let method: MailDelivery["method"] = "default";
  if (smtp?.verified_at) {
    route = { kind: "smtp", connection: connectionOf(deps, smtp) };
    method = "custom_smtp";
  } else if (domain?.status === "verified") {
    route = {
      kind: "domain",
      dkim: {
        domainName: `${domain.subdomain}.${domain.root_domain}`,
        keySelector: domain.dkim_selector,
        privateKey: openSecret(deps.sessionSecret, domain.dkim_private_key_enc),
      },
    };
    method = "custom_domain";
  }
  const from = fromFor(deps, shop, sender, route);
  // A verified sender the route cannot carry as From still receives the replies.
  const replyTo = sender?.verified_at && sender.email !== from.address ? sender.email : null;
  return { route, from, replyTo, method };
}

/** Everything the e-mail settings page shows at once. */
export async function getMailDelivery(deps: Deps, shopId: string): Promise<MailDelivery> {
  const shop = await getShopOrThrow(deps, shopId);
  const { from, method } = await routeOf(deps, shop);
  return {
    method,
    from: fromHeader(from),
    smtp: await getSmtpSettings(deps, shopId),
    domain: await getMailDomain(deps, shopId),
    sender: await getMailSender(deps, shopId),
  };
}
