// How the board's drag and drop (components/board-drag-and-drop.tsx, loaded after the first paint)
// reaches the cards and columns the board painted without it (decision 013): through this registry
// rather than by rendering them, so that its arrival changes nothing on the page. No dnd-kit here.
import type { SyntheticEvent } from "react";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";

/** The id dnd-kit gives the board's hidden drag instructions (DndContext's `id`), which each handle names. */
export const BOARD_DRAG_INSTRUCTIONS_ID = "daywise-board-drag-instructions";

/** The events the board's drag sensors start from (dnd-kit's listeners, by React prop name). */
export type DragStartEventName = "onPointerDown" | "onTouchStart" | "onKeyDown";
export type DragListeners = Partial<Record<DragStartEventName, (event: SyntheticEvent) => void>>;

/** An element of the board, as the board renders it and as the drag and drop is told of it. */
class BoardNode {
  private element: HTMLElement | null = null;
  private setter: ((element: HTMLElement | null) => void) | undefined;

  /** The element on the page, if any. */
  get current(): HTMLElement | null {
    return this.element;
  }

  /** The element's ref callback for React (stable). */
  readonly setElement = (element: HTMLElement | null): void => {
    this.element = element;
    this.setter?.(element);
  };

  /** Passes the element, now and whenever it changes, to `setter` (dnd-kit's setNodeRef); returns an unlink function. */
  link(setter: (element: HTMLElement | null) => void): () => void {
    this.setter = setter;
    setter(this.element);
    return () => {
      if (this.setter === setter) this.setter = undefined;
    };
  }
}

export class BoardDragRegistry {
  private readonly nodes = new Map<string, BoardNode>();
  private readonly listeners = new Map<string, DragListeners>();

  private node(key: string): BoardNode {
    let node = this.nodes.get(key);
    if (!node) {
      node = new BoardNode();
      this.nodes.set(key, node);
    }
    return node;
  }

  /** A card's list item (what is dragged). */
  card(taskId: string): BoardNode {
    return this.node(`card:${taskId}`);
  }

  /** A card's drag handle (what the keyboard picks it up with). */
  handle(taskId: string): BoardNode {
    return this.node(`handle:${taskId}`);
  }

  /** A column (where a card is dropped). */
  column(status: BoardColumnStatus): BoardNode {
    return this.node(`column:${status}`);
  }

  /** A column's tab on a phone, where only one column shows: a card dropped on it goes to that column. */
  tab(status: BoardColumnStatus): BoardNode {
    return this.node(`tab:${status}`);
  }

  /** A card's drag listeners, from the drag and drop; returns a function that removes them. */
  listen(taskId: string, listeners: DragListeners): () => void {
    this.listeners.set(taskId, listeners);
    return () => {
      if (this.listeners.get(taskId) === listeners) this.listeners.delete(taskId);
    };
  }

  // The board's grid hands its cards' events to their listeners (none before the drag and drop has loaded).
  readonly onPointerDown = (event: SyntheticEvent): void => this.forward("onPointerDown", event);
  readonly onTouchStart = (event: SyntheticEvent): void => this.forward("onTouchStart", event);
  readonly onKeyDown = (event: SyntheticEvent): void => this.forward("onKeyDown", event);

  private forward(name: DragStartEventName, event: SyntheticEvent): void {
    const card = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-task-id]") : null;
    const taskId = card?.dataset.taskId;
    if (taskId) this.listeners.get(taskId)?.[name]?.(event);
  }
}
