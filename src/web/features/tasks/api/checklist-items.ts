import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChecklistItem } from "../../../../shared/api/tasks.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { randomUuid } from "../../../lib/client-id.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { type ChecklistChange, applyOptimisticChecklistChange } from "../lib/optimistic-checklist.ts";
import { type Rollback, findCachedTask } from "../lib/optimistic-task-update.ts";
import { checklistChangeLabel } from "../lib/task-write-labels.ts";
import { invalidateAfterTaskChange } from "./invalidate-after-task-change.ts";
import { taskMutationKey } from "./task-query-keys.ts";
import type { SeriesScope } from "./update-task.ts";

export const CHECKLIST_ERROR = "Failed to update the checklist";

export interface ChecklistVariables {
  taskId: string;
  change: ChecklistChange;
  scope?: SeriesScope;
  taskTitle?: string;
  itemTitle?: string;
}

export function checklistPath(taskId: string, itemId?: string, scope?: SeriesScope): string {
  const item = itemId === undefined ? "" : `/${encodeURIComponent(itemId)}`;
  return `/api/tasks/${encodeURIComponent(taskId)}/checklist${item}${scope === "future" ? "?scope=future" : ""}`;
}

export async function sendChecklistChange({ taskId, change, scope, taskTitle = "task", itemTitle = "step" }: ChecklistVariables) {
  const label = checklistChangeLabel(change, taskTitle, itemTitle);
  try {
    if (change.kind === "add") {
      return await sendWrite<ChecklistItem>({ method: "POST", path: checklistPath(taskId, undefined, scope), json: change.item, label });
    }
    if (change.kind === "update") {
      return await sendWrite<ChecklistItem>({
        method: "PATCH",
        path: checklistPath(taskId, change.itemId, scope),
        json: change.patch,
        label,
      });
    }
    await sendWrite({ method: "DELETE", path: checklistPath(taskId, change.itemId, scope), label });
    return null;
  } catch (error) {
    throw new Error(getErrorMessage(error, CHECKLIST_ERROR), { cause: error });
  }
}

export function newChecklistItem(title: string, position?: number): ChecklistChange {
  return { kind: "add", item: { id: randomUuid(), title: title.trim(), ...(position === undefined ? {} : { position }) } };
}

export function useChecklistChange() {
  const queryClient = useQueryClient();
  return useMutation<ChecklistItem | null, Error, ChecklistVariables, { rollback: Rollback }>({
    mutationKey: taskMutationKey,
    onMutate: async (variables) => {
      const task = findCachedTask(queryClient, variables.taskId);
      variables.taskTitle ??= task?.title;
      if (variables.change.kind !== "add") {
        const itemId = variables.change.itemId;
        variables.itemTitle ??= task?.checklist.find((item) => item.id === itemId)?.title;
      }
      return { rollback: await applyOptimisticChecklistChange(queryClient, variables.taskId, variables.change) };
    },
    mutationFn: sendChecklistChange,
    onError: (error, _variables, context) => {
      context?.rollback();
      toast({
        variant: "destructive",
        title: CHECKLIST_ERROR,
        ...(error.message === CHECKLIST_ERROR ? {} : { description: error.message }),
      });
    },
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
