// The tasks API contract (spec sections 3 "Task" and "Day stats response", 5 and 7;
// product-decisions.md "Task lifecycle"). Request schemas normalise what forms send (trimmed text,
// "" as null); response schemas are plain so that the server can serialize with them.
import { z } from "zod";
import { CALENDAR_DATE_MESSAGE, daysBetween, isCalendarDate, isTimeOfDay, TIME_OF_DAY_MESSAGE } from "../rules/dates.ts";
import { TASK_STATUSES } from "../rules/task-status.ts";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";

export { TASK_STATUSES, type TaskStatus } from "../rules/task-status.ts";

import {
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  NEW_TASK_STATUS,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "./task-limits.ts";

export {
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "./task-limits.ts";
/** The widest startDate..endDate window GET /api/tasks/future accepts, in days. */
export const FUTURE_WINDOW_MAX_DAYS = 366;

const DURATION_MESSAGE = `must be between ${ESTIMATED_DURATION_MIN_MINUTES} and ${ESTIMATED_DURATION_MAX_MINUTES} minutes`;

export const taskStatusSchema = z.enum(TASK_STATUSES, { error: "must be one of todo, inprogress, done, stalled" });

/** 'yyyy-MM-dd' naming a day that exists (2026-02-30 does not). */
export const calendarDateSchema = z.string({ error: CALENDAR_DATE_MESSAGE }).refine(isCalendarDate, { error: CALENDAR_DATE_MESSAGE });

/** 'HH:MM' from 00:00 to 23:59. */
export const timeOfDaySchema = z.string({ error: TIME_OF_DAY_MESSAGE }).refine(isTimeOfDay, { error: TIME_OF_DAY_MESSAGE });

/** Whole minutes, 5 to 480. */
export const estimatedDurationSchema = z
  .number({ error: DURATION_MESSAGE })
  .int({ error: "must be a whole number of minutes" })
  .min(ESTIMATED_DURATION_MIN_MINUTES, { error: DURATION_MESSAGE })
  .max(ESTIMATED_DURATION_MAX_MINUTES, { error: DURATION_MESSAGE });

export const taskTitleSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Task title is required" : "must be text") })
  .trim()
  .min(1, { error: "Task title is required" })
  .max(TASK_TITLE_MAX_LENGTH, { error: `must be at most ${TASK_TITLE_MAX_LENGTH} characters` })
  .refine(hasNoNul, { error: NUL_MESSAGE });

/** Optional text: blank (empty or spaces only) is stored as null, never as "". */
const taskDescriptionSchema = z
  .string({ error: "must be text or null" })
  .trim()
  .max(TASK_DESCRIPTION_MAX_LENGTH, { error: `must be at most ${TASK_DESCRIPTION_MAX_LENGTH} characters` })
  .refine(hasNoNul, { error: NUL_MESSAGE })
  .transform((value) => (value === "" ? null : value))
  .nullable();

/**
 * A task's place in its column among the tasks of the same start time, smaller first (decision
 * 024): any finite number, so that a drop can take the midpoint of its neighbours.
 */
export const taskPositionSchema = z
  .number({ error: "must be a finite number" })
  .refine(Number.isFinite, { error: "must be a finite number" });

/** A form's empty field ("") means "none": read as null. */
function emptyAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? null : value), schema.nullable());
}

/**
 * POST /api/tasks. A new task is always todo; a missing date means unscheduled. goalId must name one
 * of the user's goals (another user's or an unknown goal is answered 404 'Goal not found'). Without
 * a position the task goes last in its column (one step past the largest position of its day).
 */
export const createTaskBodySchema = z
  .object({
    title: taskTitleSchema,
    description: taskDescriptionSchema.optional(),
    estimatedDuration: estimatedDurationSchema.nullable().optional(),
    scheduledStartTime: emptyAsNull(timeOfDaySchema).optional(),
    goalId: emptyAsNull(idSchema).optional(),
    date: emptyAsNull(calendarDateSchema).optional(),
    status: z.literal(NEW_TASK_STATUS, { error: `must be "${NEW_TASK_STATUS}" for a new task` }).optional(),
    position: taskPositionSchema.optional(),
  })
  .strict();
/** What a client may send. */
export type CreateTaskInput = z.input<typeof createTaskBodySchema>;
/** What the server works with after parsing. */
export type CreateTaskBody = z.output<typeof createTaskBodySchema>;

/**
 * PATCH /api/tasks/{id}: any of these fields, at least one. null (or "") clears a nullable field:
 * goalId null unlinks, date null unschedules. The server stamps the lifecycle fields from the status.
 */
export const updateTaskBodySchema = z
  .object({
    title: taskTitleSchema.optional(),
    description: taskDescriptionSchema.optional(),
    estimatedDuration: estimatedDurationSchema.nullable().optional(),
    scheduledStartTime: emptyAsNull(timeOfDaySchema).optional(),
    goalId: emptyAsNull(idSchema).optional(),
    status: taskStatusSchema.optional(),
    date: emptyAsNull(calendarDateSchema).optional(),
    /** A drop within or across columns: with status (and date), one request. */
    position: taskPositionSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "must change at least one field",
  });
export type UpdateTaskInput = z.input<typeof updateTaskBodySchema>;
export type UpdateTaskBody = z.output<typeof updateTaskBodySchema>;

export const taskIdParamsSchema = z.object({ id: idSchema });
export type TaskIdParams = z.infer<typeof taskIdParamsSchema>;

/** GET /api/tasks?date= and GET /api/tasks/stats?date= */
export const dayQuerySchema = z.object({ date: calendarDateSchema });
export type DayQuery = z.infer<typeof dayQuerySchema>;

