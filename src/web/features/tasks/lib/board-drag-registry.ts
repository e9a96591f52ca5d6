// The drag and drop, loaded after the first paint, reaches the painted board through this registry rather
// than by rendering it, so that its arrival changes nothing on the page (decision 013). No dnd-kit here.
import type { SyntheticEvent } from "react";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";

export const BOARD_DRAG_INSTRUCTIONS_ID = "daywise-board-drag-instructions";

export type DragStartEventName = "onPointerDown" | "onTouchStart" | "onKeyDown";
export type DragListeners = Partial<Record<DragStartEventName, (event: SyntheticEvent) => void>>;

class BoardNode {
  private element: HTMLElement | null = null;
  private setter: ((element: HTMLElement | null) => void) | undefined;

  get current(): HTMLElement | null {
    return this.element;
  }

  readonly setElement = (element: HTMLElement | null): void => {
    this.element = element;
    this.setter?.(element);
  };

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

  card(taskId: string): BoardNode {
    return this.node(`card:${taskId}`);
  }

  handle(taskId: string): BoardNode {
    return this.node(`handle:${taskId}`);
  }

  column(status: BoardColumnStatus): BoardNode {
    return this.node(`column:${status}`);
  }

  tab(status: BoardColumnStatus): BoardNode {
    return this.node(`tab:${status}`);
  }

  listen(taskId: string, listeners: DragListeners): () => void {
    this.listeners.set(taskId, listeners);
    return () => {
      if (this.listeners.get(taskId) === listeners) this.listeners.delete(taskId);
    };
  }

  readonly onPointerDown = (event: SyntheticEvent): void => this.forward("onPointerDown", event);
  readonly onTouchStart = (event: SyntheticEvent): void => this.forward("onTouchStart", event);
  readonly onKeyDown = (event: SyntheticEvent): void => this.forward("onKeyDown", event);

  private forward(name: DragStartEventName, event: SyntheticEvent): void {
    const card = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-task-id]") : null;
    const taskId = card?.dataset.taskId;
    if (taskId) this.listeners.get(taskId)?.[name]?.(event);
  }
}
