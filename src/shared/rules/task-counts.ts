// How a day's tasks are counted, once for every place that shows a count (Today's Progress, the
// Capacity card and its Done/Working/Todo bar, the board's 'x/y completed').
import { type TaskStatus, boardColumnOf, isCompleted } from "./task-status.ts";

/**
 * The rule: a stalled task is in progress (it sits in the In Progress column and is counted in
 * 'In Progress' and 'Working') but it is not active: 'Active' counts only the tasks being worked on
 * now (status inprogress). So inProgress = active + stalled, and todo + inProgress + done = total.
 */
export interface TaskCounts {
  total: number;
  todo: number;
  /** The In Progress column: active and stalled tasks. */
  inProgress: number;
  /** Being worked on now: status inprogress. */
  active: number;
  /** In progress but run past its estimate (status stalled). */
  stalled: number;
  /** Completed: only status done (spec section 4). */
  done: number;
}

/** Active means being worked on now: a stalled task is not. */
export function isActive(status: TaskStatus): boolean {
  return status === "inprogress";
}

export function countTasks(tasks: readonly { status: TaskStatus }[]): TaskCounts {
  const counts: TaskCounts = { total: tasks.length, todo: 0, inProgress: 0, active: 0, stalled: 0, done: 0 };
  for (const { status } of tasks) {
    if (isCompleted(status)) counts.done += 1;
    else if (boardColumnOf(status) === "inprogress") counts.inProgress += 1;
    else counts.todo += 1;
    if (isActive(status)) counts.active += 1;
    if (status === "stalled") counts.stalled += 1;
  }
  return counts;
}
