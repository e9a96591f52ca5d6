// A failed call counts as 0 / empty (logged), so that the Analytics tab always shows its figures.
import { queryOptions } from "@tanstack/react-query";
import { ANALYTICS_WINDOW_DAYS } from "../../../../shared/api/ai-breakdown-limits.ts";
import type { AcceptanceRateResponse, PlanningConversation, PlanningHistoryResponse } from "../../../../shared/api/ai-breakdown.ts";
import { apiJson } from "../../../lib/api-client.ts";

const aiAnalyticsQueryKey = ["ai", "analytics"] as const;

export async function getAcceptanceRate(days = ANALYTICS_WINDOW_DAYS): Promise<number> {
  try {
    const { acceptanceRate } = await apiJson<AcceptanceRateResponse>(`/api/ai/analytics/acceptance-rate?days=${days}`);
    return acceptanceRate;
  } catch (error) {
    console.warn("Failed to fetch the AI acceptance rate", error);
    return 0;
  }
}

export async function getPlanningHistory(days = ANALYTICS_WINDOW_DAYS): Promise<PlanningConversation[]> {
  try {
    const { conversations } = await apiJson<PlanningHistoryResponse>(`/api/ai/planning/history?days=${days}`);
    return conversations;
  } catch (error) {
    console.warn("Failed to fetch the AI planning history", error);
    return [];
  }
}

// Read afresh each time the tab opens: chats and breakdowns elsewhere change them.
export const acceptanceRateQueryOptions = () =>
  queryOptions({
    queryKey: [...aiAnalyticsQueryKey, "acceptance-rate", ANALYTICS_WINDOW_DAYS],
    queryFn: () => getAcceptanceRate(),
    staleTime: 0,
  });

export const planningHistoryQueryOptions = () =>
  queryOptions({
    queryKey: [...aiAnalyticsQueryKey, "planning-history", ANALYTICS_WINDOW_DAYS],
    queryFn: () => getPlanningHistory(),
    staleTime: 0,
  });
