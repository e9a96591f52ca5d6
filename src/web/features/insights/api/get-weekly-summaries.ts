import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { insightsQueryKeys } from "./insights-query-keys.ts";

export const FETCH_WEEKLY_SUMMARIES_ERROR = "Failed to fetch weekly summaries";

export const weeklySummariesPath = (limit: number) => `/api/weekly-summaries?limit=${limit}`;

export async function getWeeklySummaries(limit: number): Promise<WeeklySummary[]> {
  try {
    return await apiJson(weeklySummariesPath(limit));
  } catch (error) {
    throw new Error(FETCH_WEEKLY_SUMMARIES_ERROR, { cause: error });
  }
}

export const weeklySummariesQueryOptions = (limit: number) =>
  queryOptions({ queryKey: insightsQueryKeys.weeklyList(limit), queryFn: () => getWeeklySummaries(limit) });

export function useWeeklySummaries(limit: number) {
  return useQuery(weeklySummariesQueryOptions(limit));
}
