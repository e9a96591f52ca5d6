// Response schemas stay plain (no transforms) so that the server can serialize with them.
import { z } from "zod";
import {
  CALENDAR_DATE_MESSAGE,
  CALENDAR_DATE_PATTERN,
  daysBetween,
  isCalendarDate,
  isTimeOfDay,
  TIME_OF_DAY_MESSAGE,
  TIME_OF_DAY_PATTERN,
} from "../rules/dates.ts";
import { RECURRENCE_MAX_LENGTH } from "../rules/recurrence-words.ts";
import { TASK_STATUSES } from "../rules/task-status.ts";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";

export { TASK_STATUSES, type TaskStatus } from "../rules/task-status.ts";

import {
  CHECKLIST_ITEM_TITLE_MAX_LENGTH,
  CHECKLIST_MAX_ITEMS,
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  NEW_TASK_STATUS,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "./task-limits.ts";

export {
  CHECKLIST_ITEM_TITLE_MAX_LENGTH,
  CHECKLIST_MAX_ITEMS,
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "./task-limits.ts";
export const FUTURE_WINDOW_MAX_DAYS = 366;

const DURATION_MESSAGE = `must be between ${ESTIMATED_DURATION_MIN_MINUTES} and ${ESTIMATED_DURATION_MAX_MINUTES} minutes`;

export const taskStatusSchema = z.enum(TASK_STATUSES, { error: "must be one of todo, inprogress, done, stalled" });

// The JSON Schema a refinement cannot show: models and API clients read the shape before they write.
export const calendarDateSchema = z
  .string({ error: CALENDAR_DATE_MESSAGE })
  .refine(isCalendarDate, { error: CALENDAR_DATE_MESSAGE })
  .meta({ format: "date", pattern: CALENDAR_DATE_PATTERN });

export const timeOfDaySchema = z
  .string({ error: TIME_OF_DAY_MESSAGE })
  .refine(isTimeOfDay, { error: TIME_OF_DAY_MESSAGE })
  .meta({ pattern: TIME_OF_DAY_PATTERN });

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

const taskDescriptionSchema = z
  .string({ error: "must be text or null" })
  .trim()
  .max(TASK_DESCRIPTION_MAX_LENGTH, { error: `must be at most ${TASK_DESCRIPTION_MAX_LENGTH} characters` })
  .refine(hasNoNul, { error: NUL_MESSAGE })
  .transform((value) => (value === "" ? null : value))
  .nullable();

/** Any finite number, so that a drop can take the midpoint of its neighbours (decision 024). */
export const taskPositionSchema = z
  .number({ error: "must be a finite number" })
  .refine(Number.isFinite, { error: "must be a finite number" });

/** An RFC 5545 RRULE without its "RRULE:" prefix; the server checks it against the task's date (rules/recurrence.ts). */
export const recurrenceSchema = z
  .string({ error: "must be an RRULE such as FREQ=DAILY, or null" })
  .trim()
  .min(1, { error: "must be an RRULE such as FREQ=DAILY, or null" })
  .max(RECURRENCE_MAX_LENGTH, { error: `must be at most ${RECURRENCE_MAX_LENGTH} characters` })
  .refine(hasNoNul, { error: NUL_MESSAGE });

export const EDIT_SCOPES = ["this", "future"] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];
export const editScopeSchema = z.enum(EDIT_SCOPES, { error: 'must be "this" or "future"' });

export const RECURRENCE_NEEDS_DATE_MESSAGE = "needs a date: a repeating task starts on its date";

function emptyAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? null : value), schema.nullable());
}

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
    /** Needs a date (400 otherwise): the series starts on it. */
    recurrence: emptyAsNull(recurrenceSchema).optional(),
  })
  .strict();
export type CreateTaskBody = z.output<typeof createTaskBodySchema>;

/** A new row's id made by the client (a UUID), so that a create sent again names the same row, not a second one. */
export const clientIdSchema = z.uuid({ error: "must be a UUID" }).transform((id) => id.toLowerCase());

export const createTaskRequestSchema = createTaskBodySchema.extend({ id: clientIdSchema.optional() });

export type CreateTaskInput = z.input<typeof createTaskRequestSchema>;
export type CreateTaskRequest = z.output<typeof createTaskRequestSchema>;

export const checklistItemTitleSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Step title is required" : "must be text") })
  .trim()
  .min(1, { error: "Step title is required" })
  .max(CHECKLIST_ITEM_TITLE_MAX_LENGTH, { error: `must be at most ${CHECKLIST_ITEM_TITLE_MAX_LENGTH} characters` })
  .refine(hasNoNul, { error: NUL_MESSAGE });

