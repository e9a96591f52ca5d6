import { z } from "zod";
import { CALENDAR_DATE_MESSAGE, isCalendarDate } from "../rules/dates.ts";
import { GOAL_DESCRIPTION_MAX_LENGTH, GOAL_TITLE_MAX_LENGTH, goalStatuses } from "./goal-limits.ts";
import { clientIdSchema } from "./tasks.ts";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";

export { GOAL_DESCRIPTION_MAX_LENGTH, GOAL_TITLE_MAX_LENGTH, goalStatuses } from "./goal-limits.ts";
export const goalStatusSchema = z.enum(goalStatuses, { error: "must be one of active, paused, completed" });
export type GoalStatus = z.infer<typeof goalStatusSchema>;

const goalTitleSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Goal title is required" : "must be text") })
  .trim()
  .min(1, "Goal title is required")
  .max(GOAL_TITLE_MAX_LENGTH, `must be at most ${GOAL_TITLE_MAX_LENGTH} characters`)
  .refine(hasNoNul, NUL_MESSAGE);

const goalDescriptionSchema = z
  .string({ error: "must be text or null" })
  .max(GOAL_DESCRIPTION_MAX_LENGTH, `must be at most ${GOAL_DESCRIPTION_MAX_LENGTH} characters`)
  .refine(hasNoNul, NUL_MESSAGE)
  .nullable()
  .transform((value) => (value === null || value.trim() === "" ? null : value));

const goalTargetDateSchema = z
  .string({ error: "must be a calendar date yyyy-MM-dd or null" })
  .refine((value) => value === "" || isCalendarDate(value), CALENDAR_DATE_MESSAGE)
  .nullable()
  .transform((value) => (value === "" ? null : value));

export const createGoalBodySchema = z
  .object({
    title: goalTitleSchema,
    description: goalDescriptionSchema.optional().transform((value) => value ?? null),
    targetDate: goalTargetDateSchema.optional().transform((value) => value ?? null),
    status: goalStatusSchema.default("active"),
  })
  .strict();
export type CreateGoalBody = z.output<typeof createGoalBodySchema>;

export const createGoalRequestSchema = createGoalBodySchema.extend({ id: clientIdSchema.optional() });
export type CreateGoalInput = z.input<typeof createGoalRequestSchema>;
export type CreateGoalRequest = z.output<typeof createGoalRequestSchema>;

/** An omitted field keeps its value, so that a client that does not know a field cannot erase it. */
export const updateGoalBodySchema = z
  .object({
    title: goalTitleSchema,
    description: goalDescriptionSchema.optional(),
    targetDate: goalTargetDateSchema.optional(),
    status: goalStatusSchema.optional(),
  })
  .strict();
export type UpdateGoalInput = z.input<typeof updateGoalBodySchema>;
export type UpdateGoalBody = z.output<typeof updateGoalBodySchema>;

export const goalIdParamsSchema = z.object({ id: idSchema });

export const goalSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  targetDate: z.string().nullable(),
  status: goalStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  completedTasksCount: z.number().int().nonnegative(),
  totalTasksCount: z.number().int().nonnegative(),
  progressPercentage: z.number().min(0).max(1),
});
export type Goal = z.infer<typeof goalSchema>;

export const goalListResponseSchema = z.array(goalSchema);

export const deleteGoalResponseSchema = z.object({ ok: z.literal(true) });
