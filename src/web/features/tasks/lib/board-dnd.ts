// dnd-kit setup for the board (spec section 4: dragging a card onto a column sets its status), by
// pointer, touch and keyboard. Only the columns are drop targets; the order inside one is the server's.
import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  KeyboardCode,
  PointerSensor,
  type PointerSensorOptions,
  type ScreenReaderInstructions,
  TouchSensor,
  type TouchSensorOptions,
  pointerWithin,
  rectIntersection,
} from "@dnd-kit/core";
import type { PointerEvent as ReactPointerEvent, TouchEvent as ReactTouchEvent } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { BOARD_COLUMN_STATUSES, type BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { isInReadOnlyArea } from "../../../lib/online.ts";
import { COLUMN_LABELS, columnDropId, columnOfDropId } from "./board-columns.ts";

/** What a dragged card carries. */
export interface TaskDragData {
  task: Task;
  column: BoardColumnStatus;
}

/**
 * A press on a card's own controls (edit, delete, resume) is a click, not the start of a drag; and
 * nothing is dragged on a read-only (offline) board.
 */
function startsOnControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (isInReadOnlyArea(target)) return true;
  const control = target.closest("button, a, input, select, textarea, [role='button']");
  return control !== null && !control.hasAttribute("data-drag-handle");
}

/** Mouse and pen; touch is left to BoardTouchSensor so the two never both start. */
export class BoardPointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: "onPointerDown" as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) => {
        const { nativeEvent } = event;
        if (nativeEvent.pointerType === "touch" || startsOnControl(nativeEvent.target)) return false;
        if (!nativeEvent.isPrimary || nativeEvent.button !== 0) return false;
        options.onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

/** Touch: a press-and-hold picks the card up, so a plain swipe still scrolls the page. */
export class BoardTouchSensor extends TouchSensor {
  static override activators = [
    {
      eventName: "onTouchStart" as const,
      handler: (event: ReactTouchEvent, options: TouchSensorOptions) => {
        const { nativeEvent } = event;
        if (startsOnControl(nativeEvent.target) || nativeEvent.touches.length > 1) return false;
        options.onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

const NEXT_KEYS: string[] = [KeyboardCode.Right, KeyboardCode.Down];
const PREVIOUS_KEYS: string[] = [KeyboardCode.Left, KeyboardCode.Up];

/**
 * Arrow keys jump a picked-up card from column to column (right/down: next, left/up: previous),
 * whether the columns sit side by side or stacked on a phone.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = NEXT_KEYS.includes(event.code) ? 1 : PREVIOUS_KEYS.includes(event.code) ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableRects, over } = context;
  if (!active || !collisionRect) return undefined;
  const current = columnOfDropId(over?.id) ?? (active.data.current as TaskDragData | undefined)?.column;
  if (!current) return undefined;
  const target = BOARD_COLUMN_STATUSES[BOARD_COLUMN_STATUSES.indexOf(current) + step];
  if (!target) return undefined;
  const rect = droppableRects.get(columnDropId(target));
  if (!rect) return undefined;
  // Inside the column, below its heading, so that the card's rectangle overlaps it most.
  return { x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2), y: rect.top + 48 };
};

/** The column under the pointer; for the keyboard (no pointer) the one the card overlaps most. */
export const boardCollisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const within = pointerWithin(args);
    if (within.length > 0) return within;
  }
  return rectIntersection(args);
};

export const boardScreenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    "To move this task, press Space or Enter to pick it up. Use the arrow keys to choose another column, " +
    "then press Space or Enter to drop it there, or Escape to cancel.",
};

function titleOf(data: unknown): string {
  const task = (data as TaskDragData | undefined)?.task;
  return task ? `"${task.title}"` : "The task";
}

function columnName(id: string | number | null | undefined): string | null {
  const status = columnOfDropId(id);
  return status ? COLUMN_LABELS[status] : null;
}

function fromColumn(data: unknown): string {
  const column = (data as TaskDragData | undefined)?.column;
  return column ? COLUMN_LABELS[column] : "its";
}

/**
 * What screen readers hear while a card moves. One per board: it remembers whether the card has
 * left its column, so the pick-up message is not replaced at once by "over the To Do column".
 */
export function createBoardAnnouncements(): Announcements {
  let isStillOverOrigin = true;
  return {
    onDragStart: ({ active }) => {
      isStillOverOrigin = true;
      return `Picked up ${titleOf(active.data.current)} from the ${fromColumn(active.data.current)} column.`;
    },
    onDragOver: ({ active, over }) => {
      const status = columnOfDropId(over?.id);
      const isOverOrigin = status !== null && status === (active.data.current as TaskDragData | undefined)?.column;
      if (isOverOrigin && isStillOverOrigin) return undefined;
      isStillOverOrigin = false;
      const name = columnName(over?.id);
      if (!name) return `${titleOf(active.data.current)} is not over a column.`;
      return isOverOrigin
        ? `${titleOf(active.data.current)} is back over the ${name} column, where it started.`
        : `${titleOf(active.data.current)} is over the ${name} column.`;
    },
    onDragEnd: ({ active, over }) => {
      const name = columnName(over?.id);
      return name
        ? `${titleOf(active.data.current)} was dropped on the ${name} column.`
        : `${titleOf(active.data.current)} was dropped outside the columns and stays in the ${fromColumn(active.data.current)} column.`;
    },
    onDragCancel: ({ active }) =>
      `Moving ${titleOf(active.data.current)} was cancelled. It stays in the ${fromColumn(active.data.current)} column.`,
  };
}
