/**
 * Indents JSON text for reading without parsing it into numbers: every token is copied byte for
 * byte, so order ids beyond 2^53 and decimal prices stay exactly as received. Text that is not
 * JSON comes back unchanged (the log shows what arrived, whatever it is).
 */
export function indentJson(text: string, indent = "  "): string {
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  let out = "";
  let depth = 0;
  let inString = false;
  const newline = () => `\n${indent.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (inString) {
      out += ch;
      if (ch === "\\") out += text[++i] ?? "";
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === "{" || ch === "[") {
      const close = ch === "{" ? "}" : "]";
      const next = nextSignificant(text, i + 1);
      if (text[next] === close) {
        out += ch + close;
        i = next;
      } else {
        depth += 1;
        out += ch + newline();
      }
    } else if (ch === "}" || ch === "]") {
      depth -= 1;
      out += newline() + ch;
    } else if (ch === ",") {
      out += ch + newline();
    } else if (ch === ":") {
      out += ": ";
    } else if (!/\s/.test(ch)) {
      out += ch;
    }
  }
  return out;
}

function nextSignificant(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}
