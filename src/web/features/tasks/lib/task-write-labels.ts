import type { TaskPatch } from "./optimistic-task-update.ts";

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
