import { BOARD_COLUMN_STATUSES, type BoardColumnStatus } from "../../../../shared/rules/task-status.ts";

export const COLUMN_LABELS: Record<BoardColumnStatus, string> = {
  todo: "To Do",
  inprogress: "In Progress",
  done: "Done",
};

export const BOARD_COLUMNS = BOARD_COLUMN_STATUSES.map((status) => ({ status, label: COLUMN_LABELS[status] }));

/** The droppable id of a column (task ids are UUIDs, so they never collide). */
export function columnDropId(status: BoardColumnStatus): string {
  return `column:${status}`;
}

export function columnOfDropId(id: string | number | null | undefined): BoardColumnStatus | null {
  if (typeof id !== "string" || !id.startsWith("column:")) return null;
  const status = id.slice("column:".length);
  return (BOARD_COLUMN_STATUSES as readonly string[]).includes(status) ? (status as BoardColumnStatus) : null;
}

/**
 * The hidden text every card's move handle is described by (dnd-kit's `aria-describedby`): the
 * static first-paint board and the drag-enabled board give it the same id and words.
 */
export const BOARD_DRAG_INSTRUCTIONS_ID = "task-board-drag-instructions";
export const BOARD_DRAG_INSTRUCTIONS =
  "To move this task, press Space or Enter to pick it up. Use the arrow keys to choose another column, " +
  "then press Space or Enter to drop it there, or Escape to cancel.";
