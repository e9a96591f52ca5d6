import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTaskInput, Task } from "../../../../shared/api/tasks.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { randomUuid } from "../../../lib/client-id.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { type NewTaskInput, type Rollback, applyOptimisticCreate } from "../lib/optimistic-task-update.ts";
import { addTaskLabel } from "../lib/task-write-labels.ts";
import { invalidateAfterTaskChange } from "./invalidate-after-task-change.ts";
import { taskMutationKey } from "./task-query-keys.ts";

export const CREATE_TASK_ERROR = "Failed to create task";
export const TASKS_PATH = "/api/tasks";

/** The id is made here, so that a create sent twice by the outbox is one task and the card shows at once. */
export async function createTask(input: NewTaskInput): Promise<Task> {
  try {
    return await sendWrite<Task>({ method: "POST", path: TASKS_PATH, json: input, label: addTaskLabel(input.title) });
  } catch (error) {
    throw new Error(getErrorMessage(error, CREATE_TASK_ERROR), { cause: error });
  }
}

/** Its promise waits while offline: callers clear or close at once instead of waiting on it. */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation<Task, Error, CreateTaskInput & { id?: string }, { rollback: Rollback }>({
    mutationKey: taskMutationKey,
    // onMutate runs before mutationFn with the same variables: both see the one client-made id.
    onMutate: async (input) => ({ rollback: await applyOptimisticCreate(queryClient, withId(input)) }),
    mutationFn: (input) => createTask(withId(input)),
    onError: (_error, _input, context) => {
      context?.rollback();
      toast({ variant: "destructive", title: "Error", description: CREATE_TASK_ERROR });
    },
    onSettled: () => invalidateAfterTaskChange(queryClient),
  });
}

function withId(input: CreateTaskInput & { id?: string }): NewTaskInput {
  input.id ??= randomUuid();
  return input as NewTaskInput;
}
