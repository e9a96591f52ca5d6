// Every insights query lives under ["insights"].
export const insightsQueryKeys = {
  all: ["insights"] as const,
  /** A day's insights; `revision` changes with the day's tasks, so the board's work refetches them. */
  daily: (date: string, revision: string) => ["insights", "daily", date, revision] as const,
  dailyOf: (date: string) => ["insights", "daily", date] as const,
  weekly: () => ["insights", "weekly"] as const,
  weeklyList: (limit: number) => ["insights", "weekly", limit] as const,
};
