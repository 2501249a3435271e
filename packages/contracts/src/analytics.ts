import { z } from "zod";

/**
 * Analytics and the dashboard (issue 13; K-06 … K-12). Every analytics page is one report of the
 * same shape: figures (each with the previous period's value), daily series for the charts, and
 * rows for the tables. The date range keys are the wire copy of the domain's `dateRangeKeys`
 * (apps/api/test/vocabularies-analytics check in analytics.test.ts).
 */
export const analyticsDateRanges = [
  "today",
  "yesterday",
  "last_7_days",
  "last_30_days",
  "last_60_days",
  "last_90_days",
  "last_month",
  "last_year",
  "week_to_date",
  "month_to_date",
  "year_to_date",
] as const;

/** K-06: the analytics pages; `loyalty-programs` is the loyalty program activity report (K-07). */
export const analyticsReports = ["overview", "loyalty-programs", "point", "member", "referral"] as const;
export type AnalyticsReport = (typeof analyticsReports)[number];

/** K-07: the loyalty program activity report's tabs. */
export const analyticsProgramTabs = ["earning", "redeeming"] as const;

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date such as 2026-03-03.` })
    .max(10, `${label} must be a date such as 2026-03-03.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-03-03.`)
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        message: `${label} must be a real calendar date.`,
      },
    );

export const analyticsQuery = z
  .strictObject({
    report: z
      .enum(analyticsReports, { error: "Report must be one of the analytics pages." })
      .default("overview"),
    range: z
      .enum(analyticsDateRanges, { error: "Date range is not one of the offered ranges." })
      .default("last_30_days"),
    /** A custom range instead of `range` (store dates, both included; at most 731 days). */
    from: calendarDate("Start date").optional(),
    to: calendarDate("End date").optional(),
    tab: z.enum(analyticsProgramTabs, { error: "Tab must be Earning or Redeeming." }).optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: "Start date and end date go together.",
    path: ["from"],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: "Start date must be on or before the end date.",
    path: ["from"],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const analyticsFigureFormats = ["number", "points", "money", "percent"] as const;

export const analyticsFigure = z.object({
  key: z.string(),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** (value − previous) ÷ |previous|; null when there is nothing to compare with. */
  change: z.number().nullable(),
  format: z.enum(analyticsFigureFormats),
  /** Where the entries or orders this figure sums are listed (K-07 traceability), if anywhere. */
  link: z.string().nullable(),
});
export type AnalyticsFigure = z.infer<typeof analyticsFigure>;

export const analyticsSeries = z.object({
  key: z.string(),
  format: z.enum(analyticsFigureFormats),
  points: z.array(z.object({ day: z.string(), value: z.number() })),
});
export type AnalyticsSeries = z.infer<typeof analyticsSeries>;

export const analyticsProgramRow = z.object({
  programId: z.string(),
  title: z.string(),
  type: z.string(),
  entries: z.number().int(),
  points: z.number().int(),
  previousPoints: z.number().int(),
});

export const analyticsReportResponse = z.object({
  report: z.enum(analyticsReports),
  range: z.object({
    key: z.enum([...analyticsDateRanges, "custom"]),
    from: z.string(),
    to: z.string(),
    previous: z.object({ from: z.string(), to: z.string() }),
  }),
  timeZone: z.string(),
  currency: z.string(),
  figures: z.array(analyticsFigure),
  series: z.array(analyticsSeries),
  programs: z.array(analyticsProgramRow),
  /** K-07: members per VIP tier now (member analytics; tierId null: in no tier). */
  tiers: z.array(
    z.object({ tierId: z.string().nullable(), name: z.string().nullable(), members: z.number().int() }),
  ),
  /**
   * Member analytics: members vs comparable non-members (same first-order month and value band)
   * whose first order is in the period; an observational estimate with its sample sizes (decision 0162).
   */
  incrementality: z
    .object({
      members: z.number().int(),
      unmatchedMembers: z.number().int(),
      nonMembers: z.number().int(),
      memberRepeatRate: z.number().nullable(),
      nonMemberRepeatRate: z.number().nullable(),
      memberAverageSpendMinor: z.number().int().nullable(),
      nonMemberAverageSpendMinor: z.number().int().nullable(),
      repeatRateLift: z.number().nullable(),
      spendLift: z.number().nullable(),
    })
    .nullable()
    .optional(),
  /** When the rollups last caught up with the ledger (null: not yet). */
  refreshedAt: z.string().nullable(),
});
export type AnalyticsReportResponse = z.infer<typeof analyticsReportResponse>;

/** The dashboard (A-05, B): this cycle against the plan, liability, the last 30 days, program health. */
export const dashboardResponse = z.object({
  currency: z.string(),
  timeZone: z.string(),
  plan: z.object({
    ordersThisCycle: z.number().int(),
    limit: z.number().int().nullable(),
    status: z.enum(["ok", "warning", "reached"]),
  }),
  liability: z.object({
    points: z.number().int(),
    pendingPoints: z.number().int(),
    unusedCouponPoints: z.number().int(),
    unusedCoupons: z.number().int(),
    /** The points' worth in the shop's currency (minor units) at its exchange rate; null without one. */
    valueMinor: z.number().int().nullable(),
    expectedBreakagePoints: z.number().int().nullable(),
  }),
  last30Days: z.array(analyticsFigure),
  health: z.object({
    programsOn: z.number().int(),
    programsTotal: z.number().int(),
    membersJoined7Days: z.number().int(),
    ordersNotRewarded7Days: z.number().int(),
  }),
  refreshedAt: z.string().nullable(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/** The analytics routes of `apiRoutes` (issue 13). */
/** K-12: who receives the weekly report; at most 10 addresses, none = the shop's own address. */
export const WEEKLY_REPORT_MAX_RECIPIENTS = 10;
export const weeklyReportSettings = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  recipients: z
    .array(
      z
        .string({ error: "Email is invalid" })
        .max(254, "Email is invalid")
        .trim()
        .toLowerCase()
        .email({ message: "Email is invalid" }),
      { error: "recipients must be a list of e-mail addresses." },
    )
    .max(WEEKLY_REPORT_MAX_RECIPIENTS, `At most ${WEEKLY_REPORT_MAX_RECIPIENTS} recipients.`),
});
export type WeeklyReportSettings = z.infer<typeof weeklyReportSettings>;

export const weeklyReportSettingsResponse = weeklyReportSettings.extend({
  /** The shop's own address, used when `recipients` is empty. */
  shopEmail: z.string(),
  /** Monday (store day) of the last week reported, if any. */
  lastWeek: z.string().nullable(),
});
export type WeeklyReportSettingsResponse = z.infer<typeof weeklyReportSettingsResponse>;

/** K-10: an analytics page's CSV sent by e-mail (a job builds it; the e-mail links to it). */
export const analyticsExportEmailResponse = z.object({ id: z.string(), recipient: z.string() });
export type AnalyticsExportEmailResponse = z.infer<typeof analyticsExportEmailResponse>;

export const analyticsRoutes = {
  "GET /apiSa/analytics": {
    summary: "An analytics page's figures, daily series and program rows for a date range (K-06 … K-09)",
    guard: "admin",
    query: analyticsQuery,
    response: analyticsReportResponse,
  },
  "GET /apiSa/analytics/export": {
    summary: "An analytics page as a CSV file download (K-10)",
    guard: "admin",
    query: analyticsQuery,
    response: z.string(),
  },
  "POST /apiSa/analytics/export/email": {
    summary: "Build an analytics page's CSV in a job and e-mail its download link (K-10)",
    guard: "admin",
    body: analyticsQuery,
    response: analyticsExportEmailResponse,
  },
  "GET /exports/analytics/:shopId/:id/:sig": {
    summary: "Download an e-mailed analytics export (signed link from the e-mail; expires)",
    guard: "public",
    response: z.string(),
  },
  "POST /apiSa/analytics/rebuild": {
    summary: "Rebuild the shop's analytics rollups from the ledger (a job)",
    guard: "admin",
    response: z.object({ queued: z.literal(true) }),
  },
  "GET /apiSa/analytics/weekly-report": {
    summary: "The weekly report's settings: on or off, and its recipients (K-12, M-02)",
    guard: "admin",
    response: weeklyReportSettingsResponse,
  },
  "PUT /apiSa/analytics/weekly-report": {
    summary: "Turn the weekly report on or off and set its recipients (K-12, M-02)",
    guard: "admin",
    body: weeklyReportSettings,
    response: weeklyReportSettingsResponse,
  },
  "GET /apiSa/dashboard": {
    summary: "The dashboard's figures: plan usage, points liability, last 30 days, program health (A-05, B)",
    guard: "admin",
    response: dashboardResponse,
  },
} as const;
