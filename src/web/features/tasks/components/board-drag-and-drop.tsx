// Loaded after the board's first paint (decision 013), it draws none of the board, so its arrival changes nothing.
import { DndContext, DragOverlay, KeyboardSensor, MeasuringStrategy, useDraggable, useDroppable, useSensor } from "@dnd-kit/core";
import { getEventCoordinates } from "@dnd-kit/utilities";
import { Clock, Timer } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import { BOARD_COLUMN_STATUSES, type BoardColumnStatus, boardColumnOf } from "../../../../shared/rules/task-status.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { useDragSensors } from "../../../lib/drag-sensors.ts";
import { cn } from "../../../lib/utils.ts";
import { columnDropId } from "../lib/board-columns.ts";
import {
  BoardDragSession,
  type TaskDragData,
  boardCollisionDetection,
  boardKeyboardCoordinates,
  boardScreenReaderInstructions,
  createBoardAnnouncements,
} from "../lib/board-dnd.ts";
import { BOARD_DRAG_INSTRUCTIONS_ID, type BoardDragRegistry } from "../lib/board-drag-registry.ts";
import type { BoardColumns, DropTarget } from "../lib/board-order.ts";

export interface BoardDragAndDropProps {
  tasks: readonly Task[];
  columns: BoardColumns;
  registry: BoardDragRegistry;
  activeTask: Task | null;
  onDragStart: (taskId: string, target: DropTarget) => void;
  onDragTarget: (target: DropTarget | null) => void;
  onDragEnd: (taskId: string, target: DropTarget | null) => void;
  onDragCancel: () => void;
}

// Columns measured from the pick-up to the drop (and again as they resize meanwhile): never after a drop, in its frame.
const MEASURING = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

export function BoardDragAndDrop({
  tasks,
  columns,
  registry,
  activeTask,
  onDragStart,
  onDragTarget,
  onDragEnd,
  onDragCancel,
}: BoardDragAndDropProps) {
  const [session] = useState(() => new BoardDragSession(registry));
  const pointer = usePointerDuringDrag();
  // The time order's reason while the card is held short of the place asked for; a count so that each key press is read.
  const [hold, setHold] = useState<{ reason: string | null; count: number }>({ reason: null, count: 0 });
  const onHold = useCallback((reason: string | null) => setHold((current) => ({ reason, count: current.count + 1 })), []);
  useLayoutEffect(() => session.follow(columns, onDragTarget, onHold), [session, columns, onDragTarget, onHold]);
  const keyboard = useMemo(() => ({ coordinateGetter: boardKeyboardCoordinates(session) }), [session]);
  const sensors = useDragSensors(useSensor(KeyboardSensor, keyboard));
  const [announcements] = useState(() => createBoardAnnouncements(session));
  return (
    <DndContext
      id={BOARD_DRAG_INSTRUCTIONS_ID}
      sensors={sensors}
      measuring={MEASURING}
      collisionDetection={boardCollisionDetection}
      onDragStart={({ active }) => {
        pointer.reset();
        const task = (active.data.current as TaskDragData | undefined)?.task;
        if (task) onDragStart(task.id, session.start(task, columns));
      }}
      onDragMove={(event) => aimAtPointer(session, event, pointer.read())}
      onDragEnd={(event) => {
        // The pointer's last move may not have been reported yet.
        aimAtPointer(session, event, pointer.read());
        const reason = session.holdReason();
        // The card snaps to the nearest place the times allow: the toast says why after the drag's own words are gone.
        if (reason) toast({ title: "Kept in time order", description: reason });
        setHold({ reason: null, count: 0 });
        onDragEnd(String(event.active.id), session.target);
      }}
      onDragCancel={() => {
        setHold({ reason: null, count: 0 });
        onDragCancel();
      }}
      accessibility={{ announcements, screenReaderInstructions: boardScreenReaderInstructions }}
    >
      {BOARD_COLUMN_STATUSES.map((status) => (
        <ColumnRegistration key={status} status={status} registry={registry} />
      ))}
      {tasks.map((task) => (
        <CardRegistration key={task.id} task={task} registry={registry} />
      ))}
      <DragOverlay dropAnimation={null}>{activeTask ? <DragPreview task={activeTask} note={hold.reason} /> : null}</DragOverlay>
      <div role="status" className="sr-only" data-testid="board-time-order">
        {hold.reason ? `${hold.reason}${hold.count % 2 === 0 ? "" : "\u00a0"}` : ""}
      </div>
    </DndContext>
  );
}

/** In the page's coordinates: dnd-kit's delta also counts the page's scrolling. */
function aimAtPointer(
  session: BoardDragSession,
  { activatorEvent }: { activatorEvent: Event },
  pointer: { x: number; y: number } | null,
): void {
  if (activatorEvent instanceof KeyboardEvent) return;
  const at = pointer ?? getEventCoordinates(activatorEvent);
  if (at) session.aimAtPointer(at.x, at.y);
}

function usePointerDuringDrag(): { read: () => { x: number; y: number } | null; reset: () => void } {
  const last = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const onMove = (event: PointerEvent | TouchEvent) => {
      last.current = getEventCoordinates(event);
    };
    window.addEventListener("pointermove", onMove, { passive: true, capture: true });
    window.addEventListener("touchmove", onMove, { passive: true, capture: true });
    return () => {
      window.removeEventListener("pointermove", onMove, { capture: true });
      window.removeEventListener("touchmove", onMove, { capture: true });
    };
  }, []);
  return useMemo(
    () => ({
      read: () => last.current,
      reset: () => {
        last.current = null;
      },
    }),
    [],
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

function DragPreview({ task, note }: { task: Task; note: string | null }) {
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
      {note ? (
        <p className="flex items-start gap-1 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900">
          <Clock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {note}
        </p>
      ) : null}
    </div>
  );
}
