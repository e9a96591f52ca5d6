// Every tasks query lives under ["tasks"], so one invalidation refreshes them all after a change.
export const taskQueryKeys = {
  all: ["tasks"] as const,
  days: () => ["tasks", "day"] as const,
  day: (date: string) => ["tasks", "day", date] as const,
  stalled: () => ["tasks", "stalled"] as const,
  futures: () => ["tasks", "future"] as const,
  future: (startDate: string, endDate: string) => ["tasks", "future", startDate, endDate] as const,
  stats: (date: string) => ["tasks", "stats", date] as const,
};

/** Goal progress depends on task status: every task change refreshes the goals too. */
export const goalsQueryKey = ["goals"] as const;

export const taskMutationKey = ["tasks", "mutation"] as const;
