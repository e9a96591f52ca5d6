import type { ClientRect, KeyboardCoordinateGetter } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { columnDropId } from "./board-columns.ts";
import { columnKeyboardCoordinates, createBoardAnnouncements } from "./board-dnd.ts";

function rect(left: number, top: number, width: number, height: number): ClientRect {
  return { left, top, width, height, right: left + width, bottom: top + height };
}

type Args = Parameters<KeyboardCoordinateGetter>[1];

function keyboardArgs(over: string | null): Args {
  const droppableRects = new Map([
    [columnDropId("todo"), rect(0, 100, 300, 600)],
    [columnDropId("inprogress"), rect(320, 100, 300, 900)],
    [columnDropId("done"), rect(640, 100, 300, 200)],
  ]);
  const context = {
    active: { id: "t1", data: { current: { task: makeTask(), column: "todo" } }, rect: { current: { initial: null, translated: null } } },
    collisionRect: rect(10, 150, 280, 80),
    droppableRects,
    over: over ? { id: over } : null,
  };
  return { active: "t1", currentCoordinates: { x: 10, y: 150 }, context: context as unknown as Args["context"] };
}

function press(code: string, over: string | null) {
  const event = new KeyboardEvent("keydown", { code, cancelable: true });
  return { coordinates: columnKeyboardCoordinates(event, keyboardArgs(over)), event };
}

describe("columnKeyboardCoordinates", () => {
  it("jumps to the next column with right or down, inside it below its heading", () => {
    expect(press("ArrowRight", columnDropId("todo")).coordinates).toEqual({ x: 330, y: 148 });
    expect(press("ArrowDown", columnDropId("inprogress")).coordinates).toEqual({ x: 650, y: 148 });
  });

  it("jumps back with left or up, and stops at either end", () => {
    expect(press("ArrowLeft", columnDropId("done")).coordinates).toEqual({ x: 330, y: 148 });
    expect(press("ArrowUp", columnDropId("todo")).coordinates).toBeUndefined();
    expect(press("ArrowRight", columnDropId("done")).coordinates).toBeUndefined();
  });

  it("starts from the card's own column before it is over one, and leaves other keys alone", () => {
    expect(press("ArrowRight", null).coordinates).toEqual({ x: 330, y: 148 });
    const other = press("KeyA", null);
    expect(other.coordinates).toBeUndefined();
    expect(other.event.defaultPrevented).toBe(false);
  });
});

describe("board announcements", () => {
  const active = { id: "t1", data: { current: { task: makeTask({ title: "Write" }), column: "todo" } } } as never;
  const over = (status: string) => ({ id: columnDropId(status as "todo") }) as never;

  it("keeps the pick-up message while the card is still over its own column", () => {
    const announcements = createBoardAnnouncements();
    expect(announcements.onDragStart({ active })).toBe('Picked up "Write" from the To Do column.');
    expect(announcements.onDragOver({ active, over: over("todo") })).toBeUndefined();
    expect(announcements.onDragOver({ active, over: over("done") })).toBe('"Write" is over the Done column.');
    expect(announcements.onDragOver({ active, over: over("todo") })).toBe('"Write" is back over the To Do column, where it started.');
    expect(announcements.onDragEnd({ active, over: over("done") })).toBe('"Write" was dropped on the Done column.');
    expect(announcements.onDragCancel({ active, over: null })).toBe('Moving "Write" was cancelled. It stays in the To Do column.');
  });
});
