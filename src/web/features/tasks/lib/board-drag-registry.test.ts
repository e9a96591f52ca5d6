import type { SyntheticEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { BoardDragRegistry } from "./board-drag-registry.ts";

describe("BoardDragRegistry", () => {
  it("tells a linked setter of its element, whether the element or the setter came first", () => {
    const registry = new BoardDragRegistry();
    const first = document.createElement("li");
    registry.card("t1").setElement(first);
    const setNodeRef = vi.fn();
    const unlink = registry.card("t1").link(setNodeRef);
    expect(setNodeRef).toHaveBeenLastCalledWith(first);

    const second = document.createElement("li");
    registry.card("t1").setElement(second);
    expect(setNodeRef).toHaveBeenLastCalledWith(second);

    unlink();
    registry.card("t1").setElement(null);
    expect(setNodeRef).toHaveBeenCalledTimes(2);
  });

  it("hands an event inside a card to that card's listener, and nothing else", () => {
    const registry = new BoardDragRegistry();
    const card = document.createElement("li");
    card.dataset.taskId = "t1";
    const handle = document.createElement("button");
    card.append(handle);
    const onPointerDown = vi.fn();
    const stop = registry.listen("t1", { onPointerDown });
    const event = (target: EventTarget) => ({ target }) as SyntheticEvent;

    registry.onPointerDown(event(handle));
    expect(onPointerDown).toHaveBeenCalledTimes(1);
    registry.onKeyDown(event(handle)); // no keyboard listener for this card
    registry.onPointerDown(event(document.createElement("div"))); // not in a card
    expect(onPointerDown).toHaveBeenCalledTimes(1);

    stop();
    registry.onPointerDown(event(handle));
    expect(onPointerDown).toHaveBeenCalledTimes(1);
  });
});
