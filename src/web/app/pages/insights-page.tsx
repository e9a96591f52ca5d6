import { PAGE_WEEKLY_SUMMARIES } from "../../../shared/api/insight-limits.ts";
import { InsightsOverview, weeklySummariesPath, weeklySummariesQueryOptions } from "../../features/insights/index.ts";
import type { FirstQuery } from "../../lib/first-render.ts";

export function InsightsPage() {
  return <InsightsOverview />;
}

export function firstQueries(): FirstQuery[] {
  return [{ path: weeklySummariesPath(PAGE_WEEKLY_SUMMARIES), options: weeklySummariesQueryOptions(PAGE_WEEKLY_SUMMARIES) }];
}
