import { queryPrefixes } from "../../../lib/query-dependents.ts";

// Every tasks query lives under the tasks prefix, so one invalidation refreshes them all after a change.
const all = queryPrefixes.tasks;
export const taskQueryKeys = {
  all,
  days: () => [...all, "day"] as const,
  day: (date: string) => [...all, "day", date] as const,
  stalled: () => [...all, "stalled"] as const,
  futures: () => [...all, "future"] as const,
  future: (startDate: string, endDate: string) => [...all, "future", startDate, endDate] as const,
  stats: (date: string) => [...all, "stats", date] as const,
};

export const taskMutationKey = [...all, "mutation"] as const;
