// The MCP tools' inputs and outputs (docs/decisions/036): the REST contract's pieces, shaped for an assistant.
import { z } from "zod";
import { goalSchema, goalStatusSchema } from "./goals.ts";
import { dailyInsightsResponseSchema, weeklySummarySchema } from "./insights.ts";
import {
  calendarDateSchema,
  createTaskBodySchema,
  editScopeSchema,
  TASK_SEARCH_MAX_LENGTH,
  TASK_SEARCH_MAX_LIMIT,
  taskSchema,
  taskStatusSchema,
  updateTaskBodySchema,
} from "./tasks.ts";
import { idSchema } from "./text.ts";

export const MCP_CREATE_TASKS_MAX = 20;
/** A year of planning can leave hundreds stalled: an assistant's context gets the latest. */
export const MCP_STALLED_SHOWN = 20;

export const mcpTaskSchema = taskSchema.pick({
  id: true,
  title: true,
  description: true,
  status: true,
  date: true,
  estimatedDuration: true,
  scheduledStartTime: true,
  goalId: true,
  goalTitle: true,
  recurrence: true,
  rolloverCount: true,
  completedAt: true,
});
export type McpTask = z.infer<typeof mcpTaskSchema>;

const optionalDay = calendarDateSchema.optional().describe("A day, yyyy-MM-dd; omitted: today in the user's time zone");

export const getDayInput = { date: optionalDay };
export const getDayOutput = {
  date: z.string(),
  isToday: z.boolean(),
  tasks: z.object({
    todo: z.array(mcpTaskSchema),
    inprogress: z.array(mcpTaskSchema),
    done: z.array(mcpTaskSchema),
    stalled: z.array(mcpTaskSchema),
  }),
  stalledElsewhere: z.array(mcpTaskSchema).describe(`Stalled tasks planned on other days, the latest ${MCP_STALLED_SHOWN}`),
  stalledElsewhereCount: z.number().int().describe("How many stalled tasks other days hold in all"),
  capacity: z
    .object({
      total: z.number(),
      done: z.number(),
      active: z.number(),
      stalled: z.number(),
      estimatedMinutes: z.number(),
      progressPercent: z.number(),
      workloadLabel: z.string(),
      recommendation: z.string(),
    })
    .describe("The board's Capacity card: counts, estimated minutes (60 for a task without estimate), progress"),
  events: z
    .array(z.object({ title: z.string(), start: z.string(), end: z.string(), allDay: z.boolean(), busy: z.boolean() }))
    .describe("The day's events from the user's subscribed calendars, in their zone (empty without calendars)"),
  meetingMinutes: z.number().int().describe("Busy timed event minutes: the time the day's tasks cannot use"),
};

export const listGoalsInput = { status: goalStatusSchema.optional().describe("Only goals with this status") };
export const listGoalsOutput = {
  goals: z.array(goalSchema.omit({ createdAt: true, updatedAt: true })),
};

export const searchTasksInput = {
  query: z.string().min(1).max(TASK_SEARCH_MAX_LENGTH).describe("Words of the task's title or description"),
  from: calendarDateSchema.optional().describe("Only tasks on or after this day"),
  to: calendarDateSchema.optional().describe("Only tasks on or before this day"),
  status: taskStatusSchema.optional(),
  limit: z.number().int().min(1).max(TASK_SEARCH_MAX_LIMIT).optional(),
};
export const tasksOutput = { tasks: z.array(mcpTaskSchema) };

export const createTasksInput = {
  tasks: z
    .array(createTaskBodySchema)
    .min(1)
    .max(MCP_CREATE_TASKS_MAX)
    .describe("The tasks to add, in order; a task without date goes on today, with date null in the backlog"),
};

export const updateTaskInput = {
  id: idSchema,
  changes: updateTaskBodySchema.describe('Only the fields to change; status "done" completes it, a new date moves it'),
};
export const taskOutput = { task: mcpTaskSchema };

export const deleteTaskInput = {
  id: idSchema,
  scope: editScopeSchema.optional().describe('Of a repeating task: "future" deletes this and the following occurrences'),
};
export const deleteTaskOutput = { deleted: z.literal(true), id: z.string() };

export const getInsightsInput = { date: optionalDay };
export const getInsightsOutput = {
  date: z.string(),
  daily: dailyInsightsResponseSchema,
  weeklySummary: weeklySummarySchema.nullable().describe("The latest weekly summary, if any"),
};
