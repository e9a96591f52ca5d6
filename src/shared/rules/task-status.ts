// The task statuses (spec section 3), shared by the API contract and every rule.
export const TASK_STATUSES = ["todo", "inprogress", "done", "stalled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The board's columns; a stalled task shows in the In Progress column, coloured red. */
export const BOARD_COLUMN_STATUSES = ["todo", "inprogress", "done"] as const;
export type BoardColumnStatus = (typeof BOARD_COLUMN_STATUSES)[number];

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === "string" && (TASK_STATUSES as readonly string[]).includes(value);
}

/** Only `done` counts as completed (spec section 4). */
export function isCompleted(status: TaskStatus): boolean {
  return status === "done";
}

/** The column a task is shown in: its own, or In Progress for a stalled task. */
export function boardColumnOf(status: TaskStatus): BoardColumnStatus {
  return status === "stalled" ? "inprogress" : status;
}