const checklistPositionSchema = z
  .number({ error: `must be a whole number from 0 to ${CHECKLIST_MAX_ITEMS - 1}` })
  .int({ error: `must be a whole number from 0 to ${CHECKLIST_MAX_ITEMS - 1}` })
  .min(0, { error: `must be a whole number from 0 to ${CHECKLIST_MAX_ITEMS - 1}` })
  .max(CHECKLIST_MAX_ITEMS - 1, { error: `must be a whole number from 0 to ${CHECKLIST_MAX_ITEMS - 1}` });

export const createChecklistItemBodySchema = z
  .object({ id: clientIdSchema.optional(), title: checklistItemTitleSchema, position: checklistPositionSchema.optional() })
  .strict();
export type CreateChecklistItemBody = z.output<typeof createChecklistItemBodySchema>;

export const updateChecklistItemBodySchema = z
  .object({
    title: checklistItemTitleSchema.optional(),
    done: z.boolean({ error: "must be true or false" }).optional(),
    position: checklistPositionSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: "must change at least one field" });
export type UpdateChecklistItemBody = z.output<typeof updateChecklistItemBodySchema>;

export const updateTaskBodySchema = z
  .object({
    title: taskTitleSchema.optional(),
    description: taskDescriptionSchema.optional(),
    estimatedDuration: estimatedDurationSchema.nullable().optional(),
    scheduledStartTime: emptyAsNull(timeOfDaySchema).optional(),
    goalId: emptyAsNull(idSchema).optional(),
    status: taskStatusSchema.optional(),
    date: emptyAsNull(calendarDateSchema).optional(),
    position: taskPositionSchema.optional(),
    /** With scope "future", null ends the series before this occurrence's day and keeps this one as a single task. */
    recurrence: emptyAsNull(recurrenceSchema).optional(),
    /** Of an occurrence: "future" changes its series from the occurrence's day on. */
    scope: editScopeSchema.optional(),
  })
  .strict()
  .refine((body) => Object.entries(body).some(([key, value]) => key !== "scope" && value !== undefined), {
    error: "must change at least one field",
  });
export type UpdateTaskInput = z.input<typeof updateTaskBodySchema>;
export type UpdateTaskBody = z.output<typeof updateTaskBodySchema>;

export const taskIdParamsSchema = z.object({ id: idSchema });

export const deleteTaskQuerySchema = z.object({ scope: editScopeSchema.optional() });

export const dayQuerySchema = z.object({ date: calendarDateSchema });

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

/** A step of a task's checklist; `position` is its index in the list. */
export const checklistItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  done: z.boolean(),
  position: z.number().int().nonnegative(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const checklistItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });

/** Of an occurrence: "future" makes the items the series' from its day on (each new occurrence starts unticked). */
export const checklistScopeQuerySchema = z.object({ scope: editScopeSchema.optional() });

/** Instants are ISO-8601 UTC; absent values are null, never "". */
export const taskSchema = z.object({
  id: z.string(),
  userId: z.string(),
  goalId: z.string().nullable(),
  goalTitle: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  status: taskStatusSchema,
  date: z.string().nullable(),
  estimatedDuration: z.number().int().nullable(),
  scheduledStartTime: z.string().nullable(),
  firstStartedAt: z.string().nullable(),
  currentSessionStartedAt: z.string().nullable(),
  workSessionCount: z.number().int().nonnegative(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Finished sessions only: the running one is not included. */
  trackedMinutes: z.number().int().nonnegative(),
  rolloverCount: z.number().int().nonnegative(),
  firstPlannedDate: z.string().nullable(),
  rolledOverFromDate: z.string().nullable(),
  position: z.number(),
  /** The series' RRULE (without "RRULE:") for an occurrence of a repeating task. */
  recurrence: z.string().nullable(),
  seriesId: z.string().nullable(),
  /** In order; empty when the task has no steps. */
  checklist: z.array(checklistItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const dayTasksResponseSchema = z.array(taskSchema);
export type DayTasksResponse = z.infer<typeof dayTasksResponseSchema>;

export const stalledTasksResponseSchema = z.array(taskSchema);
export type StalledTasksResponse = z.infer<typeof stalledTasksResponseSchema>;

export const futureTasksResponseSchema = z.array(taskSchema);
export type FutureTasksResponse = z.infer<typeof futureTasksResponseSchema>;

export const TASK_SEARCH_MAX_LENGTH = 100;
export const TASK_SEARCH_DEFAULT_LIMIT = 20;
export const TASK_SEARCH_MAX_LIMIT = 50;

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
export const taskSearchResponseSchema = z.array(taskSchema);

export const dayStatsResponseSchema = z.object({
  totalTasks: z.number().int().nonnegative(),
  rolledOver: z.number().int().nonnegative(),
  /** Whether the day was closed (End Day, or the scheduler's rollover). */
  closed: z.boolean(),
  /** The tasks the day's close moved off it that are not on it now; counted in totalTasks. */
  movedOn: z.number().int().nonnegative(),
});
export type DayStatsResponse = z.infer<typeof dayStatsResponseSchema>;

export const deleteTaskResponseSchema = z.object({ ok: z.literal(true) });
