import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateGoalInput, Goal } from "../../../../shared/api/goals.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { refreshGoalLists } from "./refresh-goal-lists.ts";

export const CREATE_GOAL_ERROR = "Failed to create goal";

export async function createGoal(input: CreateGoalInput): Promise<Goal> {
  try {
    return await apiJson("/api/goals", { method: "POST", json: input });
  } catch (error) {
    throw new Error(getErrorMessage(error, CREATE_GOAL_ERROR), { cause: error });
  }
}

export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGoal,
    // The list is newest first.
    onSuccess: (created) => refreshGoalLists(queryClient, (goals) => [created, ...goals.filter((goal) => goal.id !== created.id)]),
  });
}
