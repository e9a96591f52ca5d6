import { addDays } from "./dates.ts";
import type { TaskStatus } from "./task-status.ts";

export const FUTURE_TASKS_WINDOW_DAYS = 30;

export function futureTasksWindow(today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, 1), endDate: addDays(today, FUTURE_TASKS_WINDOW_DAYS) };
}

/** Bounded so that a user who let a thousand tasks go by does not get them all on every read. */
export const OVERDUE_WINDOW_DAYS = 30;

export function overdueWindowStart(today: string): string {
  return addDays(today, -OVERDUE_WINDOW_DAYS);
}

export function isOverdue(task: { date: string | null; status: TaskStatus }, today: string): boolean {
  return task.date !== null && task.date < today && task.status !== "done";
}

export function isListedOverdue(task: { date: string | null; status: TaskStatus }, today: string): boolean {
  return isOverdue(task, today) && task.date! >= overdueWindowStart(today);
}
