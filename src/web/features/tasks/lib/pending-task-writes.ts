import type { UpdateTaskInput } from "../../../../shared/api/tasks.ts";
import type { PendingWriteRule } from "../../../lib/pending-writes.ts";
import { type NewTaskInput, type TaskPatch, changeCachedTask, patchCachedTask, placeNewTask } from "./optimistic-task-update.ts";

const taskId = (match: RegExpExecArray) => decodeURIComponent(match[1]!);

/** How a waiting task write shows in the cached lists: as its optimistic change did when it was made. */
export const pendingTaskWriteRules: readonly PendingWriteRule[] = [
  {
    method: "POST",
    path: /^\/api\/tasks$/,
    apply: (queryClient, entry) => void placeNewTask(queryClient, entry.json as NewTaskInput, new Date(entry.createdAt)),
  },
  {
    method: "PATCH",
    path: /^\/api\/tasks\/([^/?]+)$/,
    apply: (queryClient, entry, match) => {
      const { scope: _scope, ...patch } = entry.json as UpdateTaskInput;
      patchCachedTask(queryClient, taskId(match), patch as TaskPatch, new Date(entry.createdAt));
    },
  },
  {
    method: "DELETE",
    path: /^\/api\/tasks\/([^/?]+)(?:\?.*)?$/,
    apply: (queryClient, _entry, match) => void changeCachedTask(queryClient, taskId(match), () => null),
  },
];
