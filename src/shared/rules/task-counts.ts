import { type TaskStatus, boardColumnOf, isCompleted } from "./task-status.ts";

/** A stalled task is in progress but not active: inProgress = active + stalled. */
export interface TaskCounts {
  total: number;
  todo: number;
  inProgress: number;
  active: number;
  stalled: number;
  done: number;
}

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
