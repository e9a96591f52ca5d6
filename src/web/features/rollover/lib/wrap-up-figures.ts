// The wrap-up's "Today's Summary" (spec section 2 "Daily Wrap-up dialog"; product-decisions.md
// "Capacity and wrap-up figures"): planned = estimates with a 30-minute default, actual = the
// tracked minutes of the tasks that have completedAt.
import type { Task } from "../../../../shared/api/tasks.ts";
import { effectiveEstimateMinutes } from "../../../../shared/rules/task-timing.ts";
import { completionRate } from "../../../../shared/rules/workload.ts";

/** The wrap-up's fixed goal progress figure (spec section 2). */
export const WRAP_UP_GOAL_PROGRESS = "+15%";

export interface WrapUpFigures {
  completed: number;
  total: number;
  /** completed / total, rounded; 0 for an empty day. */
  percent: number;
  plannedMinutes: number;
  actualMinutes: number;
}

type WrapUpTask = Pick<Task, "status" | "estimatedDuration" | "trackedMinutes" | "completedAt">;

export function wrapUpFigures(tasks: readonly WrapUpTask[]): WrapUpFigures {
  let completed = 0;
  let plannedMinutes = 0;
  let actualMinutes = 0;
  for (const task of tasks) {
    if (task.status === "done") completed += 1;
    plannedMinutes += effectiveEstimateMinutes(task.estimatedDuration);
    if (task.completedAt) actualMinutes += Math.max(0, task.trackedMinutes);
  }
  return { completed, total: tasks.length, percent: completionRate(tasks.length, completed), plannedMinutes, actualMinutes };
}

/** Minutes as hours with one decimal, the way the summary reads them ('1.5h'). */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours}h`;
}
