import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Goal } from "../../../../shared/api/goals.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { queryPrefixes } from "../../../lib/query-dependents.ts";

export const goalsQueryKey = queryPrefixes.goals;

export const FETCH_GOALS_ERROR = "Failed to fetch goals";

export const GOALS_PATH = "/api/goals";

export function getGoals(): Promise<Goal[]> {
  return apiJson(GOALS_PATH);
}

export const goalsQueryOptions = () => queryOptions({ queryKey: goalsQueryKey, queryFn: getGoals });

export function useGoals() {
  return useQuery(goalsQueryOptions());
}
