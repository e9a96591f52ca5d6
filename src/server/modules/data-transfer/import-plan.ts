// What an import will create, before any id is given or any row written: the parsers of each format
// produce it, the preview shows it, the import service writes it (decision 037).
import type { GoalStatus, TaskStatus } from "../../db/schema.ts";
import { isCalendarDate, isTimeOfDay } from "../../../shared/rules/dates.ts";
import {
  ESTIMATED_DURATION_MAX_MINUTES,
  ESTIMATED_DURATION_MIN_MINUTES,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_TITLE_MAX_LENGTH,
} from "../../../shared/api/task-limits.ts";
import { GOAL_TITLE_MAX_LENGTH } from "../../../shared/api/goal-limits.ts";
import { emptyHistory, type PlannedHistory, type SkippedRow } from "./import-history.ts";

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
  createdAt?: string;
  updatedAt?: string;
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

/** Why a task's own fields cannot be created, or null when they can. */
export function taskProblem(task: Pick<PlannedTask, "title" | "date" | "scheduledStartTime">): string | null {
  if (task.title.trim() === "") return "The task has no title";
  if (task.title.length > TASK_TITLE_MAX_LENGTH) return `The title has ${task.title.length} characters, more than ${TASK_TITLE_MAX_LENGTH}`;
  if (task.title.includes("\u0000")) return "The title contains a NUL character";
  if (task.date !== null && !isCalendarDate(task.date)) return `The date "${task.date}" is not a calendar date`;
  if (task.scheduledStartTime !== null && !isTimeOfDay(task.scheduledStartTime))
    return `The start time "${task.scheduledStartTime}" is not HH:mm`;
  return null;
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

export function fitEstimate(minutes: number | null): number | null {
  if (minutes === null || !Number.isFinite(minutes) || minutes <= 0) return null;
  return Math.min(ESTIMATED_DURATION_MAX_MINUTES, Math.max(ESTIMATED_DURATION_MIN_MINUTES, Math.round(minutes)));
}
