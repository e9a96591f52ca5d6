import type { ComponentType, HTMLAttributes, Ref } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { type BoardColumnStatus, boardColumnOf } from "../../../../shared/rules/task-status.ts";
import { BOARD_COLUMNS, BOARD_DRAG_INSTRUCTIONS, BOARD_DRAG_INSTRUCTIONS_ID } from "../lib/board-columns.ts";
import type { BoardColumnProps } from "./board-column.tsx";
import type { TaskCardActions } from "./task-card.tsx";

// The board's columns and cards as both boards draw them: the static first paint (task-board.tsx)
// and the drag-enabled board (task-board-dnd.tsx) differ only in the column and card components
// they pass, which render the same elements, so swapping one for the other moves nothing.

export type BoardColumnTasks = Record<BoardColumnStatus, Task[]>;

/** The tasks by column, with `moved` (a card just dropped) in place of its listed version. */
export function groupByColumn(tasks: readonly Task[], moved?: ReadonlyMap<string, Task> | null): BoardColumnTasks {
  const grouped: BoardColumnTasks = { todo: [], inprogress: [], done: [] };
  for (const listed of tasks) {
    const task = moved?.get(listed.id) ?? listed;
    grouped[boardColumnOf(task.status)].push(task);
  }
  return grouped;
}

export interface BoardCardProps {
  task: Task;
  timeZone: string;
  actions: TaskCardActions;
}

interface BoardGridProps extends Omit<HTMLAttributes<HTMLDivElement>, "className" | "children"> {
  columns: BoardColumnTasks;
  timeZone: string;
  actions: TaskCardActions;
  onExternalDrop: (taskId: string, status: BoardColumnStatus) => void;
  Column: ComponentType<BoardColumnProps>;
  /** Renders `<li data-task-id>` around a TaskCard. */
  Card: ComponentType<BoardCardProps>;
  ref?: Ref<HTMLDivElement>;
}

export function BoardGrid({ columns, timeZone, actions, onExternalDrop, Column, Card, ref, ...gridProps }: BoardGridProps) {
  return (
    <div ref={ref} className="grid items-stretch gap-4 md:grid-cols-3" {...gridProps}>
      {BOARD_COLUMNS.map(({ status, label }) => (
        <Column key={status} status={status} label={label} count={columns[status].length} onExternalDrop={onExternalDrop}>
          {columns[status].length > 0 ? (
            <ul className="grid gap-3">
              {columns[status].map((task) => (
                <Card key={task.id} task={task} timeZone={timeZone} actions={actions} />
              ))}
            </ul>
          ) : (
            <p className="flex flex-1 items-center justify-center rounded-lg border-2 border-dashed border-slate-200 p-4 text-center text-sm text-muted-foreground">
              Drop tasks here
            </p>
          )}
        </Column>
      ))}
    </div>
  );
}

/** The static board's copy of the hidden text dnd-kit renders for the handles' aria-describedby. */
export function BoardDragInstructions() {
  return (
    <div id={BOARD_DRAG_INSTRUCTIONS_ID} style={{ display: "none" }}>
      {BOARD_DRAG_INSTRUCTIONS}
    </div>
  );
}
