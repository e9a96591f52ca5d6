import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { type Rollback, applyOptimisticDelete, nameFromCache } from "../lib/optimistic-task-update.ts";
import { deleteTaskLabel } from "../lib/task-write-labels.ts";
import { invalidateAfterTaskChange } from "./invalidate-after-task-change.ts";
import { taskMutationKey } from "./task-query-keys.ts";
import type { SeriesScope } from "./update-task.ts";

export const DELETE_TASK_ERROR = "Failed to delete task";

export interface DeleteTaskVariables {
  id: string;
  /** A series' occurrence: this one only, or the series ends at its day. */
  scope?: SeriesScope;
  /** For the outbox's lists; the cached task's when not given. */
  title?: string;
}

export async function deleteTask({ id, scope, title = "task" }: DeleteTaskVariables): Promise<void> {
  const query = scope ? `?scope=${scope}` : "";
  try {
    await sendWrite({ method: "DELETE", path: `/api/tasks/${encodeURIComponent(id)}${query}`, label: deleteTaskLabel(title) });
  } catch (error) {
    throw new Error(getErrorMessage(error, DELETE_TASK_ERROR), { cause: error });
  }
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, DeleteTaskVariables, { rollback: Rollback }>({
    mutationKey: taskMutationKey,
    onMutate: async (variables) => {
      nameFromCache(queryClient, variables);
      return { rollback: await applyOptimisticDelete(queryClient, variables.id) };
    },
    mutationFn: deleteTask,
    onError: (_error, _variables, context) => {
      context?.rollback();
      toast({ variant: "destructive", title: DELETE_TASK_ERROR });
    },
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
