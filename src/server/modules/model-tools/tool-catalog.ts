// The one list of model tools (decision 044): the MCP server applies a write's changes, the assistant proposes them.
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Goal } from "../../../shared/api/goals.ts";
import * as contract from "../../../shared/api/model-tools.ts";
import { type Proposal, proposedTaskUpdateSchema } from "../../../shared/api/ai-proposals.ts";
import { PLAN_DAY_TOOL } from "../../../shared/api/day-plan.ts";
import type { EditScope, Task } from "../../../shared/api/tasks.ts";
import { capacityCardFigures, dayCapacity } from "../../../shared/rules/capacity.ts";
import { addDays, daysBetween, isCalendarDate } from "../../../shared/rules/dates.ts";
import { meetingMinutes } from "../../../shared/rules/meetings.ts";
import { queryWords } from "../../../shared/rules/task-search.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { ProposalOperation } from "../ai-proposals/proposal-views.ts";
import { calendarEvents } from "../calendar/calendar.service.ts";
import { goalsService } from "../goals/goals.service.ts";
import { insightsService } from "../insights/insights.service.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { dayPlanService } from "../day-plan/day-plan.service.ts";
import { usersService } from "../user/user.service.ts";

export type ToolBinding = "assistant" | "mcp";
type Shape = Record<string, z.ZodType>;
type Values<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

export type ToolChange = ProposalOperation | { kind: "deleteTask"; taskId: string; scope?: EditScope };

export interface AppliedChanges {
  tasks: Task[];
  deletedIds: string[];
  goals: Goal[];
}

export interface ToolDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  ai: AiConfig;
  log: FastifyBaseLogger;
}

export function toolServices(deps: ToolDeps) {
  const tasks = tasksService(deps);
  return {
    tasks,
    goals: goalsService(deps),
    users: usersService(deps),
    insights: insightsService({ ...deps, recurrence: recurrenceService(deps) }),
    calendars: calendarEvents(deps),
    dayPlans: dayPlanService(deps),
  };
}
export type ToolServices = ReturnType<typeof toolServices>;

export interface ToolContext extends ToolServices {
  userId: string;
  today: () => Promise<string>;
}

export function toolContext(services: ToolServices, userId: string): ToolContext {
  return { ...services, userId, today: () => services.users.userToday(userId) };
}

interface ToolCommon {
  name: string;
  title: string;
  description: string;
  input: Shape;
  output: Shape;
  offeredTo: readonly ToolBinding[];
}
export interface ReadTool extends ToolCommon {
  kind: "read";
  read: (context: ToolContext, input: never) => Promise<Record<string, unknown>>;
}
export interface WriteTool extends ToolCommon {
  kind: "write";
  destructive: boolean;
  idempotent: boolean;
  changes: (context: ToolContext, input: never) => Promise<ToolChange[]>;
  answer: (applied: AppliedChanges, input: never) => Record<string, unknown>;
}
/** Answers a proposal it stored, in both bindings: nothing is written until the user applies it. */
export interface PlanTool extends ToolCommon {
  kind: "plan";
  plan: (context: ToolContext, input: never) => Promise<{ proposal: Proposal | null } & Record<string, unknown>>;
}
export type CatalogTool = ReadTool | WriteTool | PlanTool;

type Described<I extends Shape, O extends Shape> = Omit<ToolCommon, "input" | "output"> & { input: I; output: O };

function read<I extends Shape, O extends Shape>(
  definition: Described<I, O> & { read: (context: ToolContext, input: Values<I>) => Promise<Values<O>> },
): ReadTool {
  return { kind: "read", ...definition } as unknown as ReadTool;
}

function plan<I extends Shape, O extends Shape>(
  definition: Described<I, O> & { plan: (context: ToolContext, input: Values<I>) => Promise<Values<O> & { proposal: Proposal | null }> },
): PlanTool {
  return { kind: "plan", ...definition } as unknown as PlanTool;
}

function write<I extends Shape, O extends Shape>(
  definition: Described<I, O> & {
    destructive?: boolean;
    idempotent: boolean;
    changes: (context: ToolContext, input: Values<I>) => Promise<ToolChange[]>;
    answer: (applied: AppliedChanges, input: Values<I>) => Values<O>;
  },
): WriteTool {
  return { kind: "write", destructive: false, ...definition } as unknown as WriteTool;
}

const MAX_LISTED_TASKS = 60;
const FUTURE_DAYS = 30;

