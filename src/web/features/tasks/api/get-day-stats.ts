import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DayStatsResponse } from "../../../../shared/api/tasks.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { taskQueryKeys } from "./task-query-keys.ts";

export const dayStatsPath = (date: string) => `/api/tasks/stats?date=${encodeURIComponent(date)}`;

export async function getDayStats(date: string): Promise<DayStatsResponse> {
  try {
    return await apiJson<DayStatsResponse>(dayStatsPath(date));
  } catch (error) {
    throw new Error("Failed to fetch day stats", { cause: error });
  }
}

export const dayStatsQueryOptions = (date: string) =>
  queryOptions({ queryKey: taskQueryKeys.stats(date), queryFn: () => getDayStats(date) });

export function useDayStats(date: string) {
  return useQuery(dayStatsQueryOptions(date));
}
