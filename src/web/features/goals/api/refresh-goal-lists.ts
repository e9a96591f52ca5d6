import type { QueryClient } from "@tanstack/react-query";
import type { Goal } from "../../../../shared/api/goals.ts";
import { goalsQueryKey } from "./get-goals.ts";

/**
 * Every goal change refreshes the goal list and every task list: task cards show their goal's
 * title and the task dialog's select lists the goals, so both must follow without a reload.
 * `update` applies the server's answer to the cached list at once, so the page does not wait for
 * the refetch.
 */
export function refreshGoalLists(queryClient: QueryClient, update?: (goals: Goal[]) => Goal[]): void {
  if (update) queryClient.setQueryData<Goal[]>(goalsQueryKey, (goals) => (goals ? update(goals) : goals));
  void queryClient.invalidateQueries({ queryKey: goalsQueryKey });
  void queryClient.invalidateQueries({ queryKey: ["tasks"] });
}
