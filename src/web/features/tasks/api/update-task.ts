import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task, UpdateTaskInput } from "../../../../shared/api/tasks.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { type Rollback, type TaskPatch, applyOptimisticPatch } from "../lib/optimistic-task-update.ts";
import { invalidateAfterTaskChange } from "./invalidate-after-task-change.ts";
import { taskMutationKey } from "./task-query-keys.ts";

export interface UpdateTaskVariables {
  id: string;
  patch: TaskPatch;
  /** A series' occurrence: this one only (the default) or this and the following ones. */
  scope?: SeriesScope;
  /** A drop sends it at once, before the board re-renders, so that the save does not wait for the render. */
  sent?: Promise<Task>;
}

export type SeriesScope = "this" | "future";

export async function updateTask({ id, patch, scope }: Pick<UpdateTaskVariables, "id" | "patch" | "scope">): Promise<Task> {
  const json: UpdateTaskInput = scope ? { ...patch, scope } : patch;
  try {
    return await apiJson<Task>(`/api/tasks/${encodeURIComponent(id)}`, { method: "PATCH", json });
  } catch (error) {
    throw new Error(getErrorMessage(error, "Failed to update task"), { cause: error });
  }
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation<Task, Error, UpdateTaskVariables, { rollback: Rollback }>({
    mutationKey: taskMutationKey,
    mutationFn: (variables) => variables.sent ?? updateTask(variables),
    onMutate: async ({ id, patch }) => ({ rollback: await applyOptimisticPatch(queryClient, id, patch) }),
    onError: (_error, _variables, context) => context?.rollback(),
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
