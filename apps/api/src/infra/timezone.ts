/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let format = offsetFormatters.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    } catch {
      format = null; // an unknown zone
    }
    offsetFormatters.set(timeZone, format);
  }
  return format;
}

/** The UTC offset (minutes) of an IANA time zone at an instant; 0 for an unknown zone. */
export function utcOffsetMinutes(timeZone: string | undefined | null, at: Date): number {
  if (!timeZone) return 0;
  const name = offsetFormatter(timeZone)
    ?.formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? "");
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -minutes : minutes;
}
