export { DailyInsightsCard } from "./components/daily-insights-card.tsx";
export { WeeklySummaryCard } from "./components/weekly-summary-card.tsx";
export { InsightsOverview } from "./components/insights-overview.tsx";
export { insightsQueryKeys } from "./api/insights-query-keys.ts";
export { getDailyInsights } from "./api/get-daily-insights.ts";
export { weeklySummariesPath, weeklySummariesQueryOptions } from "./api/get-weekly-summaries.ts";
