import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RolloverSummary } from "../../../../shared/api/rollover.ts";
import { ApiError, apiJson } from "../../../lib/api-client.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const NO_ROLLOVER_SUMMARY_ERROR = "No rollover summary found for this date";
export const FETCH_ROLLOVER_SUMMARY_ERROR = "Failed to fetch rollover summary";

export async function getRolloverSummary(date: string): Promise<RolloverSummary> {
  try {
    return await apiJson(`/api/rollover/summary/${encodeURIComponent(date)}`);
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
