import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  KeyboardCode,
  type ScreenReaderInstructions,
  pointerWithin,
  rectIntersection,
} from "@dnd-kit/core";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import { BOARD_COLUMN_STATUSES, type BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { COLUMN_LABELS, columnDropId } from "./board-columns.ts";
import type { BoardDragRegistry } from "./board-drag-registry.ts";
import { type BoardColumns, type DropTarget, othersIn, placeOf, reachableTarget } from "./board-order.ts";

export interface TaskDragData {
  task: Task;
  column: BoardColumnStatus;
}

/** Why a card stopped short of the place asked for: a drag cannot change the order of start times. */
export function timeOrderReason(task: Pick<Task, "title" | "scheduledStartTime">): string {
  const how = task.scheduledStartTime ? `change its start time (${formatTime12h(task.scheduledStartTime)})` : "give it a start time";
  return `Tasks with a time are ordered by time: to place "${task.title}" there, ${how}.`;
}

/** In one place so that pointer, keyboard, announcements and drop agree. */
export class BoardDragSession {
  columns: BoardColumns = { todo: [], inprogress: [], done: [] };
  task: Task | null = null;
  origin: DropTarget | null = null;
  target: DropTarget | null = null;
  /** The place asked for (by pointer or key) was above or below what the start times allow. */
  held = false;

  private onTarget: (target: DropTarget | null) => void = () => {};
  private onHold: (reason: string | null) => void = () => {};

  constructor(private readonly registry: BoardDragRegistry) {}

  follow(columns: BoardColumns, onTarget: (target: DropTarget | null) => void, onHold?: (reason: string | null) => void): void {
    this.columns = columns;
    this.onTarget = onTarget;
    if (onHold) this.onHold = onHold;
  }

  start(task: Task, columns: BoardColumns): DropTarget {
    this.task = task;
    this.held = false;
    this.columns = columns;
    this.origin = this.target = placeOf(columns, task);
    return this.origin;
  }

  /** A key pressed against the time order reports it again, so that each press is answered. */
  private aimAsked(column: BoardColumnStatus, index: number, repeat = false): void {
    if (!this.task) return;
    const target = reachableTarget(this.columns, this.task, column, index);
    const held = target.index !== index;
    const changed = held !== this.held;
    this.held = held;
    this.aim(target);
    if (changed || (held && repeat)) this.onHold(this.holdReason());
  }

  holdReason(): string | null {
    return this.held && this.task ? timeOrderReason(this.task) : null;
  }

  private aim(target: DropTarget | null): void {
    if (target?.column === this.target?.column && target?.index === this.target?.index) return;
    this.target = target;
    this.onTarget(target);
  }

  /** Boxes are read from the page, so that a scroll during the drag changes nothing. */
  aimAtPointer(x: number, y: number): void {
    if (!this.task) return;
    // A hidden element (a phone's other columns, a desktop's tabs) has an empty box.
    const inside = (box: DOMRect | undefined) =>
      box !== undefined && box.width > 0 && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    const tab = BOARD_COLUMN_STATUSES.find((status) => inside(this.registry.tab(status).current?.getBoundingClientRect()));
    if (tab) {
      this.release();
      return this.aim(tab === this.origin?.column ? this.origin : this.endOf(tab));
    }
    const column = BOARD_COLUMN_STATUSES.find((status) => inside(this.registry.column(status).current?.getBoundingClientRect()));
    if (!column) {
      this.release();
      return this.aim(null);
    }
    const others = othersIn(this.columns, column, this.task.id);
    const index = others.filter((task) => {
      const box = this.registry.card(task.id).current?.getBoundingClientRect();
      return box !== undefined && box.top + box.height / 2 < y;
    }).length;
    this.aimAsked(column, index);
  }

  private release(): void {
    if (!this.held) return;
    this.held = false;
    this.onHold(null);
  }

  private endOf(column: BoardColumnStatus): DropTarget | null {
    return this.task ? reachableTarget(this.columns, this.task, column, othersIn(this.columns, column, this.task.id).length) : null;
  }

  hiddenTargetTab(): DOMRect | null {
    if (!this.target || (this.registry.column(this.target.column).current?.getBoundingClientRect().width ?? 0) > 0) return null;
    const box = this.registry.tab(this.target.column).current?.getBoundingClientRect();
    return box && box.width > 0 ? box : null;
  }

  step(code: string): boolean {
    const task = this.task;
    const from = this.target ?? this.origin;
    if (!task || !from) return false;
    const at = BOARD_COLUMN_STATUSES.indexOf(from.column);
    const length = (column: BoardColumnStatus) => othersIn(this.columns, column, task.id).length;
    let column: BoardColumnStatus | undefined = from.column;
    let index = from.index;
    if (code === KeyboardCode.Down) {
      index += 1;
      if (index > length(from.column)) [column, index] = [BOARD_COLUMN_STATUSES[at + 1], 0];
    } else if (code === KeyboardCode.Up) {
      index -= 1;
      if (index < 0) {
        column = BOARD_COLUMN_STATUSES[at - 1];
        index = column ? length(column) : 0;
      }
    } else if (code === KeyboardCode.Right || code === KeyboardCode.Left) {
      column = BOARD_COLUMN_STATUSES[at + (code === KeyboardCode.Right ? 1 : -1)];
      index = column ? Math.min(index, length(column)) : 0;
    } else {
      return false;
    }
    if (!column) return false;
    const before = this.target;
    // Left and right keep the place in the column as near as the times allow: only up and down ask for one.
    if (code === KeyboardCode.Up || code === KeyboardCode.Down) this.aimAsked(column, index, true);
    else {
      this.release();
      this.aim(reachableTarget(this.columns, task, column, index));
    }
    return this.target !== before;
  }

  gapTop(columnTop: number): number {
    if (!this.task || !this.target) return columnTop;
    const others = othersIn(this.columns, this.target.column, this.task.id);
    const next = others[this.target.index];
    if (next) return (this.registry.card(next.id).current?.getBoundingClientRect().top ?? columnTop) - 8;
    const last = others[others.length - 1];
    const bottom = last ? this.registry.card(last.id).current?.getBoundingClientRect().bottom : undefined;
    return bottom === undefined ? columnTop + 48 : bottom + 8;
  }

  describeTarget(): string | null {
    if (!this.task || !this.target) return null;
    const count = othersIn(this.columns, this.target.column, this.task.id).length + 1;
    return `the ${COLUMN_LABELS[this.target.column]} column. Place ${this.target.index + 1} of ${count}.`;
  }

  isAtOrigin(): boolean {
    return this.target !== null && this.target.column === this.origin?.column && this.target.index === this.origin.index;
  }
}

const MOVE_KEYS: string[] = [KeyboardCode.Right, KeyboardCode.Down, KeyboardCode.Left, KeyboardCode.Up];

export function boardKeyboardCoordinates(session: BoardDragSession): KeyboardCoordinateGetter {
  return (event, { context }) => {
    if (!MOVE_KEYS.includes(event.code)) return undefined;
    event.preventDefault();
    const { collisionRect, droppableRects } = context;
    if (!collisionRect || !session.step(event.code) || !session.target) return undefined;
    const tab = session.hiddenTargetTab();
    if (tab) return { x: tab.left, y: tab.bottom };
    const rect = droppableRects.get(columnDropId(session.target.column));
    if (!rect) return undefined;
    return { x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2), y: session.gapTop(rect.top) };
  };
}

