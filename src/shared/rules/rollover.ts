// Pure, so that the web app can show the same recommendations the server applies.
import type { RolloverAction, RolloverSettings } from "../api/rollover.ts";
import { addDays, LAST_CALENDAR_DATE } from "./dates.ts";
import { type LifecycleChanges, type LifecycleFields, statusChangeStamps } from "./task-lifecycle.ts";
import type { TaskStatus } from "./task-status.ts";
import { isPastStallThreshold, stallDeadline } from "./task-timing.ts";

export const LARGE_TASK_MINUTES = 120;
export const WRAP_UP_DEFAULT_ESTIMATE_MINUTES = 30;

export type RolloverRuleSettings = Pick<
  RolloverSettings,
  "rolloverTodoTasks" | "stallInProgressTasks" | "deferLargeTasks" | "maxRolloverDays"
>;

export interface RolloverCandidate {
  status: TaskStatus;
  estimatedDuration: number | null;
  rolloverCount: number;
}

export function recommendRolloverAction(task: RolloverCandidate, settings: RolloverRuleSettings): RolloverAction {
  const isLarge = task.estimatedDuration !== null && task.estimatedDuration > LARGE_TASK_MINUTES;
  if ((settings.deferLargeTasks && isLarge) || task.rolloverCount >= settings.maxRolloverDays) return "defer";
  const isWorkedOn = task.status === "inprogress" || task.status === "stalled";
  if (isWorkedOn && settings.stallInProgressTasks) return "stall";
  if (task.status === "todo" && settings.rolloverTodoTasks) return "rollover";
  if (isWorkedOn && !settings.stallInProgressTasks) return "rollover";
  return "review";
}

export interface RolloverTaskState extends LifecycleFields, RolloverCandidate {
  id: string;
  date: string | null;
  firstPlannedDate: string | null;
  seriesId?: string | null;
}

export interface RolloverTaskChanges extends LifecycleChanges {
  date?: string | null;
  rolloverCount?: number;
  rolledOverFromDate?: string | null;
  firstPlannedDate?: string;
  updatedAt?: string;
}

/** A session past the stall threshold ends there, so a task left running overnight does not count the night as work. */
function sessionEnd(task: RolloverTaskState, now: Date): Date {
  if (task.status === "inprogress" && isPastStallThreshold(task, now)) return stallDeadline(task) ?? now;
  return now;
}

/** A deferred task keeps rolloverCount: it counts day-to-day moves, which maxRolloverDays compares with. */
export function rolloverChanges(task: RolloverTaskState, action: RolloverAction, day: string, now: Date): RolloverTaskChanges {
  if (action === "review" || action === "skip") return {};
  const nextStatus: TaskStatus = action === "stall" ? "stalled" : task.status === "inprogress" ? "todo" : task.status;
  const changes: RolloverTaskChanges = {
    ...statusChangeStamps(task, nextStatus, sessionEnd(task, now)),
    updatedAt: now.toISOString(),
  };
  if (action === "defer") {
    changes.date = null;
    changes.rolledOverFromDate = null;
  } else {
    changes.date = addDays(day, 1);
    changes.rolloverCount = task.rolloverCount + 1;
    changes.rolledOverFromDate = day;
  }
  if (task.firstPlannedDate === null) changes.firstPlannedDate = day;
  return changes;
}

export interface PlannedRolloverTask<T extends RolloverTaskState = RolloverTaskState> {
  task: T;
  action: RolloverAction;
  changes: RolloverTaskChanges;
}

/** occursNextDay: whether the series of an occurrence has one on the next day (rules/recurrence.ts, kept apart for the web). */
export function planDayRollover<T extends RolloverTaskState>(
  tasks: readonly T[],
  settings: RolloverRuleSettings,
  day: string,
  now: Date,
  occursNextDay: (task: T) => boolean = () => false,
): PlannedRolloverTask<T>[] {
  return tasks
    .filter((task) => task.status !== "done")
    .map((task) => {
      // The next day has its own occurrence: this one stays where it is, as it is, and counts as missed.
      if (task.seriesId && occursNextDay(task)) return { task, action: "skip" as const, changes: {} };
      const recommended = recommendRolloverAction(task, settings);
      // The last day the API accepts has no next day: what would move stays for review.
      const action = day === LAST_CALENDAR_DATE && (recommended === "rollover" || recommended === "stall") ? "review" : recommended;
      return { task, action, changes: rolloverChanges(task, action, day, now) };
    });
}

export interface WrapUpTask {
  status: TaskStatus;
  estimatedDuration: number | null;
  trackedMinutes: number;
  completedAt: string | null;
}

export interface WrapUpFigures {
  completedCount: number;
  totalCount: number;
  plannedMinutes: number;
  actualMinutes: number;
}

export function wrapUpFigures(tasks: readonly WrapUpTask[]): WrapUpFigures {
  let completedCount = 0;
  let plannedMinutes = 0;
  let actualMinutes = 0;
  for (const task of tasks) {
    if (task.status === "done") completedCount++;
    plannedMinutes += task.estimatedDuration ?? WRAP_UP_DEFAULT_ESTIMATE_MINUTES;
    if (task.completedAt !== null) actualMinutes += task.trackedMinutes;
  }
  return { completedCount, totalCount: tasks.length, plannedMinutes, actualMinutes };
}

/** Not done and not left for review or skipped: these arrived after the rollover, which must handle them (decision 020). */
export function tasksLeftToRollOver<T extends { id: string; status: TaskStatus }>(
  tasks: readonly T[],
  summary: { taskIds: { review: readonly string[]; skip?: readonly string[] } },
): T[] {
  const reviewed = new Set([...summary.taskIds.review, ...(summary.taskIds.skip ?? [])]);
  return tasks.filter((task) => task.status !== "done" && !reviewed.has(task.id));
}
