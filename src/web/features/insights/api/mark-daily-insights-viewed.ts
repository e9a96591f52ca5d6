import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DailyInsightsResponse } from "../../../../shared/api/insights.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { insightsQueryKeys } from "./insights-query-keys.ts";

export async function markDailyInsightsViewed(date: string): Promise<DailyInsightsResponse> {
  return sendWrite({ method: "PATCH", path: `/api/ai/insights/${encodeURIComponent(date)}/viewed`, label: "Read the day's insights" });
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
