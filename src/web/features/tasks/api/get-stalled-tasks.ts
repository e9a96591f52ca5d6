import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StalledTasksResponse } from "../../../../shared/api/tasks.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { taskQueryKeys } from "./task-query-keys.ts";

export const STALLED_POLL_INTERVAL_MS = 60_000;
export const STALLED_TASKS_PATH = "/api/tasks/stalled";

export async function getStalledTasks(): Promise<StalledTasksResponse> {
  try {
    return await apiJson<StalledTasksResponse>(STALLED_TASKS_PATH);
  } catch (error) {
    throw new Error("Failed to fetch stalled tasks", { cause: error });
  }
}

export const stalledTasksQueryOptions = () =>
  queryOptions({ queryKey: taskQueryKeys.stalled(), queryFn: getStalledTasks, refetchInterval: STALLED_POLL_INTERVAL_MS });

export function useStalledTasks() {
  return useQuery(stalledTasksQueryOptions());
}
