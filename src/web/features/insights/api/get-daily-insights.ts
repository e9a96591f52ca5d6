import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DailyInsightsResponse } from "../../../../shared/api/insights.ts";
import { ApiError, apiJson } from "../../../lib/api-client.ts";
import { insightsQueryKeys } from "./insights-query-keys.ts";

export const FETCH_INSIGHTS_ERROR = "Failed to fetch insights";
export const EMPTY_DAILY_INSIGHTS: DailyInsightsResponse = { insights: [], viewed: false };

/** A 404 is no insights (spec section 7). */
export async function getDailyInsights(date: string): Promise<DailyInsightsResponse> {
  try {
    return await apiJson(`/api/ai/insights?date=${encodeURIComponent(date)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return EMPTY_DAILY_INSIGHTS;
    throw new Error(FETCH_INSIGHTS_ERROR, { cause: error });
  }
}

/** A task change refreshes it (dependentsOf("tasks")), so the insights follow as the user works. */
export const dailyInsightsQueryOptions = (date: string) =>
  queryOptions({ queryKey: insightsQueryKeys.dailyOf(date), queryFn: () => getDailyInsights(date) });

export function useDailyInsights(date: string) {
  return useQuery({
    ...dailyInsightsQueryOptions(date),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === date ? keepPreviousData(previous) : undefined),
  });
}
