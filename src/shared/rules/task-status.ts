export const TASK_STATUSES = ["todo", "inprogress", "done", "stalled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const BOARD_COLUMN_STATUSES = ["todo", "inprogress", "done"] as const;
export type BoardColumnStatus = (typeof BOARD_COLUMN_STATUSES)[number];

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === "string" && (TASK_STATUSES as readonly string[]).includes(value);
}

export function isCompleted(status: TaskStatus): boolean {
  return status === "done";
}

export function boardColumnOf(status: TaskStatus): BoardColumnStatus {
  return status === "stalled" ? "inprogress" : status;
}
