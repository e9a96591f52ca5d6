import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DailyInsightsResponse } from "../../../../shared/api/insights.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { insightsQueryKeys } from "./insights-query-keys.ts";

export async function markDailyInsightsViewed(date: string): Promise<DailyInsightsResponse> {
  return apiJson(`/api/ai/insights/${encodeURIComponent(date)}/viewed`, { method: "PATCH" });
}

export function useMarkDailyInsightsViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDailyInsightsViewed,
    onMutate: (date) => {
      queryClient.setQueriesData<DailyInsightsResponse>({ queryKey: insightsQueryKeys.dailyOf(date) }, (current) =>
        current ? { ...current, viewed: true } : current,
      );
    },
    onError: (error) => console.warn("Failed to mark insights viewed", error),
  });
}
