import { queryPrefixes } from "../../../lib/query-dependents.ts";

// Every rollover query lives under the rollover prefix; a rollover refreshes the summaries.
export const rolloverQueryKeys = {
  all: queryPrefixes.rollover,
  settings: () => [...queryPrefixes.rollover, "settings"] as const,
  summaries: () => queryPrefixes.rolloverSummaries,
  summary: (date: string) => [...queryPrefixes.rolloverSummaries, date] as const,
};
