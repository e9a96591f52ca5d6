// The goal breakdown and AI analytics contract (spec sections 3 "AI breakdown result", "AI
// analytics and planning history" and 7 `POST /api/ai/breakdown-goal`,
// `GET /api/ai/analytics/acceptance-rate`, `GET /api/ai/planning/history`), plus the batch that
// creates a breakdown's chosen suggestions as tasks in one transaction (issue 14).
import { z } from "zod";
import {
  SUGGESTION_MAX_MINUTES,
  SUGGESTION_MIN_MINUTES,
  SUGGESTION_PRIORITIES,
  SUGGESTION_TITLE_MAX_LENGTH,
  SUGGESTIONS_MAX,
  SUGGESTIONS_MIN,
} from "../rules/breakdown.ts";
import { aiProviderNameSchema } from "./ai.ts";
import { goalSchema } from "./goals.ts";
import { createTaskBodySchema, taskSchema } from "./tasks.ts";
import { ANALYTICS_WINDOW_DAYS, BREAKDOWN_CONTEXT_MAX_LENGTH } from "./ai-breakdown-limits.ts";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";

export { ANALYTICS_WINDOW_DAYS, BREAKDOWN_CONTEXT_MAX_LENGTH, PLANNING_HISTORY_MAX_ENTRIES } from "./ai-breakdown-limits.ts";

/** POST /api/ai/breakdown-goal. The additional context is trimmed; blank means none. */
export const breakdownGoalBodySchema = z.object({
  goalId: idSchema,
  provider: aiProviderNameSchema.default("openai"),
  additionalContext: z
    .string({ error: "must be text" })
    .trim()
    .max(BREAKDOWN_CONTEXT_MAX_LENGTH, `must be at most ${BREAKDOWN_CONTEXT_MAX_LENGTH} characters`)
    .refine(hasNoNul, NUL_MESSAGE)
    .default(""),
});
export type BreakdownGoalInput = z.input<typeof breakdownGoalBodySchema>;
export type BreakdownGoalBody = z.output<typeof breakdownGoalBodySchema>;

/**
 * `content`: the JSON text of the suggestions list (title, description, estimatedDuration,
 * priority), or, when the model's reply held no list, the reply itself (the dialog then shows the
 * manual-parsing placeholder). `breakdownId` names this breakdown when its tasks are created.
 */
export const breakdownGoalResponseSchema = z.object({ content: z.string(), breakdownId: z.string() });
export type BreakdownGoalResponse = z.infer<typeof breakdownGoalResponseSchema>;

/**
 * One suggestion, as the model is asked to produce it (structured output). Text lengths are not in
 * the schema (OpenAI's strict mode refuses a schema with maxLength): the server trims and clips
 * what it reads (rules/breakdown.ts).
 */
export const suggestedTaskSchema = z.object({
  title: z.string().describe(`A short, concrete action starting with a verb, at most ${SUGGESTION_TITLE_MAX_LENGTH} characters`),
  description: z.string().describe("One or two sentences: what done looks like"),
  estimatedDuration: z
    .number()
    .int()
    .min(SUGGESTION_MIN_MINUTES)
    .max(SUGGESTION_MAX_MINUTES)
    .describe(`Minutes of focused work, ${SUGGESTION_MIN_MINUTES} to ${SUGGESTION_MAX_MINUTES}`),
  priority: z.enum(SUGGESTION_PRIORITIES).describe("high for what unblocks the rest or is due soonest"),
});
/** The structured output: an object at the top, as OpenAI's JSON schema mode requires. */
export const breakdownOutputSchema = z.object({
  tasks: z.array(suggestedTaskSchema).min(SUGGESTIONS_MIN).max(SUGGESTIONS_MAX),
});

export const breakdownIdParamsSchema = z.object({ id: idSchema });

/** One chosen suggestion: the task fields the dialog sends (the goal is the breakdown's). */
export const breakdownTaskSchema = createTaskBodySchema.pick({ title: true, description: true, estimatedDuration: true, date: true });
export type BreakdownTaskInput = z.input<typeof breakdownTaskSchema>;

/**
 * POST /api/ai/breakdowns/{id}/tasks: the chosen suggestions, created as tasks of the breakdown's
 * goal in one transaction (none is created if any fails), counted as accepted suggestions.
 */
export const createBreakdownTasksBodySchema = z
  .object({
    tasks: z
      .array(breakdownTaskSchema, { error: "must be a list of tasks" })
      .min(1, "must have at least one task")
      .max(SUGGESTIONS_MAX, `must have at most ${SUGGESTIONS_MAX} tasks`),
  })
  .strict();
export type CreateBreakdownTasksInput = z.input<typeof createBreakdownTasksBodySchema>;
export type CreateBreakdownTasksBody = z.output<typeof createBreakdownTasksBodySchema>;

/** The created tasks (in the order sent) and their goal with its new progress. */
export const createBreakdownTasksResponseSchema = z.object({ tasks: z.array(taskSchema), goal: goalSchema });
export type CreateBreakdownTasksResponse = z.infer<typeof createBreakdownTasksResponseSchema>;

export const ANALYTICS_MAX_DAYS = 365;
const DAYS_MESSAGE = `must be a whole number of days from 1 to ${ANALYTICS_MAX_DAYS}`;

/** ?days= of both analytics calls. */
export const analyticsQuerySchema = z.object({
  days: z
    .string({ error: DAYS_MESSAGE })
    .regex(/^\d{1,3}$/, DAYS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, DAYS_MESSAGE).max(ANALYTICS_MAX_DAYS, DAYS_MESSAGE))
    .optional()
    .transform((days) => days ?? ANALYTICS_WINDOW_DAYS),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** GET /api/ai/analytics/acceptance-rate: suggestions created as tasks / suggestions shown, 0 to 1 (0 when none were shown). */
export const acceptanceRateResponseSchema = z.object({ acceptanceRate: z.number().min(0).max(1) });
export type AcceptanceRateResponse = z.infer<typeof acceptanceRateResponseSchema>;

/** A chat exchange as kept for the analytics: never its text. Token counts are null when the provider gave none. */
export const planningConversationSchema = z.object({
  id: z.string(),
  provider: z.string(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PlanningConversation = z.infer<typeof planningConversationSchema>;

/** GET /api/ai/planning/history: the chat exchanges of the window, newest first, at most 1000. */
export const planningHistoryResponseSchema = z.object({ conversations: z.array(planningConversationSchema) });
export type PlanningHistoryResponse = z.infer<typeof planningHistoryResponseSchema>;
