// The goals API contract (spec sections 3 "Goal", 5 and 7): request bodies for the goal form and
// the goal as the server returns it, with the progress computed from its linked tasks.
import { z } from "zod";
import { CALENDAR_DATE_MESSAGE, isCalendarDate } from "../rules/dates.ts";
import { GOAL_DESCRIPTION_MAX_LENGTH, GOAL_TITLE_MAX_LENGTH, goalStatuses } from "./goal-limits.ts";
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

/** Blank (empty or only spaces) means no description, stored as null. */
const goalDescriptionSchema = z
  .string({ error: "must be text or null" })
  .max(GOAL_DESCRIPTION_MAX_LENGTH, `must be at most ${GOAL_DESCRIPTION_MAX_LENGTH} characters`)
  .refine(hasNoNul, NUL_MESSAGE)
  .nullable()
  .transform((value) => (value === null || value.trim() === "" ? null : value));

/** An empty date field means no target date, stored as null. */
const goalTargetDateSchema = z
  .string({ error: "must be a calendar date yyyy-MM-dd or null" })
  .refine((value) => value === "" || isCalendarDate(value), CALENDAR_DATE_MESSAGE)
  .nullable()
  .transform((value) => (value === "" ? null : value));

/** POST /api/goals. Omitted description and target date are null; status defaults to active. */
export const createGoalBodySchema = z
  .object({
    title: goalTitleSchema,
    description: goalDescriptionSchema.optional().transform((value) => value ?? null),
    targetDate: goalTargetDateSchema.optional().transform((value) => value ?? null),
    status: goalStatusSchema.default("active"),
  })
  .strict();
/** What a client may send (description/target date may be "" or omitted). */
export type CreateGoalInput = z.input<typeof createGoalBodySchema>;
/** What the server works with after parsing (trimmed title, nulls, default status). */
export type CreateGoalBody = z.output<typeof createGoalBodySchema>;

/**
 * PUT /api/goals/{id}: the goal form's fields. Title is required; a field that is omitted keeps its
 * current value (so a client that does not know a field cannot erase it), null or "" clears it.
 */
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
export type GoalIdParams = z.infer<typeof goalIdParamsSchema>;

/** A goal as every goals call returns it. */
export const goalSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** 'yyyy-MM-dd' or null. */
  targetDate: z.string().nullable(),
  status: goalStatusSchema,
  /** ISO-8601 UTC instants. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Linked tasks with status done. */
  completedTasksCount: z.number().int().nonnegative(),
  /** All linked tasks, whatever their status. */
  totalTasksCount: z.number().int().nonnegative(),
  /** completedTasksCount / totalTasksCount, a fraction from 0 to 1; 0 when there are no tasks. */
  progressPercentage: z.number().min(0).max(1),
});
export type Goal = z.infer<typeof goalSchema>;

/** GET /api/goals: the user's goals, newest first (createdAt descending). */
export const goalListResponseSchema = z.array(goalSchema);
export type GoalListResponse = z.infer<typeof goalListResponseSchema>;

/** DELETE /api/goals/{id} */
export const deleteGoalResponseSchema = z.object({ ok: z.literal(true) });
export type DeleteGoalResponse = z.infer<typeof deleteGoalResponseSchema>;
