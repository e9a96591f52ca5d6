// Every rollover query lives under ["rollover"]; closing a day refreshes the summaries.
export const rolloverQueryKeys = {
  all: ["rollover"] as const,
  settings: () => ["rollover", "settings"] as const,
  summaries: () => ["rollover", "summary"] as const,
  summary: (date: string) => ["rollover", "summary", date] as const,
};
