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
}

/**
 * The default e-mail service (L-09's last resort, decision 0075): the SMTP server of `SMTP_URL`,
 * or, when unset (the embedded default), the local catch-all mailbox: nodemailer builds the very
 * message it would send, and it is kept in `mailbox_messages` for `/dev/mailbox`.
 */
export async function deliverMail(config: Config, db: Db, mail: OutgoingMail): Promise<void> {
  const message = {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers ?? {},
  };
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
