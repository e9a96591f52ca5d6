import { BOARD_COLUMN_STATUSES, type BoardColumnStatus } from "../../../../shared/rules/task-status.ts";

export const COLUMN_LABELS: Record<BoardColumnStatus, string> = {
  todo: "To Do",
  inprogress: "In Progress",
  done: "Done",
};

export const BOARD_COLUMNS = BOARD_COLUMN_STATUSES.map((status) => ({ status, label: COLUMN_LABELS[status] }));

/** Task ids are UUIDs, so that these never collide with them. */
export function columnDropId(status: BoardColumnStatus): string {
  return `column:${status}`;
}
