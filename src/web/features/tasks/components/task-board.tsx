import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  useDraggable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { Timer } from "lucide-react";
import { memo, useCallback, useMemo, useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import { type BoardColumnStatus, boardColumnOf } from "../../../../shared/rules/task-status.ts";
import { cn } from "../../../lib/utils.ts";
import { BOARD_COLUMNS, columnOfDropId } from "../lib/board-columns.ts";
import { patchTask } from "../lib/optimistic-task-update.ts";
import {
  BoardPointerSensor,
  BoardTouchSensor,
  type TaskDragData,
  createBoardAnnouncements,
  boardCollisionDetection,
  boardScreenReaderInstructions,
  columnKeyboardCoordinates,
} from "../lib/board-dnd.ts";
import { BoardColumn } from "./board-column.tsx";
import { TaskCard, type TaskCardActions } from "./task-card.tsx";
import { TaskIconSprite } from "./task-icons.tsx";

interface TaskBoardProps {
  tasks: readonly Task[];
  timeZone: string;
  actions: TaskCardActions;
  /** A card dropped on another column. */
  onMove: (task: Task, status: BoardColumnStatus) => void;
  /** A Future Tasks card dropped on a column. */
  onExternalDrop: (taskId: string, status: BoardColumnStatus) => void;
}

/** Spec section 2: To Do, In Progress (stalled tasks too, in red) and Done, with drag and drop. */
export function TaskBoard({ tasks, timeZone, actions, onMove, onExternalDrop }: TaskBoardProps) {
  const sensors = useSensors(
    useSensor(BoardPointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(BoardTouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const [activeTask, setActiveTask] = useState<Task | null>(null);
  const [announcements] = useState(createBoardAnnouncements);
  // A dropped card moves in the same render as the drop itself (the cache's optimistic update
  // follows a moment later): the board never draws a frame with the card back in its old column.
  // Keyed to the task list it was made for, so it is dropped as soon as that list changes.
  const [dropped, setDropped] = useState<{ base: readonly Task[]; tasks: ReadonlyMap<string, Task> } | null>(null);

  const columns = useMemo(() => {
    const grouped: Record<BoardColumnStatus, Task[]> = { todo: [], inprogress: [], done: [] };
    const moved = dropped?.base === tasks ? dropped.tasks : null;
    for (const listed of tasks) {
      const task = moved?.get(listed.id) ?? listed;
      grouped[boardColumnOf(task.status)].push(task);
    }
    return grouped;
  }, [tasks, dropped]);

  const handleDragStart = useCallback(({ active }: DragStartEvent) => {
    setActiveTask((active.data.current as TaskDragData | undefined)?.task ?? null);
  }, []);

  const handleDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      setActiveTask(null);
      const data = active.data.current as TaskDragData | undefined;
      const target = columnOfDropId(over?.id);
      // Spec section 4: the column's status, unless the card is already in that column.
      if (!data || !target || target === data.column) return;
      const moved = patchTask(data.task, { status: target }, new Date());
      setDropped((current) => {
        const previous = current?.base === tasks ? current.tasks : [];
        return { base: tasks, tasks: new Map([...previous, [moved.id, moved]]) };
      });
      onMove(data.task, target);
    },
    [onMove, tasks],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisionDetection}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveTask(null)}
      accessibility={{ announcements, screenReaderInstructions: boardScreenReaderInstructions }}
    >
      <TaskIconSprite />
      <div className="grid items-stretch gap-4 md:grid-cols-3">
        {BOARD_COLUMNS.map(({ status, label }) => (
          <BoardColumn key={status} status={status} label={label} count={columns[status].length} onExternalDrop={onExternalDrop}>
            {columns[status].length > 0 ? (
              <ul className="grid gap-3">
                {columns[status].map((task) => (
                  <DraggableTaskCard key={task.id} task={task} timeZone={timeZone} actions={actions} />
                ))}
              </ul>
            ) : (
              <p className="flex flex-1 items-center justify-center rounded-lg border-2 border-dashed border-slate-200 p-4 text-center text-sm text-muted-foreground">
                Drop tasks here
              </p>
            )}
          </BoardColumn>
        ))}
      </div>
      <DragOverlay dropAnimation={null}>{activeTask ? <DragPreview task={activeTask} /> : null}</DragOverlay>
    </DndContext>
  );
}

const DraggableTaskCard = memo(function DraggableTaskCard({
  task,
  timeZone,
  actions,
}: {
  task: Task;
  timeZone: string;
  actions: TaskCardActions;
}) {
  const column = boardColumnOf(task.status);
  const data = useMemo<TaskDragData>(() => ({ task, column }), [task, column]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: task.id, data });
  // Stable unless this card's drag state changes, so the memoized card skips the board's re-renders.
  const dragHandle = useMemo(() => ({ ...attributes, ref: setActivatorNodeRef }), [attributes, setActivatorNodeRef]);
  return (
    <li ref={setNodeRef} data-task-id={task.id} className={cn("touch-manipulation", isDragging && "opacity-40")} {...listeners}>
      <TaskCard task={task} timeZone={timeZone} actions={actions} dragHandle={dragHandle} />
    </li>
  );
});

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
