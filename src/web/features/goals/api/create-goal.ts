import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateGoalInput, Goal } from "../../../../shared/api/goals.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { randomUuid } from "../../../lib/client-id.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { type NewGoalInput, type Rollback, applyOptimisticGoalCreate } from "../lib/optimistic-goals.ts";
import { GOALS_PATH } from "./get-goals.ts";
import { refreshGoalLists } from "./refresh-goal-lists.ts";

export const CREATE_GOAL_ERROR = "Failed to create goal";

/** The id is made here, so that a create sent twice by the outbox is one goal and the list shows it at once. */
export async function createGoal(input: NewGoalInput): Promise<Goal> {
  try {
    return await sendWrite<Goal>({ method: "POST", path: GOALS_PATH, json: input, label: `Add goal "${input.title.trim()}"` });
  } catch (error) {
    throw new Error(getErrorMessage(error, CREATE_GOAL_ERROR), { cause: error });
  }
}

/** Its promise waits while offline: the dialog closes at once instead of waiting on it. */
export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation<Goal, Error, CreateGoalInput & { id?: string }, { rollback: Rollback }>({
    // onMutate runs before mutationFn with the same variables: both see the one client-made id.
    onMutate: async (input) => ({ rollback: await applyOptimisticGoalCreate(queryClient, withId(input)) }),
    mutationFn: (input) => createGoal(withId(input)),
    onError: (error, _input, context) => {
      context?.rollback();
      console.error(CREATE_GOAL_ERROR, error);
      toast({
        variant: "destructive",
        title: CREATE_GOAL_ERROR,
        ...(error.message === CREATE_GOAL_ERROR ? {} : { description: error.message }),
      });
    },
    onSuccess: (created) => refreshGoalLists(queryClient, (goals) => goals.map((goal) => (goal.id === created.id ? created : goal))),
  });
}

function withId(input: CreateGoalInput & { id?: string }): NewGoalInput {
  input.id ??= randomUuid();
  return input as NewGoalInput;
}
