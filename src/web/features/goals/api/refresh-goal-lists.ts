import type { QueryClient } from "@tanstack/react-query";
import type { Goal } from "../../../../shared/api/goals.ts";
import { refreshDependents } from "../../../lib/query-dependents.ts";
import { goalsQueryKey } from "./get-goals.ts";

/** Task cards show their goal's title and the task dialog lists the goals, so both must follow without a reload. */
export function refreshGoalLists(queryClient: QueryClient, update?: (goals: Goal[]) => Goal[]): void {
  if (update) queryClient.setQueryData<Goal[]>(goalsQueryKey, (goals) => (goals ? update(goals) : goals));
  void refreshDependents(queryClient, ["goals"]);
}
