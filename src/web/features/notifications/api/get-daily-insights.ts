// Under the insights feature's key prefix, so that the engine also sees the insights card's answers.
import { queryOptions } from "@tanstack/react-query";
import { getDailyInsights, insightsQueryKeys } from "../../insights/index.ts";

export type { DailyInsight, DailyInsightsResponse } from "../../../../shared/api/insights.ts";

export const dailyInsightsQueryKey = (date: string) => insightsQueryKeys.dailyOf(date);

export const dailyInsightsQueryOptions = (date: string) =>
  queryOptions({ queryKey: dailyInsightsQueryKey(date), queryFn: () => getDailyInsights(date) });
