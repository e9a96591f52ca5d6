// GET /api/ai/insights?date= (spec sections 3 and 7): read here only to notify about new
// high-priority insights. 404 means no insights for the day.
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiJson } from "../../../lib/api-client.ts";

export const dailyInsightSchema = z.object({
  type: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.string(),
});
export type DailyInsight = z.infer<typeof dailyInsightSchema>;

export const dailyInsightsResponseSchema = z.object({
  insights: z.array(dailyInsightSchema),
  viewed: z.boolean(),
});
export type DailyInsightsResponse = z.infer<typeof dailyInsightsResponseSchema>;

/**
 * Under the insights feature's prefix (["insights", "daily", date, ...]): the engine reads whichever
 * of these queries answered last, so the insights card's refetches reach it too.
 */
export const dailyInsightsQueryKey = (date: string) => ["insights", "daily", date] as const;

export async function getDailyInsights(date: string): Promise<DailyInsightsResponse> {
  try {
    return await apiJson(`/api/ai/insights?date=${encodeURIComponent(date)}`, {
      parse: (data) => dailyInsightsResponseSchema.parse(data),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { insights: [], viewed: false };
    throw new Error("Failed to fetch insights", { cause: error });
  }
}

export const dailyInsightsQueryOptions = (date: string) =>
  queryOptions({ queryKey: dailyInsightsQueryKey(date), queryFn: () => getDailyInsights(date) });
