import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FutureTasksResponse } from "../../../../shared/api/tasks.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { taskQueryKeys } from "./task-query-keys.ts";

export const FUTURE_TASKS_STALE_TIME_MS = 5 * 60_000;
export const FUTURE_TASKS_REFETCH_INTERVAL_MS = 10 * 60_000;

export async function getFutureTasks(startDate: string, endDate: string): Promise<FutureTasksResponse> {
  const query = new URLSearchParams({ startDate, endDate });
  try {
    return await apiJson<FutureTasksResponse>(`/api/tasks/future?${query.toString()}`);
  } catch (error) {
    throw new Error("Failed to fetch future tasks", { cause: error });
  }
}

export const futureTasksQueryOptions = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: taskQueryKeys.future(startDate, endDate),
    queryFn: () => getFutureTasks(startDate, endDate),
    staleTime: FUTURE_TASKS_STALE_TIME_MS,
    refetchInterval: FUTURE_TASKS_REFETCH_INTERVAL_MS,
  });

export function useFutureTasks(window: { startDate: string; endDate: string }, options: { enabled?: boolean } = {}) {
  return useQuery({ ...futureTasksQueryOptions(window.startDate, window.endDate), enabled: options.enabled ?? true });
}
