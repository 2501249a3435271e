import { simpleParser } from "mailparser";

/**
 * The local catch-all mailbox's pages (embedded mode, decision 0075): a list of the shop's e-mails,
 * and one e-mail as a mail client shows it — its headers and its HTML in a sandboxed frame (no
 * scripts; links open as they would from a mail client).
 */
const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const STYLE = `<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f7;color:#202223}
header{background:#1f2937;color:#fff;padding:12px 20px}header a{color:#fff}
main{padding:20px;max-width:960px;margin:auto}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px 10px;border-bottom:1px solid #e1e3e5;text-align:left}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;padding:12px}dt{font-weight:600}
iframe{width:100%;height:900px;border:1px solid #e1e3e5;background:#fff}
</style>`;

export function renderMailboxPage(
  messages: readonly { id: number; recipient: string; subject: string; received_at: Date }[],
): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${esc(m.received_at.toISOString().replace("T", " ").slice(0, 19))}</td><td>${esc(m.recipient)}</td>` +
        `<td><a href="/dev/mailbox/${m.id}">${esc(m.subject)}</a></td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>${STYLE}</head><body>
<header><strong>Laurel mailbox</strong> — every e-mail this shop sent, kept locally (no SMTP_URL is set)</header>
<main>${
    messages.length === 0
      ? "<p>No e-mails yet.</p>"
      : `<table><thead><tr><th>Received (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
  }</main></body></html>`;
}

export async function renderMailboxMessage(message: { raw: string }): Promise<string> {
  const parsed = await simpleParser(message.raw);
  const header = (name: string) => {
    const value = parsed.headers.get(name);
    if (value === undefined) return "";
    if (typeof value === "string") return value;
    if (typeof value === "object" && value !== null && "text" in value) return String(value.text);
    return String(value);
  };
  const fields: [string, string][] = [
    ["From", header("from")],
    ["To", header("to")],
    ["Reply-To", header("reply-to")],
    ["Subject", parsed.subject ?? ""],
    ["Date", parsed.date?.toISOString() ?? ""],
    // mailparser gathers the List-* headers under `list`.
    ["List-Unsubscribe", parsed.headers.get("list") ? "yes (one-click)" : "no"],
  ];
  const html = typeof parsed.html === "string" ? parsed.html : `<pre>${esc(parsed.text ?? "")}</pre>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(parsed.subject ?? "E-mail")}</title>${STYLE}</head><body>
<header><a href="/dev/mailbox">← Mailbox</a></header>
<main><dl>${fields.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>
<iframe title="E-mail" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${esc(html)}"></iframe>
</main></body></html>`;
}
