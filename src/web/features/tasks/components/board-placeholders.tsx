import { CalendarPlus, Plus } from "lucide-react";
import { useId } from "react";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { cn } from "../../../lib/utils.ts";
import { BOARD_COLUMNS } from "../lib/board-columns.ts";
import { useTaskDropTarget } from "../hooks/use-task-drop-target.ts";
import { ColumnFrame } from "./board-column.tsx";
import { BoardStatusTabs } from "./board-status-tabs.tsx";

/** In the real columns' frames, so nothing moves when the tasks arrive. */
export function BoardSkeleton() {
  return (
    <div role="status" className="grid items-stretch gap-4 md:grid-cols-3">
      <span className="sr-only">Loading tasks</span>
      <BoardStatusTabs counts={null} shown="todo" />
      {BOARD_COLUMNS.map(({ status, label }, index) => (
        <ColumnFrame key={status} status={status} label={label} count={null} className={index > 0 ? "max-md:hidden" : undefined}>
          <div className="grid gap-3" aria-hidden="true">
            {Array.from({ length: 3 - index }, (_, card) => (
              <Skeleton key={card} className="h-24 bg-slate-200/70" />
            ))}
          </div>
        </ColumnFrame>
      ))}
    </div>
  );
}

interface EmptyBoardProps {
  onAddTask: () => void;
  onExternalDrop: (taskId: string, status: BoardColumnStatus) => void;
}

export function EmptyBoard({ onAddTask, onExternalDrop }: EmptyBoardProps) {
  const { isTaskOver, dropTargetProps } = useTaskDropTarget((taskId) => onExternalDrop(taskId, "todo"));
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex min-h-96 flex-col items-center justify-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-8 text-center transition-colors",
        isTaskOver && "border-indigo-400 bg-indigo-50",
      )}
      {...dropTargetProps}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
        <CalendarPlus className="size-7" aria-hidden="true" />
      </span>
      <h2 id={headingId} className="mt-4 text-lg font-semibold">
        Your day awaits
      </h2>
      <p className="mt-1 text-muted-foreground">No tasks planned</p>
      <Button className="mt-5" onClick={onAddTask}>
        <Plus aria-hidden="true" />
        Add Task
      </Button>
    </section>
  );
}
