export { AnalyticsReportView } from "./components/analytics-report-view";
export { DashboardFigures } from "./components/dashboard-figures";
export { WeeklyReportCard } from "./components/weekly-report-card";
