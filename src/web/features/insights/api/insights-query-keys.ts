import { queryPrefixes } from "../../../lib/query-dependents.ts";

const all = queryPrefixes.insights;
export const insightsQueryKeys = {
  all,
  dailyOf: (date: string) => [...all, "daily", date] as const,
  weekly: () => [...all, "weekly"] as const,
  weeklyList: (limit: number) => [...all, "weekly", limit] as const,
};
