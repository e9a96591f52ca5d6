// The model tools' inputs and outputs (decision 044); the MCP tools' names, inputs and outputs are public.
import { z } from "zod";
import { proposalSchema } from "./ai-proposals.ts";
import { unplacedTaskSchema } from "./day-plan.ts";
import { createGoalBodySchema, goalSchema, goalStatusSchema } from "./goals.ts";
import { dailyInsightsResponseSchema, weeklySummarySchema } from "./insights.ts";
import {
  CHECKLIST_MAX_ITEMS,
  calendarDateSchema,
  checklistItemTitleSchema,
  createTaskBodySchema,
  editScopeSchema,
  TASK_SEARCH_MAX_LENGTH,
  TASK_SEARCH_MAX_LIMIT,
  taskSchema,
  taskStatusSchema,
  updateTaskBodySchema,
} from "./tasks.ts";
import { idSchema } from "./text.ts";

export const TOOL_CREATE_TASKS_MAX = 20;
export const TOOL_TASK_IDS_MAX = 50;
/** A year of planning can leave hundreds stalled: an assistant's context gets the latest. */
export const TOOL_STALLED_SHOWN = 20;
export const TOOL_RANGE_MAX_DAYS = 31;
export const DAY_WORD_PATTERN = "^(today|tomorrow|\\d{4}-\\d{2}-\\d{2})$";

export const toolTaskSchema = taskSchema.pick({
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
  checklist: true,
});
export type ToolTask = z.infer<typeof toolTaskSchema>;
const toolGoalSchema = goalSchema.omit({ createdAt: true, updatedAt: true });

const optionalDay = calendarDateSchema.optional().describe("A day, yyyy-MM-dd; omitted: today in the user's time zone");
const dayWordSchema = z.string().meta({ pattern: DAY_WORD_PATTERN });
const dayWord = dayWordSchema.optional().describe('"today", "tomorrow" or a date yyyy-MM-dd in the user\'s zone; today when left out');
const taskIds = z.array(idSchema).min(1).max(TOOL_TASK_IDS_MAX);

export const getDayInput = { date: optionalDay };
export const getDayOutput = {
  date: z.string(),
  isToday: z.boolean(),
  tasks: z.object({
    todo: z.array(toolTaskSchema),
    inprogress: z.array(toolTaskSchema),
    done: z.array(toolTaskSchema),
    stalled: z.array(toolTaskSchema),
  }),
  stalledElsewhere: z.array(toolTaskSchema).describe(`Stalled tasks planned on other days, the latest ${TOOL_STALLED_SHOWN}`),
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

export const getTasksInput = { date: dayWord, endDate: dayWord.describe("last day of a range, inclusive") };
export const getTasksOutput = { today: z.string(), from: z.string(), to: z.string(), tasks: z.array(toolTaskSchema) };

export const getFutureTasksInput = {};
export const getFutureTasksOutput = { today: z.string(), tasks: z.array(toolTaskSchema) };

export const getCapacityInput = { date: dayWord };
export const getCapacityOutput = {
  date: z.string(),
  plannedMinutes: z.number(),
  meetingMinutes: z.number(),
  usableMinutes: z.number(),
  utilizationPercent: z.number(),
  level: z.enum(["fine", "warning", "critical"]),
  message: z.string().nullable(),
};

export const listGoalsInput = { status: goalStatusSchema.optional().describe("Only goals with this status") };
export const listGoalsOutput = { goals: z.array(toolGoalSchema) };

export const searchTasksInput = {
  query: z.string().min(1).max(TASK_SEARCH_MAX_LENGTH).describe("Words of the task's title or description"),
  from: calendarDateSchema.optional().describe("Only tasks on or after this day"),
  to: calendarDateSchema.optional().describe("Only tasks on or before this day"),
  status: taskStatusSchema.optional(),
  limit: z.number().int().min(1).max(TASK_SEARCH_MAX_LIMIT).optional(),
};
export const tasksOutput = { tasks: z.array(toolTaskSchema) };

export const getInsightsInput = { date: optionalDay };
export const getInsightsOutput = {
  date: z.string(),
  daily: dailyInsightsResponseSchema,
  weeklySummary: weeklySummarySchema.nullable().describe("The latest weekly summary, if any"),
};

export const createTasksInput = {
  tasks: z
    .array(createTaskBodySchema)
    .min(1)
    .max(TOOL_CREATE_TASKS_MAX)
    .describe("The tasks to add, in order; a task without date goes on today, with date null in the backlog"),
};

export const updateTaskInput = {
  id: idSchema,
  changes: updateTaskBodySchema.describe('Only the fields to change; status "done" completes it, a new date moves it'),
};
export const taskOutput = { task: toolTaskSchema };

export const addChecklistItemsInput = {
  taskId: idSchema,
  titles: z.array(checklistItemTitleSchema).min(1).max(CHECKLIST_MAX_ITEMS).describe("The steps to add, in order, after its others"),
};

export const deleteTaskInput = {
  id: idSchema,
  scope: editScopeSchema.optional().describe('Of a repeating task: "future" deletes this and the following occurrences'),
};
export const deleteTaskOutput = { deleted: z.literal(true), id: z.string() };

export const moveTasksInput = {
  taskIds,
  date: dayWordSchema.nullable().optional().describe('"today", "tomorrow", yyyy-MM-dd, or null for unscheduled'),
  status: taskStatusSchema.optional(),
};
export const completeTasksInput = { taskIds };
export const deleteTasksInput = { taskIds };
export const deleteTasksOutput = { deleted: z.literal(true), ids: z.array(z.string()) };

export const createGoalInput = createGoalBodySchema.omit({ status: true }).shape;
export const goalOutput = { goal: toolGoalSchema };

export const planDayInput = { date: dayWord };
export const planDayOutput = {
  date: z.string(),
  proposal: proposalSchema.nullable().describe("the proposed start times, shown to the user to apply; null when no task could be placed"),
  unplaced: z.array(unplacedTaskSchema),
};
