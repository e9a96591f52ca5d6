// The Today board (spec section 2). Its first paint needs no dnd-kit (decision 013): this module
// draws the board with the same elements as the drag-enabled one (task-board-dnd.tsx), imports
// that one once the page has loaded and the browser is idle, or at once on the first press, key or
// focus inside the board, and then swaps to it. The swap keeps the keyboard focus on the same
// control, and a mouse press or a Space/Enter on a move handle made before it carries on as a drag.
import {
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type Ref,
  memo,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { whenIdle } from "../../../lib/when-idle.ts";
import { BOARD_DRAG_INSTRUCTIONS_ID } from "../lib/board-columns.ts";
import { BoardColumn } from "./board-column.tsx";
import { type BoardCardProps, BoardDragInstructions, BoardGrid, groupByColumn } from "./board-grid.tsx";
import type { DndTaskBoardProps } from "./task-board-dnd.tsx";
import { type DragHandleProps, TaskCard, type TaskCardActions } from "./task-card.tsx";
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

type DndTaskBoardComponent = (props: DndTaskBoardProps) => ReactNode;

let dndTaskBoard: DndTaskBoardComponent | null = null;
let dndTaskBoardLoad: Promise<DndTaskBoardComponent> | null = null;

/** Loads the drag-enabled board once; a failed load (offline, say) is tried again next time. */
export function loadDndTaskBoard(): Promise<DndTaskBoardComponent> {
  dndTaskBoardLoad ??= import("./task-board-dnd.tsx").then(
    (module) => (dndTaskBoard = module.DndTaskBoard),
    (error: unknown) => {
      dndTaskBoardLoad = null;
      throw error;
    },
  );
  return dndTaskBoardLoad;
}

/** Where an element sits in the board: its card (by task id) and its place among the card's elements. */
interface ElementPlace {
  taskId: string;
  index: number;
}

const CARD = "li[data-task-id]";

function placeOf(element: Element): ElementPlace | null {
  const card = element.closest(CARD);
  const taskId = card?.getAttribute("data-task-id");
  if (!card || !taskId) return null;
  return { taskId, index: card === element ? -1 : [...card.querySelectorAll("*")].indexOf(element) };
}

function elementAt(place: ElementPlace, grid: HTMLElement | null): HTMLElement | null {
  const card = [...(grid?.querySelectorAll(CARD) ?? [])].find((candidate) => candidate.getAttribute("data-task-id") === place.taskId);
  if (!card) return null;
  const element = place.index === -1 ? card : card.querySelectorAll("*")[place.index];
  return element instanceof HTMLElement ? element : null;
}

/** A press made on the static board that the drag-enabled one should see too. */
interface Press {
  pointerId: number;
  /** A primary mouse or pen press on a card, off its buttons: replayed as the start of a drag. */
  replay: { place: ElementPlace; init: PointerEventInit } | null;
}

/** Spec section 2: To Do, In Progress (stalled tasks too, in red) and Done, with drag and drop. */
export function TaskBoard(props: TaskBoardProps) {
  const [DndBoard, setDndBoard] = useState<DndTaskBoardComponent | null>(() => dndTaskBoard);
  const gridRef = useRef<HTMLDivElement>(null);
  // What the static board saw, for the swap to carry over.
  const focused = useRef<{ element: Element; place: ElementPlace } | null>(null);
  const press = useRef<Press | null>(null);
  const pickUp = useRef<{ place: ElementPlace; init: KeyboardEventInit } | null>(null);
  const replayPress = useRef<Press | null>(null);
  const swapped = useRef(false);

  // Load on idle; swap once loaded, when no press that the swap would break is under way.
  const startLoading = useRef<() => void>(() => {});
  useEffect(() => {
    if (DndBoard) return;
    let cancelled = false;
    let afterRelease: (() => void) | null = null;
    const swap = (Board: DndTaskBoardComponent) => {
      if (cancelled) return;
      const current = press.current;
      if (current && !current.replay) {
        // A touch, or a press on a button: the click (or scroll) it makes belongs to the element
        // under it, so the swap waits until it is over (the click follows the release at once).
        afterRelease = () => window.setTimeout(() => swap(Board), 0);
        return;
      }
      replayPress.current = current;
      startTransition(() => setDndBoard(() => Board));
    };
    let isLoading = false;
    startLoading.current = () => {
      if (isLoading) return;
      isLoading = true;
      loadDndTaskBoard().then(swap, () => {
        isLoading = false; // Offline, say: the next press, key or focus tries again.
      });
    };
    const onRelease = (event: PointerEvent) => {
      if (press.current?.pointerId !== event.pointerId) return;
      press.current = null;
      const then = afterRelease;
      afterRelease = null;
      then?.();
    };
    document.addEventListener("pointerup", onRelease, true);
    document.addEventListener("pointercancel", onRelease, true);
    const stopIdle = whenIdle(() => startLoading.current());
    return () => {
      cancelled = true;
      stopIdle();
      document.removeEventListener("pointerup", onRelease, true);
      document.removeEventListener("pointercancel", onRelease, true);
    };
  }, [DndBoard]);

  // After the swap: focus back on the same control, then the press or pick-up made before it.
  useLayoutEffect(() => {
    if (!DndBoard || swapped.current) return;
    swapped.current = true;
    const before = focused.current;
    const active = document.activeElement;
    if (before && !before.element.isConnected && (active === null || active === document.body)) {
      elementAt(before.place, gridRef.current)?.focus({ preventScroll: true });
    }
  }, [DndBoard]);
  useEffect(() => {
    if (!DndBoard) return;
    const pressed = replayPress.current;
    replayPress.current = null;
    if (pressed?.replay && press.current === pressed) {
      elementAt(pressed.replay.place, gridRef.current)?.dispatchEvent(new PointerEvent("pointerdown", pressed.replay.init));
    }
    const key = pickUp.current;
    pickUp.current = null;
    const handle = key ? elementAt(key.place, gridRef.current) : null;
    if (key && handle && document.activeElement === handle) handle.dispatchEvent(new KeyboardEvent("keydown", key.init));
  }, [DndBoard]);

  if (DndBoard) return <DndBoard {...props} gridRef={gridRef} />;

  const interaction = {
    onPointerDownCapture(event: ReactPointerEvent<HTMLDivElement>) {
      startLoading.current();
      const { nativeEvent } = event;
      const target = nativeEvent.target instanceof Element ? nativeEvent.target : null;
      const place = target ? placeOf(target) : null;
      const onButton = target?.closest("button, a, input, select, textarea, [role='button']");
      const replayable =
        place !== null && nativeEvent.pointerType !== "touch" && nativeEvent.isPrimary && nativeEvent.button === 0 &&
        (!onButton || onButton.hasAttribute("data-drag-handle"));
      press.current = {
        pointerId: nativeEvent.pointerId,
        replay: replayable ? { place, init: pointerInit(nativeEvent) } : null,
      };
    },
    onTouchStartCapture() {
      startLoading.current();
    },
    onKeyDownCapture(event: ReactKeyboardEvent<HTMLDivElement>) {
      startLoading.current();
      const { nativeEvent } = event;
      const target = nativeEvent.target instanceof Element ? nativeEvent.target : null;
      const isPickUp = (nativeEvent.code === "Space" || nativeEvent.code === "Enter") && target?.hasAttribute("data-drag-handle");
      if (nativeEvent.repeat) return;
      const place = isPickUp && target ? placeOf(target) : null;
      // A second Space/Enter on the same handle would have dropped the card where it was.
      const same = pickUp.current && place && pickUp.current.place.taskId === place.taskId;
      pickUp.current = place && !same ? { place, init: keyInit(nativeEvent) } : null;
    },
    onFocusCapture(event: FocusEvent<HTMLDivElement>) {
      startLoading.current();
      const place = placeOf(event.target);
      focused.current = place ? { element: event.target, place } : null;
    },
    onBlurCapture(event: FocusEvent<HTMLDivElement>) {
      const { target, relatedTarget } = event;
      if (relatedTarget && event.currentTarget.contains(relatedTarget)) return;
      // Focus leaving the board; a card's element leaving the page (the swap) keeps its place.
      queueMicrotask(() => {
        if (target.isConnected && focused.current?.element === target) focused.current = null;
      });
    },
  };
  return <StaticTaskBoard {...props} gridRef={gridRef} interaction={interaction} />;
}

function pointerInit(event: PointerEvent): PointerEventInit {
  const { pointerId, pointerType, isPrimary, button, buttons, clientX, clientY, screenX, screenY } = event;
  return { bubbles: true, cancelable: true, composed: true, pointerId, pointerType, isPrimary, button, buttons, clientX, clientY, screenX, screenY };
}

function keyInit(event: KeyboardEvent): KeyboardEventInit {
  const { key, code } = event;
  return { bubbles: true, cancelable: true, composed: true, key, code };
}

/** What dnd-kit gives a handle before a drag (role, tabindex and description): nothing moves at the swap. */
const STATIC_DRAG_HANDLE: DragHandleProps = {
  role: "button",
  tabIndex: 0,
  "aria-disabled": false,
  "aria-roledescription": "draggable",
  "aria-describedby": BOARD_DRAG_INSTRUCTIONS_ID,
};

function StaticTaskBoard({
  tasks,
  timeZone,
  actions,
  onExternalDrop,
  gridRef,
  interaction,
}: TaskBoardProps & { gridRef: Ref<HTMLDivElement>; interaction: HTMLAttributes<HTMLDivElement> }) {
  const columns = useMemo(() => groupByColumn(tasks), [tasks]);
  return (
    <>
      <TaskIconSprite />
      <BoardGrid
        ref={gridRef}
        columns={columns}
        timeZone={timeZone}
        actions={actions}
        onExternalDrop={onExternalDrop}
        Column={BoardColumn}
        Card={StaticTaskCard}
        {...interaction}
      />
      <BoardDragInstructions />
    </>
  );
}

const StaticTaskCard = memo(function StaticTaskCard({ task, timeZone, actions }: BoardCardProps) {
  return (
    <li data-task-id={task.id} className="touch-manipulation">
      <TaskCard task={task} timeZone={timeZone} actions={actions} dragHandle={STATIC_DRAG_HANDLE} />
    </li>
  );
});
