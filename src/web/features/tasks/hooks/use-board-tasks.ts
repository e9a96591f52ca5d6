import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useDayTasks } from "../api/get-day-tasks.ts";
import { useStalledTasks } from "../api/get-stalled-tasks.ts";
import { taskQueryKeys } from "../api/task-query-keys.ts";

/** The server stalls tasks on its own, so a day list that disagrees with the stalled list is fetched again. */
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
