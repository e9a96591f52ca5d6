import { z } from "zod";
import { calendarDateSchema } from "./tasks.ts";
import { idSchema } from "./text.ts";

export const DAILY_INSIGHT_TYPES = ["celebration", "warning", "suggestion", "pattern"] as const;
export const INSIGHT_PRIORITIES = ["high", "medium", "low"] as const;
export const WEEKLY_INSIGHT_TYPES = ["achievement", "pattern", "recommendation", "warning"] as const;

export type DailyInsightType = (typeof DAILY_INSIGHT_TYPES)[number];
export type InsightPriority = (typeof INSIGHT_PRIORITIES)[number];
export type WeeklyInsightType = (typeof WEEKLY_INSIGHT_TYPES)[number];

import { MAX_WEEKLY_SUMMARIES_LIMIT } from "./insight-limits.ts";

export { DAY_CARD_INSIGHTS, MAX_WEEKLY_SUMMARIES_LIMIT, PAGE_WEEKLY_SUMMARIES, SIDEBAR_WEEKLY_SUMMARIES } from "./insight-limits.ts";

export const dailyInsightSchema = z.object({
  type: z.enum(DAILY_INSIGHT_TYPES),
  title: z.string(),
  description: z.string(),
  priority: z.enum(INSIGHT_PRIORITIES),
});
export type DailyInsight = z.infer<typeof dailyInsightSchema>;

/** Exactly `{ insights, viewed }`: the notifications read it too. */
export const dailyInsightsResponseSchema = z.object({
  insights: z.array(dailyInsightSchema),
  viewed: z.boolean(),
});
export type DailyInsightsResponse = z.infer<typeof dailyInsightsResponseSchema>;

export const dailyInsightsQuerySchema = z.object({ date: calendarDateSchema.optional() }).strict();

export const dailyInsightsViewedParamsSchema = z.object({ date: calendarDateSchema });

export const weeklyInsightSchema = z.object({
  type: z.enum(WEEKLY_INSIGHT_TYPES),
  title: z.string(),
  description: z.string(),
});
export type WeeklyInsight = z.infer<typeof weeklyInsightSchema>;

export const weeklySummarySchema = z.object({
  id: z.string(),
  weekStartDate: z.string(),
  tasksTotal: z.number(),
  tasksCompleted: z.number(),
  goalsProgressed: z.number(),
  insights: z.array(weeklyInsightSchema),
  summary: z.object({ text: z.string(), generatedAt: z.string() }),
  viewed: z.boolean(),
  createdAt: z.string(),
});
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;

export const weeklySummaryListSchema = z.array(weeklySummarySchema);

const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_WEEKLY_SUMMARIES_LIMIT}`;
export const weeklySummariesQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int({ error: LIMIT_MESSAGE })
      .min(1, { error: LIMIT_MESSAGE })
      .max(MAX_WEEKLY_SUMMARIES_LIMIT, { error: LIMIT_MESSAGE })
      .optional(),
  })
  .strict();

export const weeklySummaryParamsSchema = z.object({ id: idSchema });

export const generateWeeklySummaryBodySchema = z.object({}, { error: "must be an empty JSON object" }).strict().nullish();
