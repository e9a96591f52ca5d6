import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useDayTasks } from "../api/get-day-tasks.ts";
import { useStalledTasks } from "../api/get-stalled-tasks.ts";
import { taskQueryKeys } from "../api/task-query-keys.ts";

/**
 * The viewed day's tasks and the stalled tasks. The server stalls tasks each scheduler tick and
 * when the stalled list is read (polled every minute), so when that list has a task of this day
 * that the day's list does not show as stalled, the day's list is fetched again.
 */
export function useBoardTasks(date: string) {
  const queryClient = useQueryClient();
  const day = useDayTasks(date);
  const stalled = useStalledTasks();

  useEffect(() => {
    if (!day.data || !stalled.data) return;
    const dayStatuses = new Map(day.data.map((task) => [task.id, task.status]));
    const isOutdated = stalled.data.some((task) => task.date === date && dayStatuses.get(task.id) !== "stalled");
    if (isOutdated) void queryClient.invalidateQueries({ queryKey: taskQueryKeys.day(date), exact: true });
  }, [date, day.data, stalled.data, queryClient]);

  return { tasks: day.data, stalledTasks: stalled.data ?? [], day };
}
