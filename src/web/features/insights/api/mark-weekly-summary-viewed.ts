import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { insightsQueryKeys } from "./insights-query-keys.ts";

export async function markWeeklySummaryViewed(id: string): Promise<WeeklySummary> {
  return sendWrite({ method: "PATCH", path: `/api/weekly-summaries/${encodeURIComponent(id)}/viewed`, label: "Read a weekly summary" });
}

export function useMarkWeeklySummaryViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWeeklySummaryViewed,
    onMutate: (id) => {
      // Only the lists that hold it: setting a list's data would also clear its invalidation (a
      // generate meanwhile must still refetch the sidebar's list when it mounts again).
      queryClient.setQueriesData<WeeklySummary[]>({ queryKey: insightsQueryKeys.weekly() }, (list) =>
        list?.some((summary) => summary.id === id)
          ? list.map((summary) => (summary.id === id ? { ...summary, viewed: true } : summary))
          : undefined,
      );
    },
    onError: (error) => console.warn("Failed to mark the weekly summary viewed", error),
  });
}
