import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DayTasksResponse } from "../../../../shared/api/tasks.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { taskQueryKeys } from "./task-query-keys.ts";

export const dayTasksPath = (date: string) => `/api/tasks?date=${encodeURIComponent(date)}`;

export async function getDayTasks(date: string): Promise<DayTasksResponse> {
  try {
    return await apiJson<DayTasksResponse>(dayTasksPath(date));
  } catch (error) {
    throw new Error("Failed to fetch tasks", { cause: error });
  }
}

export const dayTasksQueryOptions = (date: string) => queryOptions({ queryKey: taskQueryKeys.day(date), queryFn: () => getDayTasks(date) });

export function useDayTasks(date: string) {
  return useQuery(dayTasksQueryOptions(date));
}
