import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, getErrorMessage } from "../../../lib/api-client.ts";
import { type Rollback, applyOptimisticDelete } from "../lib/optimistic-task-update.ts";
import { invalidateAfterTaskChange } from "./invalidate-after-task-change.ts";
import { taskMutationKey } from "./task-query-keys.ts";
import type { SeriesScope } from "./update-task.ts";

export interface DeleteTaskVariables {
  id: string;
  /** A series' occurrence: this one only, or the series ends at its day. */
  scope?: SeriesScope;
}

export async function deleteTask({ id, scope }: DeleteTaskVariables): Promise<void> {
  const query = scope ? `?scope=${scope}` : "";
  try {
    await apiFetch(`/api/tasks/${encodeURIComponent(id)}${query}`, { method: "DELETE" });
  } catch (error) {
    throw new Error(getErrorMessage(error, "Failed to delete task"), { cause: error });
  }
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, DeleteTaskVariables, { rollback: Rollback }>({
    mutationKey: taskMutationKey,
    mutationFn: deleteTask,
    onMutate: async ({ id }) => ({ rollback: await applyOptimisticDelete(queryClient, id) }),
    onError: (_error, _id, context) => context?.rollback(),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
