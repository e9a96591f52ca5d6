import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { insightsQueryKeys } from "./insights-query-keys.ts";

export const GENERATE_WEEKLY_SUMMARY_ERROR = "Failed to generate weekly summary";

export async function generateWeeklySummary(): Promise<WeeklySummary> {
  try {
    return await apiJson<WeeklySummary>("/api/weekly-summaries/generate", { method: "POST", json: {} });
  } catch (error) {
    throw new Error(getErrorMessage(error, GENERATE_WEEKLY_SUMMARY_ERROR), { cause: error });
  }
}

export function useGenerateWeeklySummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateWeeklySummary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsQueryKeys.weekly() }),
  });
}
