import type { AnalyticsReportResponse } from "@laurel/contracts";

/** The figures' names in the export (English; the admin shows them in the merchant's language). */
const figureNames: Record<string, string> = {
  pointsEarned: "Points generated",
  pointsRedeemed: "Points redeemed",
  pointsExpired: "Points expired",
  pointsReversed: "Points taken back",
  pointsAdjusted: "Points adjusted",
  pointsOutstanding: "Points outstanding",
  redemptionRate: "Redemption rate",
  loyaltyMembers: "Loyalty members",
  newMembers: "New members",
  memberOrders: "Member orders",
  memberAov: "Member average order value",
  nonMemberAov: "Non-member average order value",
  memberRepeatRate: "Member repeat-purchase rate",
  nonMemberRepeatRate: "Non-member repeat-purchase rate",
  referredRevenue: "Referred revenue",
  assistedRevenue: "Assisted revenue",
  referralsCreated: "Referrals",
  referralsCompleted: "Completed referrals",
  referralsCanceled: "Cancelled referrals",
  completionRate: "Completion rate",
  referredOrders: "Referred orders",
  orders: "Orders",
};

/** RFC 4180 field; a leading =, +, - or @ is prefixed so a spreadsheet never runs it (CSV injection). */
function field(v: string | number | null): string {
  if (v === null) return "";
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function value(v: number | null, format: string, currency: string): string | number | null {
  if (v === null) return null;
  if (format === "money") return `${(v / 100).toFixed(2)} ${currency}`;
  if (format === "percent") return `${(v * 100).toFixed(1)}%`;
  return v;
}

/** K-10: one analytics page as CSV: its figures, then its daily series, then its program rows. */
export function analyticsReportCsv(r: AnalyticsReportResponse): string {
  const lines: (string | number | null)[][] = [
    ["Report", r.report],
    ["From", r.range.from],
    ["To", r.range.to],
    ["Compared with", `${r.range.previous.from} – ${r.range.previous.to}`],
    ["Time zone", r.timeZone],
    [],
    ["Figure", "Value", "Previous period", "Change"],
    ...r.figures.map((f) => [
      figureNames[f.key] ?? f.key,
      value(f.value, f.format, r.currency),
      value(f.previous, f.format, r.currency),
      f.change === null ? null : `${(f.change * 100).toFixed(1)}%`,
    ]),
  ];
  if (r.series.length > 0) {
    lines.push([], ["Day", ...r.series.map((s) => figureNames[s.key] ?? s.key)]);
    const days = r.series[0]?.points.map((p) => p.day) ?? [];
    days.forEach((day, i) => {
      lines.push([day, ...r.series.map((s) => value(s.points[i]?.value ?? 0, s.format, r.currency))]);
    });
  }
  if (r.programs.length > 0) {
    lines.push([], ["Program", "Type", "Entries", "Points", "Previous period"]);
    for (const p of r.programs) lines.push([p.title, p.type, p.entries, p.points, p.previousPoints]);
  }
  const inc = r.incrementality;
  if (inc && inc.members > 0) {
    lines.push(
      [],
      ["Members vs comparable non-members (observational estimate)", "Members", "Comparable non-members"],
      ["Customers compared", inc.members, inc.nonMembers],
      [
        "Repeat-purchase rate",
        value(inc.memberRepeatRate, "percent", r.currency),
        value(inc.nonMemberRepeatRate, "percent", r.currency),
      ],
      [
        "Average spend per customer",
        value(inc.memberAverageSpendMinor, "money", r.currency),
        value(inc.nonMemberAverageSpendMinor, "money", r.currency),
      ],
      ["Members without a comparable non-member", inc.unmatchedMembers, null],
    );
  }
  return `${lines.map((l) => l.map(field).join(",")).join("\r\n")}\r\n`;
}
