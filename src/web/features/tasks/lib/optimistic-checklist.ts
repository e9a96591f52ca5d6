import type { QueryClient } from "@tanstack/react-query";
import type { Task } from "../../../../shared/api/tasks.ts";
import { type ChecklistChange, changeChecklist } from "../../../../shared/rules/checklist.ts";
import { type Rollback, applyOptimisticChange, changeCachedTask } from "./optimistic-task-update.ts";

export type { ChecklistChange };

export function changeTaskChecklist(task: Task, change: ChecklistChange, now: Date): Task {
  return { ...task, checklist: changeChecklist(task.checklist, change), updatedAt: now.toISOString() };
}

export function applyOptimisticChecklistChange(
  queryClient: QueryClient,
  taskId: string,
  change: ChecklistChange,
  now = new Date(),
): Promise<Rollback> {
  return applyOptimisticChange(queryClient, taskId, (task) => changeTaskChecklist(task, change, now));
}

export function changeCachedChecklist(queryClient: QueryClient, taskId: string, change: ChecklistChange, now: Date): Rollback {
  return changeCachedTask(queryClient, taskId, (task) => changeTaskChecklist(task, change, now));
}
