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
import {
  CHECKLIST_ITEM_TITLE_MAX_LENGTH,
  CHECKLIST_MAX_ITEMS,
  checklistItemTitleSchema,
  createTaskBodySchema,
  taskSchema,
} from "./tasks.ts";
import { ANALYTICS_WINDOW_DAYS, BREAKDOWN_CONTEXT_MAX_LENGTH } from "./ai-breakdown-limits.ts";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";

export { ANALYTICS_WINDOW_DAYS, BREAKDOWN_CONTEXT_MAX_LENGTH, PLANNING_HISTORY_MAX_ENTRIES } from "./ai-breakdown-limits.ts";

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

/** content holds the suggestions' JSON text or, when the reply held no list, the reply itself. */
export const breakdownGoalResponseSchema = z.object({ content: z.string(), breakdownId: z.string() });
export type BreakdownGoalResponse = z.infer<typeof breakdownGoalResponseSchema>;

/** No maxLength: OpenAI's strict mode refuses it, so the server clips what it reads (rules/breakdown.ts). */
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
  // Required but possibly empty: OpenAI's strict mode refuses a property that is not required.
  steps: z
    .array(z.string())
    .max(CHECKLIST_MAX_ITEMS)
    .describe(
      `The task's checklist: short steps in order, each at most ${CHECKLIST_ITEM_TITLE_MAX_LENGTH} characters; empty when it is one step`,
    ),
});
/** An object at the top, as OpenAI's JSON schema mode requires. */
export const breakdownOutputSchema = z.object({
  tasks: z.array(suggestedTaskSchema).min(SUGGESTIONS_MIN).max(SUGGESTIONS_MAX),
});

export const breakdownIdParamsSchema = z.object({ id: idSchema });

/** steps become the task's checklist, none ticked. */
export const breakdownTaskSchema = createTaskBodySchema
  .pick({ title: true, description: true, estimatedDuration: true, date: true })
  .extend({
    steps: z
      .array(checklistItemTitleSchema, { error: "must be a list of step titles" })
      .max(CHECKLIST_MAX_ITEMS, `must have at most ${CHECKLIST_MAX_ITEMS} steps`)
      .optional(),
  });
export type BreakdownTaskInput = z.input<typeof breakdownTaskSchema>;

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

export const createBreakdownTasksResponseSchema = z.object({ tasks: z.array(taskSchema), goal: goalSchema });
export type CreateBreakdownTasksResponse = z.infer<typeof createBreakdownTasksResponseSchema>;

export const ANALYTICS_MAX_DAYS = 365;
const DAYS_MESSAGE = `must be a whole number of days from 1 to ${ANALYTICS_MAX_DAYS}`;

export const analyticsQuerySchema = z.object({
  days: z
    .string({ error: DAYS_MESSAGE })
    .regex(/^\d{1,3}$/, DAYS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, DAYS_MESSAGE).max(ANALYTICS_MAX_DAYS, DAYS_MESSAGE))
    .optional()
    .transform((days) => days ?? ANALYTICS_WINDOW_DAYS),
});

export const acceptanceRateResponseSchema = z.object({ acceptanceRate: z.number().min(0).max(1) });
export type AcceptanceRateResponse = z.infer<typeof acceptanceRateResponseSchema>;

/** Never the exchange's text. */
export const planningConversationSchema = z.object({
  id: z.string(),
  provider: z.string(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PlanningConversation = z.infer<typeof planningConversationSchema>;

export const planningHistoryResponseSchema = z.object({ conversations: z.array(planningConversationSchema) });
export type PlanningHistoryResponse = z.infer<typeof planningHistoryResponseSchema>;
