import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { refreshGoalLists } from "./refresh-goal-lists.ts";

export const DELETE_GOAL_ERROR = "Failed to delete goal";

export async function deleteGoal(id: string): Promise<void> {
  try {
    await apiJson(`/api/goals/${encodeURIComponent(id)}`, {
      method: "DELETE",
    });
  } catch (error) {
    throw new Error(getErrorMessage(error, DELETE_GOAL_ERROR), { cause: error });
  }
}

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: (_result, id) => refreshGoalLists(queryClient, (goals) => goals.filter((goal) => goal.id !== id)),
  });
}
