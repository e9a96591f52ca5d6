import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateBreakdownTasksInput, CreateBreakdownTasksResponse } from "../../../../shared/api/ai-breakdown.ts";
import type { Goal } from "../../../../shared/api/goals.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { goalsQueryKey } from "../../goals/index.ts";
import { taskQueryKeys } from "../../tasks/index.ts";

export function createBreakdownTasks(breakdownId: string, input: CreateBreakdownTasksInput): Promise<CreateBreakdownTasksResponse> {
  return apiJson(`/api/ai/breakdowns/${encodeURIComponent(breakdownId)}/tasks`, { method: "POST", json: input });
}

export function useCreateBreakdownTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ breakdownId, input }: { breakdownId: string; input: CreateBreakdownTasksInput }) =>
      createBreakdownTasks(breakdownId, input),
    onSuccess: ({ goal }) => {
      queryClient.setQueryData<Goal[]>(goalsQueryKey, (goals) => goals?.map((candidate) => (candidate.id === goal.id ? goal : candidate)));
      void queryClient.invalidateQueries({ queryKey: goalsQueryKey });
      void queryClient.invalidateQueries({ queryKey: taskQueryKeys.all });
    },
  });
}
