import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTaskInput, Task } from "../../../../shared/api/tasks.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { invalidateAfterTaskChange } from "./invalidate-after-task-change.ts";
import { taskMutationKey } from "./task-query-keys.ts";

export async function createTask(input: CreateTaskInput): Promise<Task> {
  try {
    return await apiJson<Task>("/api/tasks", { method: "POST", json: input });
  } catch (error) {
    throw new Error(getErrorMessage(error, "Failed to create task"), { cause: error });
  }
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: taskMutationKey,
    mutationFn: createTask,
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}
