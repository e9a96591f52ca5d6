// The board's columns in order, and where a dragged card lands (decision 024). Plain sorting, no
// dnd-kit: the painted board uses it (decision 013), and the drag and drop loaded later too.
import type { Task } from "../../../../shared/api/tasks.ts";
import { placeWithinStartTime, positionForPlace, sortByTaskOrder } from "../../../../shared/rules/task-order.ts";
import { type BoardColumnStatus, boardColumnOf } from "../../../../shared/rules/task-status.ts";

export type BoardColumns = Record<BoardColumnStatus, Task[]>;

/** Where a dragged card would land: a column, and its index among that column's other cards. */
export interface DropTarget {
  column: BoardColumnStatus;
  index: number;
}

/** The tasks by column, each column in order: start time, then position (task-order.ts). */
export function columnsInOrder(tasks: readonly Task[]): BoardColumns {
  const grouped: BoardColumns = { todo: [], inprogress: [], done: [] };
  for (const task of tasks) grouped[boardColumnOf(task.status)].push(task);
  return { todo: sortByTaskOrder(grouped.todo), inprogress: sortByTaskOrder(grouped.inprogress), done: sortByTaskOrder(grouped.done) };
}

/** A column's cards but the dragged one. */
export function othersIn(columns: BoardColumns, column: BoardColumnStatus, taskId: string): Task[] {
  return columns[column].filter((task) => task.id !== taskId);
}

/** Where the card is now, as a target (dropping it there changes nothing). */
export function placeOf(columns: BoardColumns, task: Task): DropTarget {
  const column = boardColumnOf(task.status);
  return {
    column,
    index: Math.max(
      0,
      columns[column].findIndex((item) => item.id === task.id),
    ),
  };
}

/** `index` in `column`, kept among the cards of the task's own start time: where the card really lands. */
export function reachableTarget(columns: BoardColumns, task: Task, column: BoardColumnStatus, index: number): DropTarget {
  return { column, index: placeWithinStartTime(othersIn(columns, column, task.id), task, index) };
}

/** The columns with the dragged card shown at `target` (its place while it is dragged). */
export function withCardAt(columns: BoardColumns, task: Task, target: DropTarget | null): BoardColumns {
  if (!target) return columns;
  const shown: BoardColumns = {
    todo: othersIn(columns, "todo", task.id),
    inprogress: othersIn(columns, "inprogress", task.id),
    done: othersIn(columns, "done", task.id),
  };
  const index = Math.min(target.index, shown[target.column].length);
  shown[target.column] = [...shown[target.column].slice(0, index), task, ...shown[target.column].slice(index)];
  return shown;
}

/**
 * What a drop at `target` changes, sent in one PATCH: the column's status (unless the card is
 * already there) and the position between its new neighbours; null when the card stays put.
 */
export function dropChanges(
  columns: BoardColumns,
  task: Task,
  target: DropTarget,
): { status?: BoardColumnStatus; position: number } | null {
  const from = placeOf(columns, task);
  const place = positionForPlace(othersIn(columns, target.column, task.id), task, target.index);
  if (from.column === target.column && from.index === place.index) return null;
  return from.column === target.column ? { position: place.position } : { status: target.column, position: place.position };
}
