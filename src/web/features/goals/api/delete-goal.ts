import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { type Rollback, applyOptimisticGoalDelete, cachedGoalTitle } from "../lib/optimistic-goals.ts";
import { refreshGoalLists } from "./refresh-goal-lists.ts";

export const DELETE_GOAL_ERROR = "Failed to delete goal";

export interface DeleteGoalVariables {
  id: string;
  title?: string;
}

export async function deleteGoal({ id, title = "goal" }: DeleteGoalVariables): Promise<void> {
  try {
    await sendWrite({ method: "DELETE", path: `/api/goals/${encodeURIComponent(id)}`, label: `Delete goal "${title}"` });
  } catch (error) {
    throw new Error(getErrorMessage(error, DELETE_GOAL_ERROR), { cause: error });
  }
}

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, DeleteGoalVariables, { rollback: Rollback }>({
    onMutate: async (variables) => {
      variables.title ??= cachedGoalTitle(queryClient, variables.id);
      return { rollback: await applyOptimisticGoalDelete(queryClient, variables.id) };
    },
    mutationFn: deleteGoal,
    onError: (error, _variables, context) => {
      context?.rollback();
      console.error(DELETE_GOAL_ERROR, error);
      toast({
        variant: "destructive",
        title: DELETE_GOAL_ERROR,
        ...(error.message === DELETE_GOAL_ERROR ? {} : { description: error.message }),
      });
    },
    onSuccess: () => refreshGoalLists(queryClient),
  });
}
