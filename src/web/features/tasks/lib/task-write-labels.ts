import type { TaskPatch } from "./optimistic-task-update.ts";
import type { ChecklistChange } from "./optimistic-checklist.ts";

const quoted = (title: string) => `"${title}"`;

export const addTaskLabel = (title: string) => `Add ${quoted(title.trim())}`;
export const deleteTaskLabel = (title: string) => `Delete ${quoted(title)}`;

/** What the person did, for the outbox's waiting and refused lists; named by the task's title before the change. */
export function updateTaskLabel(title: string, patch: TaskPatch): string {
  if (patch.title !== undefined && patch.title.trim() !== title) return `Rename ${quoted(title)}`;
  if (patch.status === "done") return `Complete ${quoted(title)}`;
  if (patch.status !== undefined || patch.date !== undefined || patch.position !== undefined) return `Move ${quoted(title)}`;
  return `Edit ${quoted(title)}`;
}

export function checklistChangeLabel(change: ChecklistChange, taskTitle: string, itemTitle: string): string {
  if (change.kind === "add") return `Add step ${quoted(change.item.title)} to ${quoted(taskTitle)}`;
  if (change.kind === "delete") return `Delete step ${quoted(itemTitle)} of ${quoted(taskTitle)}`;
  const { title, done, position } = change.patch;
  if (title !== undefined && title.trim() !== itemTitle) return `Rename step ${quoted(itemTitle)} of ${quoted(taskTitle)}`;
  if (done !== undefined) return `${done ? "Tick" : "Untick"} step ${quoted(itemTitle)} of ${quoted(taskTitle)}`;
  if (position !== undefined) return `Move step ${quoted(itemTitle)} of ${quoted(taskTitle)}`;
  return `Edit step ${quoted(itemTitle)} of ${quoted(taskTitle)}`;
}
