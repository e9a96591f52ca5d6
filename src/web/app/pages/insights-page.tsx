import { PAGE_WEEKLY_SUMMARIES } from "../../../shared/api/insight-limits.ts";
import { InsightsOverview, weeklySummariesPath, weeklySummariesQueryOptions } from "../../features/insights/index.ts";
import type { FirstQuery } from "../../lib/first-render.ts";

/** The Insights page (spec section 2): the weekly summaries, the placeholders and the detail dialog. */
export function InsightsPage() {
  return <InsightsOverview />;
}

/** What the page's first render shows (decision 013): the weekly summaries. */
export function firstQueries(): FirstQuery[] {
  return [{ path: weeklySummariesPath(PAGE_WEEKLY_SUMMARIES), options: weeklySummariesQueryOptions(PAGE_WEEKLY_SUMMARIES) }];
}