const toolTaskFields = Object.keys(contract.toolTaskSchema.shape) as (keyof contract.ToolTask)[];
export function toToolTask(task: Task): contract.ToolTask {
  const picked: Record<string, unknown> = {};
  for (const field of toolTaskFields) picked[field] = task[field];
  return picked as contract.ToolTask;
}

const withoutTimes = ({ createdAt: _created, updatedAt: _updated, ...goal }: Goal) => goal;

export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; ");
}

/** A tool's refusal: a tool error to an MCP client, the tool's answer to the assistant's model. */
const refusal = (message: string) => new AppError("validation_failed", message);

function resolveDay<T extends string | null | undefined>(value: T, today: string): T | string {
  if (typeof value !== "string") return value;
  const word = value.trim().toLowerCase();
  if (word === "today") return today;
  if (word === "tomorrow") return addDays(today, 1);
  return value;
}

export function calendarDay(value: string | null | undefined, today: string, what = "date"): string {
  const day = resolveDay(value ?? "today", today);
  if (typeof day !== "string" || !isCalendarDate(day)) throw refusal(`${what}: must be today, tomorrow or yyyy-MM-dd.`);
  return day;
}

function updates(taskIds: readonly string[], body: Record<string, unknown>): ToolChange[] {
  const parsed = proposedTaskUpdateSchema.safeParse(body);
  if (!parsed.success) throw refusal(describeIssues(parsed.error));
  return taskIds.map((taskId) => ({ kind: "updateTask", taskId, body: parsed.data }));
}

const tasksAnswer = (applied: AppliedChanges) => ({ tasks: applied.tasks.map(toToolTask) });

