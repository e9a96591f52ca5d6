export const insightsQueryKeys = {
  all: ["insights"] as const,
  daily: (date: string, revision: string) => ["insights", "daily", date, revision] as const,
  dailyOf: (date: string) => ["insights", "daily", date] as const,
  weekly: () => ["insights", "weekly"] as const,
  weeklyList: (limit: number) => ["insights", "weekly", limit] as const,
};