/** GET /api/tasks/future?startDate=&endDate= : startDate <= endDate, at most 366 days apart. */
export const futureTasksQuerySchema = z
  .object({ startDate: calendarDateSchema, endDate: calendarDateSchema })
  .superRefine((query, context) => {
    // Field refinements do not stop this one: only compare two real dates.
    if (!isCalendarDate(query.startDate) || !isCalendarDate(query.endDate)) return;
    const span = daysBetween(query.startDate, query.endDate);
    if (span < 0) {
      context.addIssue({ code: "custom", path: ["endDate"], message: "must not be before startDate" });
    } else if (span > FUTURE_WINDOW_MAX_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: `must be at most ${FUTURE_WINDOW_MAX_DAYS} days after startDate`,
      });
    }
  });
export type FutureTasksQuery = z.infer<typeof futureTasksQuerySchema>;

/** A task as every tasks call returns it. Instants are ISO-8601 UTC; absent values are null, never "". */
export const taskSchema = z.object({
  id: z.string(),
  userId: z.string(),
  goalId: z.string().nullable(),
  /** The linked goal's title, so a card needs no other call. */
  goalTitle: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  status: taskStatusSchema,
  /** 'yyyy-MM-dd' in the user's zone; null = unscheduled. */
  date: z.string().nullable(),
  /** Minutes, 5..480. */
  estimatedDuration: z.number().int().nullable(),
  /** 'HH:MM'. */
  scheduledStartTime: z.string().nullable(),
  /** The first time the task entered inprogress (never changes afterwards). */
  firstStartedAt: z.string().nullable(),
  /** Set while inprogress: when the running work session began. */
  currentSessionStartedAt: z.string().nullable(),
  /** How many times the task entered inprogress. */
  workSessionCount: z.number().int().nonnegative(),
  startedAt: z.string().nullable(),
  /** Set while done. */
  completedAt: z.string().nullable(),
  /** Whole minutes of finished work sessions (the running one is not included). */
  trackedMinutes: z.number().int().nonnegative(),
  /** How many times an end-of-day rollover moved the task. */
  rolloverCount: z.number().int().nonnegative(),
  /** The first day the task was planned for. */
  firstPlannedDate: z.string().nullable(),
  /** The day a rollover moved the task from, when it arrived on its date by rollover. */
  rolledOverFromDate: z.string().nullable(),
  /** The place among the column's tasks of the same start time, smaller first (src/shared/rules/task-order.ts). */
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** GET /api/tasks?date= : the day's tasks, by start time (none last), then position, then creation (task-order.ts). */
export const dayTasksResponseSchema = z.array(taskSchema);
export type DayTasksResponse = z.infer<typeof dayTasksResponseSchema>;

/** GET /api/tasks/stalled : the user's stalled tasks, after the stalled rule was applied. */
export const stalledTasksResponseSchema = z.array(taskSchema);
export type StalledTasksResponse = z.infer<typeof stalledTasksResponseSchema>;

/**
 * GET /api/tasks/future : unscheduled tasks first, then by date (ascending), then as a column is
 * ordered (start time, position, creation):
 * the unscheduled tasks, the tasks dated in [startDate, endDate], and the not-done tasks dated
 * before the user's today (overdue).
 */
export const futureTasksResponseSchema = z.array(taskSchema);
export type FutureTasksResponse = z.infer<typeof futureTasksResponseSchema>;

export const TASK_SEARCH_MAX_LENGTH = 100;
export const TASK_SEARCH_DEFAULT_LIMIT = 20;
export const TASK_SEARCH_MAX_LIMIT = 50;

/**
 * GET /api/tasks/search?q=&limit= (issue 17): the user's tasks of any day with a title word
 * starting with each word of q (src/shared/rules/task-search.ts); dated ones newest day first (a
 * day's in its column order, task-order.ts), then unscheduled ones, newest first. A q without any letter or digit finds nothing.
 */
export const taskSearchQuerySchema = z
  .object({
    q: z
      .string({ error: "is required" })
      .trim()
      .min(1, { error: "is required" })
      .max(TASK_SEARCH_MAX_LENGTH, { error: `must be at most ${TASK_SEARCH_MAX_LENGTH} characters` })
      .refine(hasNoNul, { error: NUL_MESSAGE }),
    limit: z.coerce
      .number({ error: `must be a whole number from 1 to ${TASK_SEARCH_MAX_LIMIT}` })
      .int({ error: `must be a whole number from 1 to ${TASK_SEARCH_MAX_LIMIT}` })
      .min(1, { error: `must be a whole number from 1 to ${TASK_SEARCH_MAX_LIMIT}` })
      .max(TASK_SEARCH_MAX_LIMIT, { error: `must be a whole number from 1 to ${TASK_SEARCH_MAX_LIMIT}` })
      .default(TASK_SEARCH_DEFAULT_LIMIT),
  })
  .strict();
export type TaskSearchQuery = z.infer<typeof taskSearchQuerySchema>;
export const taskSearchResponseSchema = z.array(taskSchema);

/** GET /api/tasks/stats?date= : the day's task count and how many of them arrived by rollover. */
export const dayStatsResponseSchema = z.object({
  totalTasks: z.number().int().nonnegative(),
  rolledOver: z.number().int().nonnegative(),
});
export type DayStatsResponse = z.infer<typeof dayStatsResponseSchema>;

/** DELETE /api/tasks/{id} */
export const deleteTaskResponseSchema = z.object({ ok: z.literal(true) });
export type DeleteTaskResponse = z.infer<typeof deleteTaskResponseSchema>;
