import type { QueryClient } from "@tanstack/react-query";
import type { UpdateTaskInput } from "../../../../shared/api/tasks.ts";
import type { OutboxEntry } from "../../../lib/outbox/index.ts";
import type { PendingWriteRule } from "../../../lib/pending-writes.ts";
import { type ChecklistChange, changeCachedChecklist } from "./optimistic-checklist.ts";
import { type NewTaskInput, type TaskPatch, changeCachedTask, patchCachedTask, placeNewTask } from "./optimistic-task-update.ts";

const taskId = (match: RegExpExecArray) => decodeURIComponent(match[1]!);
const itemId = (match: RegExpExecArray) => decodeURIComponent(match[2]!);
const checklistChange = (queryClient: QueryClient, entry: OutboxEntry, match: RegExpExecArray, change: ChecklistChange) =>
  void changeCachedChecklist(queryClient, taskId(match), change, new Date(entry.createdAt));

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
  {
    method: "POST",
    path: /^\/api\/tasks\/([^/?]+)\/checklist(?:\?.*)?$/,
    apply: (queryClient, entry, match) =>
      checklistChange(queryClient, entry, match, { kind: "add", item: entry.json as Extract<ChecklistChange, { kind: "add" }>["item"] }),
  },
  {
    method: "PATCH",
    path: /^\/api\/tasks\/([^/?]+)\/checklist\/([^/?]+)(?:\?.*)?$/,
    apply: (queryClient, entry, match) =>
      checklistChange(queryClient, entry, match, {
        kind: "update",
        itemId: itemId(match),
        patch: entry.json as Extract<ChecklistChange, { kind: "update" }>["patch"],
      }),
  },
  {
    method: "DELETE",
    path: /^\/api\/tasks\/([^/?]+)\/checklist\/([^/?]+)(?:\?.*)?$/,
    apply: (queryClient, entry, match) => checklistChange(queryClient, entry, match, { kind: "delete", itemId: itemId(match) }),
  },
];