export const boardCollisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const within = pointerWithin(args);
    if (within.length > 0) return within;
  }
  return rectIntersection(args);
};

export const boardScreenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    "To move this task, press Space or Enter to pick it up. Use the up and down arrow keys to move it within " +
    "its column and the left and right arrow keys to choose another column, then press Space or Enter to drop " +
    "it there, or Escape to cancel.",
};

function titleOf(data: unknown): string {
  const task = (data as TaskDragData | undefined)?.task;
  return task ? `"${task.title}"` : "The task";
}

function fromColumn(data: unknown): string {
  const column = (data as TaskDragData | undefined)?.column;
  return column ? COLUMN_LABELS[column] : "its";
}

/** The session's target is set before dnd-kit announces the move. */
export function createBoardAnnouncements(session: BoardDragSession): Announcements {
  let announced = "";
  const because = () => {
    const reason = session.holdReason();
    return reason ? ` ${reason}` : "";
  };
  const onMove = ({ active }: { active: { data: { current?: unknown } } }) => {
    const where = session.describeTarget();
    const key = `${where ?? "outside"}${session.held ? " held" : ""}`;
    if (key === announced) return undefined;
    announced = key;
    if (!where) return `${titleOf(active.data.current)} is not over a column.`;
    return session.isAtOrigin()
      ? `${titleOf(active.data.current)} is back where it started, in ${where}${because()}`
      : `${titleOf(active.data.current)} is over ${where}${because()}`;
  };
  return {
    onDragStart: ({ active }) => {
      announced = session.describeTarget() ?? "";
      return `Picked up ${titleOf(active.data.current)} from the ${fromColumn(active.data.current)} column.`;
    },
    onDragMove: onMove,
    onDragOver: onMove,
    onDragEnd: ({ active }) => {
      const where = session.describeTarget();
      return where
        ? `${titleOf(active.data.current)} was dropped on ${where}${because()}`
        : `${titleOf(active.data.current)} was dropped outside the columns and stays in the ${fromColumn(active.data.current)} column.`;
    },
    onDragCancel: ({ active }) =>
      `Moving ${titleOf(active.data.current)} was cancelled. It stays in the ${fromColumn(active.data.current)} column.`,
  };
}
