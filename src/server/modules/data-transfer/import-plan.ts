// What an import will create, before any id is given or any row written: the parsers of each format
// produce it, the preview shows it, the import service writes it (decision 037).
import { z } from "zod";
import type { GoalStatus, TaskStatus } from "../../db/schema.ts";
import { isCalendarDate, isTimeOfDay } from "../../../shared/rules/dates.ts";
import { validateRecurrence } from "../../../shared/rules/recurrence.ts";
import { createGoalBodySchema } from "../../../shared/api/goals.ts";
import { calendarDateSchema, createTaskBodySchema, recurrenceSchema } from "../../../shared/api/tasks.ts";
import {
  CHECKLIST_ITEM_TITLE_MAX_LENGTH,
  CHECKLIST_MAX_ITEMS,
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "../../../shared/api/task-limits.ts";
import { GOAL_TITLE_MAX_LENGTH } from "../../../shared/api/goal-limits.ts";
import { emptyHistory, type PlannedHistory, problemOf, type SkippedRow } from "./import-history.ts";

export interface PlannedGoal {
  key: string;
  title: string;
  description: string | null;
  targetDate: string | null;
  status: GoalStatus;
  createdAt?: string;
  updatedAt?: string;
}

export interface PlannedSeries {
  key: string;
  recurrence: string;
  startDate: string;
  endDate: string | null;
  skippedDays: string;
  title: string;
  description: string | null;
  estimatedDuration: number | null;
  scheduledStartTime: string | null;
  goalKey: string | null;
  checklistTemplate?: string[];
  createdAt?: string;
  updatedAt?: string;
}

export interface PlannedStep {
  title: string;
  done: boolean;
}

/** A task to create; the optional fields are a Daywise export's, kept as they were. */
export interface PlannedTask {
  row: number;
  /** A Daywise export's id of the task, which its rollover summaries name. */
  key?: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  date: string | null;
  scheduledStartTime: string | null;
  estimatedDuration: number | null;
  goalKey: string | null;
  /** A rule read from another app: the import makes a series starting on the task's date. */
  recurrence: string | null;
  checklist?: PlannedStep[];
  seriesKey?: string | null;
  occurrenceDate?: string | null;
  completedAt?: string | null;
  firstStartedAt?: string | null;
  currentSessionStartedAt?: string | null;
  workSessionCount?: number;
  startedAt?: string | null;
  trackedMinutes?: number;
  rolloverCount?: number;
  firstPlannedDate?: string | null;
  rolledOverFromDate?: string | null;
  position?: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface ImportPlan {
  goals: PlannedGoal[];
  series: PlannedSeries[];
  tasks: PlannedTask[];
  skipped: SkippedRow[];
  /** A Daywise export's history; empty for the other formats. */
  history: PlannedHistory;
  /** Goals named by a row, matched to the user's goals by title (case-insensitive) or created. */
  goalsByTitle: boolean;
}

export function emptyPlan(goalsByTitle: boolean): ImportPlan {
  return { goals: [], series: [], tasks: [], skipped: [], history: emptyHistory(), goalsByTitle };
}

// Imported rows are held to the fields of the API's own create bodies, whatever those come to check.
const create = createTaskBodySchema.shape;
const taskFields = {
  title: create.title,
  description: create.description,
  estimatedDuration: create.estimatedDuration,
  scheduledStartTime: create.scheduledStartTime,
};
const taskRecord = z.object({ ...taskFields, date: create.date });
const seriesRecord = z.object({
  ...taskFields,
  recurrence: recurrenceSchema,
  startDate: calendarDateSchema,
  endDate: calendarDateSchema.nullable(),
  skippedDays: z
    .string()
    .refine((days) => days === "" || days.split(",").every(isCalendarDate), { error: "must be calendar dates separated by commas" }),
});

/** Why a task's own fields cannot be created, or null when they can. */
export function taskProblem(
  task: Pick<PlannedTask, "title" | "date" | "scheduledStartTime" | "description" | "estimatedDuration">,
): string | null {
  if (task.title.trim() === "") return "The task has no title";
  if (task.title.length > TASK_TITLE_MAX_LENGTH) return `The title has ${task.title.length} characters, more than ${TASK_TITLE_MAX_LENGTH}`;
  if (task.title.includes("\u0000")) return "The title contains a NUL character";
  if (task.date !== null && !isCalendarDate(task.date)) return `The date "${task.date}" is not a calendar date`;
  if (task.scheduledStartTime !== null && !isTimeOfDay(task.scheduledStartTime))
    return `The start time "${task.scheduledStartTime}" is not HH:mm`;
  const parsed = taskRecord.safeParse({
    title: task.title,
    date: task.date,
    scheduledStartTime: task.scheduledStartTime,
    description: task.description,
    estimatedDuration: task.estimatedDuration,
  });
  return parsed.success ? null : `Not a valid task: ${problemOf(parsed.error)}`;
}

/** The API's check of a rule from its first day; a day at the edge of the calendar that it cannot work with is refused. */
export function ruleProblem(rule: string, startDate: string): string | null {
  try {
    return validateRecurrence(rule, startDate);
  } catch {
    return "cannot start on this date";
  }
}

/** A series as the API would create it, its fields as that would store them, or the reason it would not. */
export function checkSeries(
  series: Omit<PlannedSeries, "key" | "goalKey">,
): { problem: string } | { fields: Omit<PlannedSeries, "key" | "goalKey" | "createdAt" | "updatedAt"> } {
  const parsed = seriesRecord.safeParse(series);
  if (!parsed.success) return { problem: `Not a valid record: ${problemOf(parsed.error)}` };
  const problem = ruleProblem(parsed.data.recurrence, parsed.data.startDate);
  if (problem) return { problem: `Not a valid record: recurrence ${problem}` };
  const { description = null, estimatedDuration = null, scheduledStartTime = null, ...fields } = parsed.data;
  return { fields: { ...fields, description, estimatedDuration, scheduledStartTime } };
}

/** A goal as the API would create it, or the reason it would not. */
export function checkGoal(
  goal: Omit<PlannedGoal, "key">,
): { problem: string } | { fields: Omit<PlannedGoal, "key" | "createdAt" | "updatedAt"> } {
  const parsed = createGoalBodySchema.safeParse(goal);
  return parsed.success ? { fields: parsed.data } : { problem: `Not a valid record: ${problemOf(parsed.error)}` };
}

export function goalTitleProblem(title: string): string | null {
  if (title.trim() === "") return "The goal has no title";
  if (title.length > GOAL_TITLE_MAX_LENGTH) return `The goal's title has ${title.length} characters, more than ${GOAL_TITLE_MAX_LENGTH}`;
  return null;
}

/** Descriptions that grew with notes past the limit are cut, with an ellipsis, rather than the task lost. */
export function fitDescription(parts: ReadonlyArray<string | null | undefined>): string | null {
  const text = parts
    .map((part) => part?.trim())
    .filter((part): part is string => !!part)
    .join("\n\n")
    .replaceAll("\u0000", "");
  if (text === "") return null;
  return text.length > TASK_DESCRIPTION_MAX_LENGTH ? `${text.slice(0, TASK_DESCRIPTION_MAX_LENGTH - 1)}…` : text;
}

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/** Steps past the limits are kept like long descriptions: a long title cut, the steps past the 50th as lines of the description. */
export function fitChecklist(
  steps: readonly PlannedStep[],
  description: string | null,
): { items: PlannedStep[]; description: string | null } {
  const items = steps
    .map((step) => ({ title: cut(step.title.replaceAll("\u0000", "").trim(), CHECKLIST_ITEM_TITLE_MAX_LENGTH), done: step.done }))
    .filter((step) => step.title !== "");
  const extra = items.splice(CHECKLIST_MAX_ITEMS);
  if (extra.length === 0) return { items, description };
  return { items, description: fitDescription([description, extra.map((step) => stepText(step, step.title)).join("\n")]) };
}

const stepText = (step: PlannedStep, title: string) => `${step.done ? "[x]" : "[ ]"} ${title}`;

/** The tasks CSV's checklist cell, '[x] Passport; [ ] Charger': a ';' or a backslash in a title is escaped by a backslash. */
export function checklistCell(steps: readonly PlannedStep[]): string {
  return steps.map((step) => stepText(step, step.title.replace(/[\\;]/g, "\\$&"))).join("; ");
}

export function readChecklistCell(cell: string): PlannedStep[] {
  const pieces = [""];
  for (let index = 0; index < cell.length; index += 1) {
    const char = cell[index]!;
    if (char === "\\" && (cell[index + 1] === "\\" || cell[index + 1] === ";")) pieces[pieces.length - 1] += cell[++index]!;
    else if (char === ";") pieces.push("");
    else pieces[pieces.length - 1] += char;
  }
  return pieces.flatMap((piece) => {
    const marked = /^\[([ xX]?)\]\s*([\s\S]*)$/.exec(piece.trim());
    const title = (marked ? marked[2]! : piece).trim();
    return title === "" ? [] : [{ title, done: marked?.[1]?.toLowerCase() === "x" }];
  });
}

export function fitEstimate(minutes: number | null): number | null {
  if (minutes === null || !Number.isFinite(minutes) || minutes <= 0) return null;
  return Math.min(ESTIMATED_DURATION_MAX_MINUTES, Math.max(ESTIMATED_DURATION_MIN_MINUTES, Math.round(minutes)));
}
