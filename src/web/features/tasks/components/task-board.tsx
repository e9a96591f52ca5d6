import { memo, useCallback, useId, useMemo, useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { afterNextPaint } from "../../../lib/after-next-paint.ts";
import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";
import { cn } from "../../../lib/utils.ts";
import { useIsIdle } from "../../../lib/when-idle.ts";
import { BOARD_COLUMNS } from "../lib/board-columns.ts";
import { BOARD_DRAG_INSTRUCTIONS_ID, BoardDragRegistry } from "../lib/board-drag-registry.ts";
import { type DropTarget, columnsInOrder, dropChanges, withCardAt } from "../lib/board-order.ts";
import { patchTask } from "../lib/optimistic-task-update.ts";
import { BoardColumn } from "./board-column.tsx";
import { BoardStatusTabs } from "./board-status-tabs.tsx";
import { type DragHandleProps, TaskCard, type TaskCardActions } from "./task-card.tsx";
import { TaskIconSprite } from "./task-icons.tsx";

interface TaskBoardProps {
  tasks: readonly Task[];
  timeZone: string;
  actions: TaskCardActions;
  /** One PATCH: the place and the new column's status. */
  onDrop: (task: Task, changes: { status?: BoardColumnStatus; position: number }) => void;
  onExternalDrop: (taskId: string, status: BoardColumnStatus) => void;
}

const BoardDragAndDrop = lazyWithPreload(() => import("./board-drag-and-drop.tsx").then((module) => module.BoardDragAndDrop), {
  optional: true,
});
let isDragCodeLoaded = false;
function loadDragCode(): Promise<void> {
  return BoardDragAndDrop.preload().then(() => {
    isDragCodeLoaded = true;
  });
}

/** At once when a pointer or focus comes into the board, else when the page is idle (decision 013). */
function useDragCode(): [isLoaded: boolean, loadNow: () => void] {
  const isIdle = useIsIdle(loadDragCode);
  const [isLoadedEarly, setIsLoadedEarly] = useState(isDragCodeLoaded);
  const loadNow = useCallback(() => {
    if (isDragCodeLoaded) return;
    loadDragCode().then(
      () => setIsLoadedEarly(true),
      () => {}, // Tried again at the next pointer over the board.
    );
  }, []);
  return [isIdle || isLoadedEarly, loadNow];
}

interface DragState {
  activeId: string | null;
  target: DropTarget | null;
}
const NO_DRAG: DragState = { activeId: null, target: null };

/** Paints its own cards, so the later drag and drop draws nothing again (decision 013). */
export function TaskBoard({ tasks, timeZone, actions, onDrop, onExternalDrop }: TaskBoardProps) {
  const [registry] = useState(() => new BoardDragRegistry());
  const [canDrag, loadDragNow] = useDragCode();
  const [drag, setDrag] = useState<DragState>(NO_DRAG);
  // CSS picks one column or three, so the first paint is already right.
  const [shownColumn, setShownColumn] = useState<BoardColumnStatus>("todo");
  const boardId = useId();
  const panelId = useCallback((status: BoardColumnStatus) => `${boardId}-${status}`, [boardId]);
  // The board never draws a frame with a dropped card back in its old column.
  const [dropped, setDropped] = useState<{ base: readonly Task[]; tasks: ReadonlyMap<string, Task> } | null>(null);
  const shown = useMemo(() => {
    const moved = dropped?.base === tasks ? dropped.tasks : null;
    return moved ? tasks.map((task) => moved.get(task.id) ?? task) : tasks;
  }, [tasks, dropped]);
  const columns = useMemo(() => columnsInOrder(shown), [shown]);
  const activeTask = drag.activeId === null ? null : (shown.find((task) => task.id === drag.activeId) ?? null);
  const painted = useMemo(() => (activeTask ? withCardAt(columns, activeTask, drag.target) : columns), [columns, activeTask, drag.target]);

  const onDragTarget = useCallback((target: DropTarget | null) => setDrag((current) => ({ ...current, target })), []);
  const onDragEnd = useCallback(
    (taskId: string, target: DropTarget | null) => {
      setDrag(NO_DRAG);
      const task = shown.find((candidate) => candidate.id === taskId);
      if (!task || !target) return;
      // Spec section 4: the column's status, unless the card is already in that column; and its place there.
      const changes = dropChanges(columns, task, target);
      if (!changes) return;
      const moved = patchTask(task, changes, new Date());
      setDropped((current) => {
        const previous = current?.base === tasks ? current.tasks : [];
        return { base: tasks, tasks: new Map([...previous, [moved.id, moved]]) };
      });
      // The card moves in the drop's own frame; the write, which re-renders the whole page from the cache, waits for the paint.
      afterNextPaint(() => onDrop(task, changes));
    },
    [onDrop, shown, tasks, columns],
  );

  return (
    <>
      <TaskIconSprite />
      <div
        className="grid items-stretch gap-4 md:grid-cols-3"
        onPointerDown={registry.onPointerDown}
        onTouchStart={registry.onTouchStart}
        onKeyDown={registry.onKeyDown}
        onPointerOver={loadDragNow}
        onFocus={loadDragNow}
      >
        <BoardStatusTabs
          counts={{ todo: columns.todo.length, inprogress: columns.inprogress.length, done: columns.done.length }}
          shown={shownColumn}
          onShow={setShownColumn}
          panelId={panelId}
          registry={registry}
          cardOverTab={drag.target && drag.target.column !== shownColumn ? drag.target.column : null}
        />
        {BOARD_COLUMNS.map(({ status, label }) => (
          <BoardColumn
            key={status}
            id={panelId(status)}
            className={status === shownColumn ? undefined : "max-md:hidden"}
            status={status}
            label={label}
            count={columns[status].length}
            onExternalDrop={onExternalDrop}
            dropRef={registry.column(status).setElement}
            isCardOver={drag.target?.column === status}
          >
            {painted[status].length > 0 ? (
              <ul className="grid gap-3">
                {painted[status].map((task) => (
                  <BoardCard
                    key={task.id}
                    task={task}
                    timeZone={timeZone}
                    actions={actions}
                    registry={registry}
                    isDragging={drag.activeId === task.id}
                  />
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
      {canDrag ? (
        <BoardDragAndDrop
          tasks={shown}
          columns={columns}
          registry={registry}
          activeTask={activeTask}
          onDragStart={(activeId, target) => setDrag({ activeId, target })}
          onDragTarget={onDragTarget}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDrag(NO_DRAG)}
        />
      ) : null}
    </>
  );
}

const BoardCard = memo(function BoardCard({
  task,
  timeZone,
  actions,
  registry,
  isDragging,
}: {
  task: Task;
  timeZone: string;
  actions: TaskCardActions;
  registry: BoardDragRegistry;
  isDragging: boolean;
}) {
  const attachCard = useCallback((element: HTMLElement | null) => registry.card(task.id).setElement(element), [registry, task.id]);
  const attachHandle = useCallback((element: HTMLElement | null) => registry.handle(task.id).setElement(element), [registry, task.id]);
  // What dnd-kit gives a draggable's handle, from the first paint on: nothing changes when it arrives.
  const dragHandle = useMemo<DragHandleProps>(
    () => ({
      ref: attachHandle,
      "aria-roledescription": "draggable",
      "aria-describedby": BOARD_DRAG_INSTRUCTIONS_ID,
      "aria-pressed": isDragging ? true : undefined,
    }),
    [attachHandle, isDragging],
  );
  return (
    <li ref={attachCard} data-task-id={task.id} className={cn("touch-manipulation", isDragging && "opacity-40")}>
      <TaskCard task={task} timeZone={timeZone} actions={actions} dragHandle={dragHandle} />
    </li>
  );
});