export const toolCatalog: readonly CatalogTool[] = [
  read({
    name: "get_day",
    title: "Get a day's plan",
    description:
      "The user's plan for one day (default: today in their time zone): its tasks grouped by status (todo, inprogress, " +
      "done, stalled), stalled tasks left on other days, the Capacity card's figures and the calendars' events. Start here before planning.",
    input: contract.getDayInput,
    output: contract.getDayOutput,
    offeredTo: ["mcp"],
    read: async ({ tasks, calendars, userId, today }, { date }) => {
      const todayDate = await today();
      const day = date ?? todayDate;
      // The stalled rule runs first, so that the day's list and the count agree.
      const elsewhere = await tasks.latestStalledElsewhere(userId, day, contract.TOOL_STALLED_SHOWN);
      const ofDay = await tasks.listTasksOfDay(userId, day);
      const events = await calendars.listEvents(userId, { date: day });
      const byStatus = (status: Task["status"]) => ofDay.filter((task) => task.status === status).map(toToolTask);
      const { breakdown, ...figures } = capacityCardFigures(ofDay);
      const { total, active, stalled, estimatedMinutes, progressPercent, workloadLabel, recommendation } = figures;
      return {
        date: day,
        isToday: day === todayDate,
        tasks: { todo: byStatus("todo"), inprogress: byStatus("inprogress"), done: byStatus("done"), stalled: byStatus("stalled") },
        stalledElsewhere: elsewhere.tasks.map(toToolTask),
        stalledElsewhereCount: elsewhere.total,
        capacity: { total, done: breakdown.done, active, stalled, estimatedMinutes, progressPercent, workloadLabel, recommendation },
        events: events.map(({ title, start, end, allDay, busy }) => ({ title, start, end, allDay, busy })),
        meetingMinutes: meetingMinutes(events, day),
      };
    },
  }),

  read({
    name: "get_tasks",
    title: "Get tasks of days",
    description: "List the user's tasks of one day, or of a range of days (at most 31).",
    input: contract.getTasksInput,
    output: contract.getTasksOutput,
    offeredTo: ["assistant"],
    read: async ({ tasks, userId, today }, { date, endDate }) => {
      const todayDate = await today();
      const start = calendarDay(date, todayDate);
      const end = endDate === undefined ? start : calendarDay(endDate, todayDate, "endDate");
      const span = daysBetween(start, end);
      if (span < 0 || span >= contract.TOOL_RANGE_MAX_DAYS) {
        throw refusal(`The range must run forward, at most ${contract.TOOL_RANGE_MAX_DAYS} days.`);
      }
      const found =
        span === 0
          ? await tasks.listTasksOfDay(userId, start)
          : (await tasks.listFutureTasks(userId, { startDate: start, endDate: end }, todayDate)).filter(
              (task) => task.date !== null && task.date >= start && task.date <= end,
            );
      return { today: todayDate, from: start, to: end, tasks: found.slice(0, MAX_LISTED_TASKS).map(toToolTask) };
    },
  }),

  read({
    name: "get_future_tasks",
    title: "Get future tasks",
    description: "List the user's unscheduled tasks, overdue tasks, and tasks of the next 30 days.",
    input: contract.getFutureTasksInput,
    output: contract.getFutureTasksOutput,
    offeredTo: ["assistant"],
    read: async ({ tasks, userId, today }) => {
      const todayDate = await today();
      const window = { startDate: addDays(todayDate, 1), endDate: addDays(todayDate, FUTURE_DAYS) };
      const found = await tasks.listFutureTasks(userId, window, todayDate);
      return { today: todayDate, tasks: found.slice(0, MAX_LISTED_TASKS).map(toToolTask) };
    },
  }),

  read({
    name: "get_capacity",
    title: "Get a day's capacity",
    description:
      "The day's planned minutes against the user's capacity (240 usable minutes on an 8-hour working day, scaled to the user's working hours, less the day's meetings).",
    input: contract.getCapacityInput,
    output: contract.getCapacityOutput,
    offeredTo: ["assistant"],
    read: async ({ tasks, calendars, users, userId, today }, { date }) => {
      const day = calendarDay(date, await today());
      const [ofDay, busyMinutes, user] = await Promise.all([
        tasks.listTasksOfDay(userId, day),
        calendars.meetingMinutes(userId, day),
        users.getUser(userId),
      ]);
      const { plannedMinutes, usableMinutes, utilizationPercent, level, message } = dayCapacity({
        tasks: ofDay,
        meetingMinutes: busyMinutes,
        workday: user,
      });
      return { date: day, plannedMinutes, meetingMinutes: busyMinutes, usableMinutes, utilizationPercent, level, message };
    },
  }),

  read({
    name: "list_goals",
    title: "List goals",
    description: "The user's goals with their progress (tasks done of tasks linked, as a fraction 0..1), newest first.",
    input: contract.listGoalsInput,
    output: contract.listGoalsOutput,
    offeredTo: ["assistant", "mcp"],
    read: async ({ goals, userId }, { status }) => {
      const list = await goals.listGoals(userId);
      return { goals: list.filter((goal) => status === undefined || goal.status === status).map(withoutTimes) };
    },
  }),

  read({
    name: "search_tasks",
    title: "Search tasks",
    description: "Finds the user's tasks by words of their title or description, optionally within days (from, to) and by status.",
    input: contract.searchTasksInput,
    output: contract.tasksOutput,
    offeredTo: ["assistant", "mcp"],
    read: async ({ tasks, userId }, { query, from, to, status, limit }) => {
      const words = queryWords(query);
      if (words.length === 0) return { tasks: [] };
      const found = await tasks.searchTasks(userId, words, 50);
      const matches = found.filter(
        (task) =>
          (status === undefined || task.status === status) &&
          (from === undefined || (task.date !== null && task.date >= from)) &&
          (to === undefined || (task.date !== null && task.date <= to)),
      );
      return { tasks: matches.slice(0, limit ?? 20).map(toToolTask) };
    },
  }),

  read({
    name: "get_insights",
    title: "Get insights",
    description: "A day's insights (default today: celebrations, warnings, suggestions, patterns) and the latest weekly summary.",
    input: contract.getInsightsInput,
    output: contract.getInsightsOutput,
    offeredTo: ["mcp"],
    read: async ({ insights, userId, today }, { date }) => {
      const day = date ?? (await today());
      // Like a GET another site could start: a tool's read never spends a model call.
      const daily = await insights.getDailyInsights(userId, day, { mayCallModel: false });
      const [latest] = await insights.listWeeklySummaries(userId, 1);
      return { date: day, daily, weeklySummary: latest ?? null };
    },
  }),

  write({
    name: "create_tasks",
    title: "Create tasks",
    description:
      "Adds one or more tasks in one step (all or none). Each: title, optional description, estimatedDuration (minutes), " +
      "scheduledStartTime (HH:mm), goalId (from list_goals), date (yyyy-MM-dd; omitted: today), recurrence (an RRULE).",
    input: contract.createTasksInput,
    output: contract.tasksOutput,
    offeredTo: ["assistant", "mcp"],
    idempotent: false,
    changes: async ({ today }, { tasks: bodies }) => {
      const todayDate = await today();
      return bodies.map((body) => ({ kind: "createTask", body: body.date === undefined ? { ...body, date: todayDate } : body }));
    },
    answer: tasksAnswer,
  }),

  write({
    name: "update_task",
    title: "Update a task",
    description:
      "Changes a task's fields, its status (todo, inprogress, done) or its date (moving it). The board's rules apply: " +
      'starting and finishing are timed, a goal\'s counts follow. Of a repeating task, scope "future" changes the series.',
    input: contract.updateTaskInput,
    output: contract.taskOutput,
    offeredTo: ["assistant", "mcp"],
    idempotent: true,
    changes: async (_context, { id, changes }) => [{ kind: "updateTask", taskId: id, body: changes }],
    answer: (applied) => ({ task: toToolTask(applied.tasks[0]!) }),
  }),

  write({
    name: "add_checklist_items",
    title: "Add checklist steps",
    description: "Adds steps to a task's checklist, in order, after the steps it has (at most 50 in all), none ticked.",
    input: contract.addChecklistItemsInput,
    output: contract.taskOutput,
    offeredTo: ["assistant", "mcp"],
    idempotent: false,
    changes: async (_context, { taskId, titles }) => [{ kind: "updateTask", taskId, body: { addChecklistItems: titles } }],
    answer: (applied) => ({ task: toToolTask(applied.tasks[0]!) }),
  }),

  write({
    name: "move_tasks",
    title: "Move tasks",
    description: "Move tasks to another day and/or another status.",
    input: contract.moveTasksInput,
    output: contract.tasksOutput,
    offeredTo: ["assistant"],
    idempotent: true,
    changes: async ({ today }, { taskIds, date, status }) => {
      const body: Record<string, unknown> = {};
      if (date !== undefined) body.date = resolveDay(date, await today());
      if (status !== undefined) body.status = status;
      return updates(taskIds, body);
    },
    answer: tasksAnswer,
  }),

  write({
    name: "complete_tasks",
    title: "Complete tasks",
    description: "Mark tasks done.",
    input: contract.completeTasksInput,
    output: contract.tasksOutput,
    offeredTo: ["assistant"],
    idempotent: true,
    changes: async (_context, { taskIds }) => updates(taskIds, { status: "done" }),
    answer: tasksAnswer,
  }),

  write({
    name: "delete_task",
    title: "Delete a task",
    description: 'Deletes a task for good. Of a repeating task, scope "future" deletes this and the following occurrences.',
    input: contract.deleteTaskInput,
    output: contract.deleteTaskOutput,
    offeredTo: ["mcp"],
    destructive: true,
    idempotent: true,
    changes: async (_context, { id, scope }) => [{ kind: "deleteTask", taskId: id, scope }],
    answer: (_applied, { id }) => ({ deleted: true as const, id }),
  }),

  write({
    name: "delete_tasks",
    title: "Delete tasks",
    description: "Delete tasks. Only when the user asked for it in their own message.",
    input: contract.deleteTasksInput,
    output: contract.deleteTasksOutput,
    offeredTo: ["assistant"],
    destructive: true,
    idempotent: true,
    changes: async (_context, { taskIds }) => taskIds.map((taskId) => ({ kind: "deleteTask", taskId })),
    answer: (applied) => ({ deleted: true as const, ids: applied.deletedIds }),
  }),

  write({
    name: "create_goal",
    title: "Create a goal",
    description: "Create a new goal: title, optional description and targetDate (yyyy-MM-dd).",
    input: contract.createGoalInput,
    output: contract.goalOutput,
    offeredTo: ["assistant"],
    idempotent: false,
    changes: async (_context, goal) => [{ kind: "createGoal", body: { ...goal, status: "active" } }],
    answer: (applied) => ({ goal: withoutTimes(applied.goals[0]!) }),
  }),

  plan({
    name: PLAN_DAY_TOOL,
    title: "Plan a day",
    description:
      "Proposes start times for a day's unscheduled To Do and In Progress tasks within the user's working hours, around " +
      "meetings and timed tasks, as 'Plan my day' does (deterministic; nothing changes until the user applies it). " +
      "Lists the tasks that do not fit, with the reason.",
    input: contract.planDayInput,
    output: contract.planDayOutput,
    offeredTo: ["assistant", "mcp"],
    plan: async ({ dayPlans, userId, today }, { date }) => {
      const day = calendarDay(date, await today());
      return { date: day, ...(await dayPlans.planDay(userId, day)) };
    },
  }),
];

export const toolsOfferedTo = (binding: ToolBinding) => toolCatalog.filter((tool) => tool.offeredTo.includes(binding));
