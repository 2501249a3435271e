/**
 * The first records of a CSV text (the wizard's preview of a file's head): quotes, doubled quotes
 * and newlines inside quotes as RFC 4180 has them. The server parses the whole file with csv-parse;
 * this only shows the merchant their headers and first rows before the upload.
 */
export function parseCsvHead(text: string, maxRecords: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length && records.length < maxRecords; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") i++;
      record.push(cell);
      if (record.some((c) => c !== "")) records.push(record);
      record = [];
      cell = "";
    } else cell += ch;
  }
  // A last line without a newline counts (a short file read whole).
  if (records.length < maxRecords && (cell !== "" || record.length > 0) && !quoted) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
