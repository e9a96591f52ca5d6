import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task, UpdateTaskInput } from "../../../../shared/api/tasks.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { type Rollback, type TaskPatch, applyOptimisticPatch, nameFromCache } from "../lib/optimistic-task-update.ts";
import { updateTaskLabel } from "../lib/task-write-labels.ts";
import { invalidateAfterTaskChange } from "./invalidate-after-task-change.ts";
import { taskMutationKey } from "./task-query-keys.ts";

export const UPDATE_TASK_ERROR = "Failed to update task";

export interface UpdateTaskVariables {
  id: string;
  patch: TaskPatch;
  /** A series' occurrence: this one only (the default) or this and the following ones. */
  scope?: SeriesScope;
  /** The task's title before the change, for the outbox's lists; the cached task's when not given. */
  title?: string;
  /** A drop sends it at once, before the board re-renders, so that the save does not wait for the render. */
  sent?: Promise<Task>;
}

export type SeriesScope = "this" | "future";

export async function updateTask({ id, patch, scope, title = "task" }: Omit<UpdateTaskVariables, "sent">): Promise<Task> {
  const json: UpdateTaskInput = scope ? { ...patch, scope } : patch;
  try {
    return await sendWrite<Task>({
      method: "PATCH",
      path: `/api/tasks/${encodeURIComponent(id)}`,
      json,
      label: updateTaskLabel(title, patch),
    });
  } catch (error) {
    throw new Error(getErrorMessage(error, UPDATE_TASK_ERROR), { cause: error });
  }
}

/** Its promise waits while offline: callers close or move on at once instead of waiting on it. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation<Task, Error, UpdateTaskVariables, { rollback: Rollback }>({
    mutationKey: taskMutationKey,
    onMutate: async (variables) => {
      nameFromCache(queryClient, variables);
      return { rollback: await applyOptimisticPatch(queryClient, variables.id, variables.patch) };
    },
    mutationFn: (variables) => variables.sent ?? updateTask(variables),
    onError: (error, _variables, context) => {
      context?.rollback();
      toast({
        variant: "destructive",
        title: UPDATE_TASK_ERROR,
        ...(error.message === UPDATE_TASK_ERROR ? {} : { description: error.message }),
      });
    },
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
