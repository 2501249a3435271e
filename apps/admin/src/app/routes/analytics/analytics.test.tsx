import type { AnalyticsReportResponse, DashboardResponse } from "@laurel/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";

/** Lazy screens and their chunks load on a shared, busy machine. */
const WAIT = { timeout: 15_000 };
const SLOW = 40_000;

const days = ["2026-11-22", "2026-11-23", "2026-11-24"];
const report: AnalyticsReportResponse = {
  report: "point",
  range: {
    key: "last_7_days",
    from: "2026-11-18",
    to: "2026-11-24",
    previous: { from: "2026-11-11", to: "2026-11-17" },
  },
  timeZone: "America/New_York",
  currency: "USD",
  figures: [
    {
      key: "pointsEarned",
      value: 1234,
      previous: 1000,
      change: 0.234,
      format: "points",
      link: "/customers/activity?from=2026-11-18&to=2026-11-24",
    },
    { key: "pointsRedeemed", value: 500, previous: 0, change: null, format: "points", link: null },
    { key: "redemptionRate", value: 0.405, previous: 0, change: null, format: "percent", link: null },
  ],
  series: [
    {
      key: "pointsEarned",
      format: "points",
      points: days.map((day, i) => ({ day, value: [10, 24, 1200][i] ?? 0 })),
    },
  ],
  programs: [],
  tiers: [],
  refreshedAt: "2026-11-24T12:00:00.000Z",
};

const dashboard: DashboardResponse = {
  currency: "USD",
  timeZone: "America/New_York",
  plan: { ordersThisCycle: 120, limit: 150, status: "warning" },
  liability: {
    points: 6000,
    pendingPoints: 100,
    unusedCouponPoints: 500,
    unusedCoupons: 1,
    valueMinor: 6600,
    expectedBreakagePoints: null,
  },
  last30Days: [{ key: "orders", value: 42, previous: 40, change: 0.05, format: "number", link: null }],
  health: { programsOn: 3, programsTotal: 4, membersJoined7Days: 5, ordersNotRewarded7Days: 2 },
  refreshedAt: null,
};

describe("analytics pages", () => {
  it(
    "shows a page's figures with their previous period, and its chart as a table",
    async () => {
      const fake = createFakeApi();
      fake.answer("GET /apiSa/analytics", 200, { success: true, data: report });
      await renderApp("/analytics/point?range=last_7_days&dates=mdy", { fake });
      expect(await screen.findByRole("heading", { level: 1, name: "Point analytics" }, WAIT)).toBeTruthy();
      expect((await screen.findByTestId("figure-pointsEarned", undefined, WAIT)).textContent).toBe("1,234");
      expect(screen.getByTestId("figure-redemptionRate").textContent).toBe("40.5%");
      expect(screen.getByText("+23.4%")).toBeTruthy();
      expect(screen.getByTestId("analytics-range").textContent).toContain("11/18/2026 – 11/24/2026");
      await userEvent.click(await screen.findByRole("button", { name: "Show as table" }, WAIT));
      const table = within(screen.getByTestId("chart-table"));
      expect(table.getAllByRole("row")).toHaveLength(1 + days.length);
      expect(table.getByText("1,200")).toBeTruthy();
      const call = fake.callsTo("GET", "/apiSa/analytics")[0];
      expect(call).toBeTruthy();
    },
    SLOW,
  );

  it(
    "offers a retry when the figures cannot be loaded",
    async () => {
      const fake = createFakeApi();
      fake.answer("GET /apiSa/analytics", 500, {
        success: false,
        error: "Something went wrong",
        code: "internal",
      });
      await renderApp("/analytics/member", { fake });
      expect(await screen.findByText("Analytics could not be loaded.", undefined, WAIT)).toBeTruthy();
      const tiers = [
        { tierId: null, name: null, members: 30 },
        { tierId: "t1", name: "Gold", members: 10 },
      ];
      const incrementality = {
        members: 40,
        unmatchedMembers: 3,
        nonMembers: 120,
        memberRepeatRate: 0.5,
        nonMemberRepeatRate: 0.3,
        memberAverageSpendMinor: 12_000,
        nonMemberAverageSpendMinor: 8_000,
        repeatRateLift: 0.2,
        spendLift: 0.5,
      };
      fake.answer("GET /apiSa/analytics", 200, {
        success: true,
        data: { ...report, report: "member", tiers, incrementality },
      });
      await userEvent.click(screen.getByRole("button", { name: "Try again" }));
      expect((await screen.findByTestId("figure-pointsEarned", undefined, WAIT)).textContent).toBe("1,234");
      const distribution = within(screen.getByTestId("tier-distribution"));
      expect(distribution.getByText("Gold")).toBeTruthy();
      expect(distribution.getByText("No tier")).toBeTruthy();
      expect(distribution.getByText("25%")).toBeTruthy();
      const matched = within(screen.getByTestId("incrementality"));
      expect(matched.getByText("120")).toBeTruthy();
      expect(matched.getByText("+20 pts")).toBeTruthy();
      expect(matched.getByText("$120.00")).toBeTruthy();
      expect(matched.getByText("+50%")).toBeTruthy();
      expect(screen.getByText(/3 members had no comparable non-member/)).toBeTruthy();
    },
    SLOW,
  );
});

