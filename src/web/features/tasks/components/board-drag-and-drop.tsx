// The board's drag and drop (spec section 4: dragging a card onto a column sets its status), by
// pointer, touch and keyboard, with dnd-kit. Not part of the board's first paint (decision 013):
// task-board.tsx renders this beside the columns once its code has loaded. It renders nothing of
// the board itself; it registers the board's cards and columns (BoardDragRegistry) and reports the
// drag back, so its arrival leaves the page as it was.
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { Timer } from "lucide-react";
import { useLayoutEffect, useMemo, useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import { BOARD_COLUMN_STATUSES, type BoardColumnStatus, boardColumnOf } from "../../../../shared/rules/task-status.ts";
import { cn } from "../../../lib/utils.ts";
import { columnDropId, columnOfDropId } from "../lib/board-columns.ts";
import {
  BoardPointerSensor,
  BoardTouchSensor,
  type TaskDragData,
  boardCollisionDetection,
  boardScreenReaderInstructions,
  columnKeyboardCoordinates,
  createBoardAnnouncements,
} from "../lib/board-dnd.ts";
import { BOARD_DRAG_INSTRUCTIONS_ID, type BoardDragRegistry } from "../lib/board-drag-registry.ts";

export interface BoardDragAndDropProps {
  /** The cards on the board. */
  tasks: readonly Task[];
  registry: BoardDragRegistry;
  /** The card being dragged, drawn under the pointer. */
  activeTask: Task | null;
  onDragStart: (taskId: string) => void;
  /** The column the card is over, or null. */
  onDragOver: (column: BoardColumnStatus | null) => void;
  /** The card was let go over `column` (null: outside the columns). */
  onDragEnd: (taskId: string, column: BoardColumnStatus | null) => void;
  onDragCancel: () => void;
}

export function BoardDragAndDrop({ tasks, registry, activeTask, onDragStart, onDragOver, onDragEnd, onDragCancel }: BoardDragAndDropProps) {
  const sensors = useSensors(
    useSensor(BoardPointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(BoardTouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const [announcements] = useState(createBoardAnnouncements);
  return (
    <DndContext
      id={BOARD_DRAG_INSTRUCTIONS_ID}
      sensors={sensors}
      collisionDetection={boardCollisionDetection}
      onDragStart={({ active }) => onDragStart(String(active.id))}
      onDragOver={({ over }) => onDragOver(columnOfDropId(over?.id))}
      onDragEnd={({ active, over }) => onDragEnd(String(active.id), columnOfDropId(over?.id))}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: boardScreenReaderInstructions }}
    >
      {BOARD_COLUMN_STATUSES.map((status) => (
        <ColumnRegistration key={status} status={status} registry={registry} />
      ))}
      {tasks.map((task) => (
        <CardRegistration key={task.id} task={task} registry={registry} />
      ))}
      <DragOverlay dropAnimation={null}>{activeTask ? <DragPreview task={activeTask} /> : null}</DragOverlay>
    </DndContext>
  );
}

function ColumnRegistration({ status, registry }: { status: BoardColumnStatus; registry: BoardDragRegistry }) {
  const { setNodeRef } = useDroppable({ id: columnDropId(status) });
  useLayoutEffect(() => registry.column(status).link(setNodeRef), [registry, status, setNodeRef]);
  return null;
}

function CardRegistration({ task, registry }: { task: Task; registry: BoardDragRegistry }) {
  const column = boardColumnOf(task.status);
  const data = useMemo<TaskDragData>(() => ({ task, column }), [task, column]);
  const { listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: task.id, data });
  useLayoutEffect(() => registry.card(task.id).link(setNodeRef), [registry, task.id, setNodeRef]);
  useLayoutEffect(() => registry.handle(task.id).link(setActivatorNodeRef), [registry, task.id, setActivatorNodeRef]);
  useLayoutEffect(() => (listeners ? registry.listen(task.id, listeners) : undefined), [registry, task.id, listeners]);
  return null;
}

/** What follows the pointer: the card's title and estimate, without its controls. */
function DragPreview({ task }: { task: Task }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "grid cursor-grabbing gap-1 rounded-lg border bg-card p-3 shadow-xl ring-2 ring-indigo-300",
        task.status === "stalled" && "border-red-300 bg-red-50",
      )}
    >
      <p className="text-sm font-semibold wrap-anywhere">{task.title}</p>
      {task.estimatedDuration ? (
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <Timer className="size-3.5" aria-hidden="true" />
          {formatDuration(task.estimatedDuration)}
        </p>
      ) : null}
    </div>
  );
}
