import type { QueryClient } from "@tanstack/react-query";
import type { ChecklistItem, Task } from "../../../../shared/api/tasks.ts";
import { type Rollback, applyOptimisticChange, changeCachedTask } from "./optimistic-task-update.ts";

export type ChecklistChange =
  | { kind: "add"; item: { id: string; title: string; position?: number } }
  | { kind: "update"; itemId: string; patch: { title?: string; done?: boolean; position?: number } }
  | { kind: "delete"; itemId: string };

const numbered = (items: ChecklistItem[]): ChecklistItem[] => items.map((item, position) => ({ ...item, position }));

export function changeChecklist(items: readonly ChecklistItem[], change: ChecklistChange): ChecklistItem[] {
  const list = [...items];
  if (change.kind === "add") {
    const isReplayed = list.some((item) => item.id === change.item.id);
    if (isReplayed) return list;
    const at = Math.min(change.item.position ?? list.length, list.length);
    list.splice(at, 0, { id: change.item.id, title: change.item.title.trim(), done: false, position: at });
    return numbered(list);
  }
  const index = list.findIndex((item) => item.id === change.itemId);
  if (index === -1) return list;
  if (change.kind === "delete") return numbered(list.filter((item) => item.id !== change.itemId));
  const { title, done, position } = change.patch;
  const item = { ...list[index]!, ...(title !== undefined ? { title: title.trim() } : {}), ...(done !== undefined ? { done } : {}) };
  list.splice(index, 1);
  list.splice(Math.min(position ?? index, list.length), 0, item);
  return numbered(list);
}

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
