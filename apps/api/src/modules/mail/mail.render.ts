import type { NotificationEvent } from "@laurel/domain";
import { fill, mailProgramOf, mailTextsOf } from "./mail.texts";

/** MJML is large (half a second to load): loaded at the first render, not at every process start. */
type Mjml2Html = typeof import("mjml");
let mjml: Promise<Mjml2Html> | null = null;
const loadMjml = (): Promise<Mjml2Html> => {
  mjml ??= import("mjml").then((m) => (m as unknown as { default: Mjml2Html }).default);
  return mjml;
};

/** What an e-mail looks like for one shop (L-04): its colours, logo and the sender's name. */
export interface MailBranding {
  shopName: string;
  headerColor: string;
  /** Text on the header (the shop's secondary colour); white when not given. */
  headerTextColor?: string;
  buttonColor: string;
  /** An absolute URL of the logo (served by Laurel), or null. */
  logoUrl: string | null;
  /** The merchant's own subject for this event (placeholders allowed), or null for the shipped one. */
  subject: string | null;
}

export interface MailLinks {
  /** The call-to-action, already wrapped for click tracking. */
  button: string;
  unsubscribe: string | null;
  /** The open-tracking pixel, or null (previews, tests sends). */
  pixel: string | null;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The subject as the shopper will read it: the merchant's, or the shipped one, with values filled. */
export function subjectOf(
  event: NotificationEvent,
  language: string,
  custom: string | null,
  values: Record<string, string | number | null>,
): string {
  return fill(custom ?? mailTextsOf(event, language, mailProgramOf(values)).subject, values)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * One e-mail in the shopper's language (decision 0075): MJML (responsive, inlined CSS, tables that
 * Outlook reads) compiled to HTML, and a plain-text part. Every value is escaped; colours were
 * checked as hex when saved.
 */
export async function renderMail(
  event: NotificationEvent,
  language: string,
  values: Record<string, string | number | null>,
  branding: MailBranding,
  links: MailLinks,
): Promise<RenderedMail> {
  const t = mailTextsOf(event, language, mailProgramOf(values));
  const v = { ...values, shop: branding.shopName };
  const subject = subjectOf(event, language, branding.subject, v);
  const esc = (template: string) => escapeHtml(fill(template, v));
  const greeting = values.name ? esc(t.greeting) : "";
  const balance = values.balance !== undefined && values.balance !== null ? esc(t.balance) : "";
  const logo = branding.logoUrl
    ? `<mj-image src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.shopName)}" width="64px" padding="0 0 12px 0" />`
    : "";
  const source = `<mjml lang="${escapeHtml(language)}">
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${esc(t.body)}</mj-preview>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section background-color="${branding.headerColor}" padding="24px">
      <mj-column>
        ${logo}
        <mj-text color="${branding.headerTextColor ?? "#ffffff"}" font-size="20px" font-weight="bold" align="center">${escapeHtml(branding.shopName)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold">${esc(t.heading)}</mj-text>
        ${greeting ? `<mj-text font-size="15px">${greeting}</mj-text>` : ""}
        <mj-text font-size="15px" line-height="22px">${esc(t.body)}</mj-text>
        ${balance ? `<mj-text font-size="15px">${balance}</mj-text>` : ""}
        <mj-button background-color="${branding.buttonColor}" href="${escapeHtml(links.button)}" font-size="15px">${esc(t.button)}</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="12px">
      <mj-column>
        ${
          links.unsubscribe
            ? `<mj-text align="center" font-size="12px" color="#6b7280"><a href="${escapeHtml(links.unsubscribe)}" style="color:#6b7280">${esc(t.unsubscribe)}</a></mj-text>`
            : ""
        }
        ${links.pixel ? `<mj-raw><img src="${escapeHtml(links.pixel)}" width="1" height="1" alt="" style="display:block" /></mj-raw>` : ""}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const mjml2html = await loadMjml();
  const { html, errors } = await mjml2html(source, { validationLevel: "soft" });
  if (errors.length > 0) throw new Error(`e-mail template ${event}: ${errors[0]?.formattedMessage}`);
  const text = [
    fill(t.heading, v),
    values.name ? fill(t.greeting, v) : "",
    fill(t.body, v),
    balance ? fill(t.balance, v) : "",
    `${fill(t.button, v)}: ${links.button}`,
    links.unsubscribe ? `${fill(t.unsubscribe, v)}: ${links.unsubscribe}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  return { subject, html, text };
}
