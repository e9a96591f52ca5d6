// End-of-day rollover (product-decisions.md "End-of-day rollover" and "Capacity and wrap-up
// figures"): what closing day D does with each task, and the wrap-up's figures. Pure: the server
// applies the changes in one transaction; the web app may show the same recommendations.
import type { RolloverAction, RolloverSettings } from "../api/rollover.ts";
import { addDays, LAST_CALENDAR_DATE } from "./dates.ts";
import { type LifecycleChanges, type LifecycleFields, statusChangeStamps } from "./task-lifecycle.ts";
import type { TaskStatus } from "./task-status.ts";
import { isPastStallThreshold, stallDeadline } from "./task-timing.ts";

/** A task whose estimate is over this many minutes is deferred when `deferLargeTasks` is on. */
export const LARGE_TASK_MINUTES = 120;
/** The wrap-up's planned time counts a task without an estimate as this many minutes. */
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

/**
 * The recommended action for a task of the day that is not done (a done task is never moved;
 * planDayRollover leaves those out):
 * 1. defer when deferLargeTasks and the estimate is over 120 minutes, or when the task has already
 *    rolled over maxRolloverDays times;
 * 2. else stall when it is inprogress or stalled and stallInProgressTasks is on;
 * 3. else rollover when it is todo and rolloverTodoTasks is on, or inprogress/stalled with stalling off;
 * 4. else review (it stays on its day).
 */
export function recommendRolloverAction(task: RolloverCandidate, settings: RolloverRuleSettings): RolloverAction {
  const isLarge = task.estimatedDuration !== null && task.estimatedDuration > LARGE_TASK_MINUTES;
  if ((settings.deferLargeTasks && isLarge) || task.rolloverCount >= settings.maxRolloverDays) return "defer";
  const isWorkedOn = task.status === "inprogress" || task.status === "stalled";
  if (isWorkedOn && settings.stallInProgressTasks) return "stall";
  if (task.status === "todo" && settings.rolloverTodoTasks) return "rollover";
  if (isWorkedOn && !settings.stallInProgressTasks) return "rollover";
  return "review";
}

/** The fields closing a day reads from a task. */
export interface RolloverTaskState extends LifecycleFields, RolloverCandidate {
  id: string;
  date: string | null;
  firstPlannedDate: string | null;
}

export interface RolloverTaskChanges extends LifecycleChanges {
  date?: string | null;
  rolloverCount?: number;
  rolledOverFromDate?: string | null;
  firstPlannedDate?: string;
  updatedAt?: string;
}

/**
 * When an in-progress session ends because its day is closed: now, or, for a session already past
 * the stalled threshold, that threshold (the same rule the stalled check applies, so a task left
 * running overnight does not count the night as work).
 */
function sessionEnd(task: RolloverTaskState, now: Date): Date {
  if (task.status === "inprogress" && isPastStallThreshold(task, now)) return stallDeadline(task) ?? now;
  return now;
}

/**
 * What `action` changes on a task of day `day`, closed at `now`:
 * - rollover: moved to day+1, status kept (todo if it was inprogress);
 * - stall: moved to day+1 as stalled;
 * - defer: date cleared (unscheduled), status kept (todo if it was inprogress);
 * - review: nothing (an empty object).
 * Leaving inprogress goes through statusChangeStamps: the session's minutes are added to
 * trackedMinutes and the session is cleared, so a task moved to day+1 never has an open session.
 * A moved task gets rolloverCount + 1 and rolledOverFromDate = day (what day stats count).
 * A deferred task is not moved to another day, so its rolloverCount is kept as it is (it counts
 * moves from day to day, and maxRolloverDays compares with it); its rolledOverFromDate is cleared,
 * since it is on no day it could have arrived on by rollover. Every changed task keeps
 * firstPlannedDate, or gets `day` when it had none.
 */
export function rolloverChanges(task: RolloverTaskState, action: RolloverAction, day: string, now: Date): RolloverTaskChanges {
  if (action === "review") return {};
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

/** Every not-done task of `day` with its action and changes, in the order given. */
export function planDayRollover<T extends RolloverTaskState>(
  tasks: readonly T[],
  settings: RolloverRuleSettings,
  day: string,
  now: Date,
): PlannedRolloverTask<T>[] {
  return tasks
    .filter((task) => task.status !== "done")
    .map((task) => {
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
  /** Sum of estimates, 30 minutes for a task without one. */
  plannedMinutes: number;
  /** trackedMinutes of the tasks that have completedAt. */
  actualMinutes: number;
}

/** The wrap-up's "Today's Summary" figures for all the tasks of a day (done ones included). */
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

/**
 * The tasks of a closed day that no close of it has handled yet (decision 020): not done, and not
 * left on the day for review. Those arrived after the close (added, moved back or reopened), and
 * closing the day again handles them.
 */
export function tasksLeftToClose<T extends { id: string; status: TaskStatus }>(
  tasks: readonly T[],
  summary: { taskIds: { review: readonly string[] } },
): T[] {
  const reviewed = new Set(summary.taskIds.review);
  return tasks.filter((task) => task.status !== "done" && !reviewed.has(task.id));
}
