import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Goal, UpdateGoalInput } from "../../../../shared/api/goals.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { refreshGoalLists } from "./refresh-goal-lists.ts";

export const UPDATE_GOAL_ERROR = "Failed to update goal";

export interface UpdateGoalVariables {
  id: string;
  input: UpdateGoalInput;
}

export async function updateGoal({ id, input }: UpdateGoalVariables): Promise<Goal> {
  try {
    return await apiJson(`/api/goals/${encodeURIComponent(id)}`, {
      method: "PUT",
      json: input,
    });
  } catch (error) {
    throw new Error(getErrorMessage(error, UPDATE_GOAL_ERROR), { cause: error });
  }
}

export function useUpdateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoal,
    onSuccess: (updated) => refreshGoalLists(queryClient, (goals) => goals.map((goal) => (goal.id === updated.id ? updated : goal))),
  });
}
