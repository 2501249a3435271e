/** The UTC offset (minutes) of an IANA time zone at an instant; 0 for an unknown zone. */
export function utcOffsetMinutes(timeZone: string | undefined | null, at: Date): number {
  if (!timeZone) return 0;
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? "");
    if (!m) return 0;
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    return m[1] === "-" ? -minutes : minutes;
  } catch {
    return 0;
  }
}
