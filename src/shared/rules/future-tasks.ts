// The Future Tasks panel's window and its '(Overdue)' marker (spec sections 2 and 9;
// product-decisions.md: overdue = not done and dated before the user's today).
import { addDays } from "./dates.ts";
import type { TaskStatus } from "./task-status.ts";

/** The panel lists tasks from tomorrow to this many days ahead. */
export const FUTURE_TASKS_WINDOW_DAYS = 30;

/** The startDate and endDate the panel asks GET /api/tasks/future for: tomorrow to 30 days ahead. */
export function futureTasksWindow(today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, 1), endDate: addDays(today, FUTURE_TASKS_WINDOW_DAYS) };
}

/**
 * How far back the panel lists overdue tasks: a user who let a thousand tasks go by would
 * otherwise get them all on every read. Older ones stay on their own days' boards; end-of-day
 * rollover keeps them from piling up in the first place.
 */
export const OVERDUE_WINDOW_DAYS = 30;

/** The first day whose overdue tasks the panel lists. */
export function overdueWindowStart(today: string): string {
  return addDays(today, -OVERDUE_WINDOW_DAYS);
}

/** A task dated before today that is not done. Unscheduled tasks are never overdue. */
export function isOverdue(task: { date: string | null; status: TaskStatus }, today: string): boolean {
  return task.date !== null && task.date < today && task.status !== "done";
}

/** An overdue task recent enough for the Future Tasks panel (OVERDUE_WINDOW_DAYS). */
export function isListedOverdue(task: { date: string | null; status: TaskStatus }, today: string): boolean {
  return isOverdue(task, today) && task.date! >= overdueWindowStart(today);
}
