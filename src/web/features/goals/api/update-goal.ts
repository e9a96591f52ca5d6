import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Goal, UpdateGoalInput } from "../../../../shared/api/goals.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { type Rollback, applyOptimisticGoalUpdate, cachedGoalTitle } from "../lib/optimistic-goals.ts";
import { refreshGoalLists } from "./refresh-goal-lists.ts";

export const UPDATE_GOAL_ERROR = "Failed to update goal";

export interface UpdateGoalVariables {
  id: string;
  input: UpdateGoalInput;
  /** The goal's title before the change, for the outbox's lists. */
  title?: string;
}

export async function updateGoal({ id, input, title = "goal" }: UpdateGoalVariables): Promise<Goal> {
  try {
    return await sendWrite<Goal>({
      method: "PUT",
      path: `/api/goals/${encodeURIComponent(id)}`,
      json: input,
      label: `Edit goal "${title}"`,
    });
  } catch (error) {
    throw new Error(getErrorMessage(error, UPDATE_GOAL_ERROR), { cause: error });
  }
}

export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation<Goal, Error, UpdateGoalVariables, { rollback: Rollback }>({
    onMutate: async (variables) => {
      variables.title ??= cachedGoalTitle(queryClient, variables.id);
      return { rollback: await applyOptimisticGoalUpdate(queryClient, variables.id, variables.input) };
    },
    mutationFn: updateGoal,
    onError: (error, _variables, context) => {
      context?.rollback();
      console.error(UPDATE_GOAL_ERROR, error);
      toast({
        variant: "destructive",
        title: UPDATE_GOAL_ERROR,
        ...(error.message === UPDATE_GOAL_ERROR ? {} : { description: error.message }),
      });
    },
    onSuccess: (updated) => refreshGoalLists(queryClient, (goals) => goals.map((goal) => (goal.id === updated.id ? updated : goal))),
  });
}
