import type { Db } from "@laurel/db";
import nodemailer from "nodemailer";
import type { Config } from "../../infra/env";

export interface OutgoingMail {
  shopId: string;
  from: string;
  to: string;
  replyTo?: string | null | undefined;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

/** A shop's own SMTP server (L-06); the password already decrypted, for this send only. */
export interface SmtpConnection {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | null;
}

/**
 * The way one e-mail leaves (L-09, decision 0110): the shop's SMTP server, the default service
 * signing with the shop's sending domain's DKIM key, or the default service as is.
 */
export type DeliveryRoute =
  | { kind: "default" }
  | { kind: "smtp"; connection: SmtpConnection }
  | { kind: "domain"; dkim: { domainName: string; keySelector: string; privateKey: string } };

/** Seconds a shop's SMTP server gets to connect, greet and answer each command. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends one e-mail on its route. The default service (decision 0075) is the SMTP server of
 * `SMTP_URL`, or, when unset (the embedded default), the local catch-all mailbox: nodemailer builds
 * the very message it would send, and it is kept in `mailbox_messages` for `/dev/mailbox`.
 */
export async function deliverMail(
  config: Config,
  db: Db,
  mail: OutgoingMail,
  route: DeliveryRoute = { kind: "default" },
): Promise<void> {
  const message = {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers ?? {},
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
    ...(route.kind === "domain" ? { dkim: route.dkim } : {}),
  };
  if (route.kind === "smtp") {
    const c = route.connection;
    const transport = nodemailer.createTransport({
      host: c.host,
      port: c.port,
      secure: c.secure,
      ...(c.auth ? { auth: c.auth } : {}),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
    return;
  }
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(message);
  await db
    .insertInto("mailbox_messages")
    .values({
      shop_id: mail.shopId,
      recipient: mail.to,
      subject: mail.subject,
      raw: info.message.toString("utf8"),
    })
    .execute();
}
