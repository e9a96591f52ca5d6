// No dnd-kit: the painted board uses this too (decision 013).
import type { Task } from "../../../../shared/api/tasks.ts";
import { placeWithinStartTime, positionForPlace, sortByTaskOrder } from "../../../../shared/rules/task-order.ts";
import { type BoardColumnStatus, boardColumnOf } from "../../../../shared/rules/task-status.ts";

export type BoardColumns = Record<BoardColumnStatus, Task[]>;

export interface DropTarget {
  column: BoardColumnStatus;
  index: number;
}

export function columnsInOrder(tasks: readonly Task[]): BoardColumns {
  const grouped: BoardColumns = { todo: [], inprogress: [], done: [] };
  for (const task of tasks) grouped[boardColumnOf(task.status)].push(task);
  return { todo: sortByTaskOrder(grouped.todo), inprogress: sortByTaskOrder(grouped.inprogress), done: sortByTaskOrder(grouped.done) };
}

export function othersIn(columns: BoardColumns, column: BoardColumnStatus, taskId: string): Task[] {
  return columns[column].filter((task) => task.id !== taskId);
}

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

export function reachableTarget(columns: BoardColumns, task: Task, column: BoardColumnStatus, index: number): DropTarget {
  return { column, index: placeWithinStartTime(othersIn(columns, column, task.id), task, index) };
}

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
