import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RolloverSummary, RolloverSummaryLookup } from "../../../../shared/api/rollover.ts";
import { ApiError, apiJson } from "../../../lib/api-client.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const NO_ROLLOVER_SUMMARY_ERROR = "No rollover summary found for this date";
export const FETCH_ROLLOVER_SUMMARY_ERROR = "Failed to fetch rollover summary";

/** Null for a day not rolled over: the query form's answer, where the path's 404 would be logged by the browser. */
export async function getRolloverSummary(date: string): Promise<RolloverSummary | null> {
  try {
    return (await apiJson<RolloverSummaryLookup>(`/api/rollover/summary?date=${encodeURIComponent(date)}`)).summary;
  } catch (error) {
    const isMissing = error instanceof ApiError && error.status === 404;
    throw new Error(isMissing ? NO_ROLLOVER_SUMMARY_ERROR : FETCH_ROLLOVER_SUMMARY_ERROR, { cause: error });
  }
}

export const rolloverSummaryQueryOptions = (date: string) =>
  queryOptions({ queryKey: rolloverQueryKeys.summary(date), queryFn: () => getRolloverSummary(date) });

export function useRolloverSummary(date: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...rolloverSummaryQueryOptions(date), enabled: options.enabled ?? true });
}