describe("the dashboard's figures", () => {
  it(
    "shows plan usage, liability, the last 30 days and program health",
    async () => {
      const fake = createFakeApi();
      fake.answer("GET /apiSa/dashboard", 200, { success: true, data: dashboard });
      await renderApp("/", { fake });
      expect((await screen.findByTestId("dashboard-orders-cycle", undefined, WAIT)).textContent).toBe(
        "120 of 150",
      );
      expect(screen.getByTestId("dashboard-liability-points").textContent).toBe("6,600");
      expect(screen.getByTestId("figure-orders").textContent).toBe("42");
      expect(screen.getByTestId("dashboard-programs-on").textContent).toBe("Programs on: 3 of 4");
      expect(screen.getByText("Orders with points not awarded in the last 7 days: 2")).toBeTruthy();
    },
    SLOW,
  );
});

describe("the weekly report (K-12)", () => {
  it(
    "turns the report on with its recipients, and shows the server's field error",
    async () => {
      const fake = createFakeApi();
      fake.answer("GET /apiSa/analytics", 200, { success: true, data: { ...report, report: "overview" } });
      const settings = { enabled: false, recipients: [], shopEmail: "owner@shop.test", lastWeek: null };
      fake.answer("GET /apiSa/analytics/weekly-report", 200, { success: true, data: settings });
      fake.answer("PUT /apiSa/analytics/weekly-report", 400, {
        success: false,
        error: "Invalid input",
        code: "validation_failed",
        errors: [{ field: "recipients.1", message: "Email is invalid" }],
      });
      await renderApp("/analytics", { fake });
      const toggle = await screen.findByRole("checkbox", { name: "Send the weekly report" }, WAIT);
      expect(
        screen.getByText("One address per line. Leave empty to send it to owner@shop.test."),
      ).toBeTruthy();
      await userEvent.click(toggle);
      await userEvent.type(screen.getByLabelText("Recipients"), "a@shop.test{enter}nope");
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByText("Email is invalid", undefined, WAIT)).toBeTruthy();
      expect(fake.callsTo("PUT", "/apiSa/analytics/weekly-report")[0]?.body).toEqual({
        enabled: true,
        recipients: ["a@shop.test", "nope"],
      });
      fake.answer("PUT /apiSa/analytics/weekly-report", 200, {
        success: true,
        data: { ...settings, enabled: true, recipients: ["a@shop.test"] },
      });
      await userEvent.clear(screen.getByLabelText("Recipients"));
      await userEvent.type(screen.getByLabelText("Recipients"), "a@shop.test");
      await userEvent.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByText("Weekly report saved", undefined, WAIT)).toBeTruthy();
    },
    SLOW,
  );
});

describe("the export modal (K-10)", () => {
  it(
    "sends the report by e-mail and says to whom",
    async () => {
      const fake = createFakeApi();
      fake.answer("GET /apiSa/analytics", 200, { success: true, data: report });
      fake.answer("POST /apiSa/analytics/export/email", 200, {
        success: true,
        data: { id: "axp_1", recipient: "demo@laurel.test" },
      });
      await renderApp("/analytics/point?range=last_7_days", { fake });
      await userEvent.click(await screen.findByRole("button", { name: "Export" }, WAIT));
      await userEvent.click(await screen.findByLabelText("Send it to me by e-mail", undefined, WAIT));
      const dialog = within(await screen.findByRole("dialog", undefined, WAIT));
      await userEvent.click(dialog.getByRole("button", { name: "Export" }));
      expect(await screen.findByText("Report sent to demo@laurel.test", undefined, WAIT)).toBeTruthy();
      expect(fake.callsTo("POST", "/apiSa/analytics/export/email")[0]?.body).toEqual({
        report: "point",
        range: "last_7_days",
      });
    },
    SLOW,
  );
});
