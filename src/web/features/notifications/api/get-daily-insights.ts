// Today's insights, read here only to notify about new high-priority ones: the insights feature's
// call (a 404 is no insights), under its key prefix (["insights", "daily", date, ...]), so the
// engine also sees the answers of the insights card's own queries of the day.
import { queryOptions } from "@tanstack/react-query";
import { getDailyInsights, insightsQueryKeys } from "../../insights/index.ts";

export type { DailyInsight, DailyInsightsResponse } from "../../../../shared/api/insights.ts";

export const dailyInsightsQueryKey = (date: string) => insightsQueryKeys.dailyOf(date);

export const dailyInsightsQueryOptions = (date: string) =>
  queryOptions({ queryKey: dailyInsightsQueryKey(date), queryFn: () => getDailyInsights(date) });
