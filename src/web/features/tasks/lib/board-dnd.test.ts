import type { ClientRect, KeyboardCoordinateGetter } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { columnDropId } from "./board-columns.ts";
import { BoardDragSession, boardKeyboardCoordinates, createBoardAnnouncements } from "./board-dnd.ts";
import { BoardDragRegistry } from "./board-drag-registry.ts";
import { columnsInOrder, type DropTarget } from "./board-order.ts";

function rect(left: number, top: number, width: number, height: number): ClientRect {
  return { left, top, width, height, right: left + width, bottom: top + height };
}

type Args = Parameters<KeyboardCoordinateGetter>[1];

function keyboardArgs(): Args {
  const droppableRects = new Map([
    [columnDropId("todo"), rect(0, 100, 300, 600)],
    [columnDropId("inprogress"), rect(320, 100, 300, 900)],
    [columnDropId("done"), rect(640, 100, 300, 200)],
  ]);
  const context = { collisionRect: rect(10, 150, 280, 80), droppableRects };
  return { active: "t1", currentCoordinates: { x: 10, y: 150 }, context: context as unknown as Args["context"] };
}

const first = makeTask({ title: "First", position: 1 });
const second = makeTask({ title: "Second", position: 2 });
const timed = makeTask({ title: "Timed", position: 3, scheduledStartTime: "09:00" });
const working = makeTask({ title: "Working", status: "inprogress", position: 1 });
const columns = columnsInOrder([first, second, timed, working]);

/** A session with `task` picked up, recording the targets it reports. */
function pickUp(task = first) {
  const targets: (DropTarget | null)[] = [];
  const holds: (string | null)[] = [];
  const session = new BoardDragSession(new BoardDragRegistry());
  session.follow(
    columns,
    (target) => targets.push(target),
    (reason) => holds.push(reason),
  );
  session.start(task, columns);
  const getter = boardKeyboardCoordinates(session);
  const press = (code: string) => {
    const event = new KeyboardEvent("keydown", { code, cancelable: true });
    return { coordinates: getter(event, keyboardArgs()), event };
  };
  return { session, targets, holds, press };
}

describe("the keyboard's steps (boardKeyboardCoordinates)", () => {
  it("moves within the column with up and down, kept below the cards with a start time", () => {
    const { session, targets, press } = pickUp();
    expect(session.target).toEqual({ column: "todo", index: 1 });
    expect(press("ArrowDown").coordinates).toEqual({ x: 10, y: 148 });
    expect(session.target).toEqual({ column: "todo", index: 2 });
    expect(targets).toEqual([{ column: "todo", index: 2 }]);
    press("ArrowUp");
    press("ArrowUp");
    // Not above "Timed": its start time comes first.
    expect(session.target).toEqual({ column: "todo", index: 1 });
  });

  it("goes to the column beside with left and right, and past a column's end with down or up", () => {
    const { session, press } = pickUp();
    expect(press("ArrowRight").coordinates).toEqual({ x: 330, y: 148 });
    expect(session.target).toEqual({ column: "inprogress", index: 1 });
    press("ArrowDown");
    expect(session.target).toEqual({ column: "done", index: 0 });
    expect(press("ArrowRight").coordinates).toBeUndefined();
    press("ArrowUp");
    expect(session.target).toEqual({ column: "inprogress", index: 1 });
    press("ArrowLeft");
    expect(session.target).toEqual({ column: "todo", index: 1 });
  });

  it("leaves other keys alone", () => {
    const other = pickUp().press("KeyA");
    expect(other.coordinates).toBeUndefined();
    expect(other.event.defaultPrevented).toBe(false);
  });
});

describe("a card held by the time order (issue 56, item 13)", () => {
  const reason = 'Tasks with a time are ordered by time: to place "First" there, give it a start time.';
  const active = { id: first.id, data: { current: { task: first, column: "todo" } } } as never;

  it("says why on each key press that cannot move the card above a task with a time, and stops once it moves", () => {
    const { session, holds, press } = pickUp();
    const announcements = createBoardAnnouncements(session);
    announcements.onDragStart({ active });
    expect(press("ArrowUp").coordinates).toBeUndefined();
    expect(session.target).toEqual({ column: "todo", index: 1 });
    expect(holds).toEqual([reason]);
    press("ArrowUp");
    expect(holds).toEqual([reason, reason]);
    expect(announcements.onDragEnd({ active, over: null })).toBe(`"First" was dropped on the To Do column. Place 2 of 3. ${reason}`);
    press("ArrowDown");
    expect(holds).toEqual([reason, reason, null]);
    expect(session.holdReason()).toBeNull();
  });

  it("names the start time of a timed card kept above the cards without one", () => {
    const { session, holds, press } = pickUp(timed);
    press("ArrowDown");
    expect(session.target).toEqual({ column: "todo", index: 0 });
    expect(holds).toEqual(['Tasks with a time are ordered by time: to place "Timed" there, change its start time (9:00 AM).']);
  });

  it("says why while a pointer asks for a place above it, in the drag's words too", () => {
    const registry = new BoardDragRegistry();
    const box = (left: number, top: number, width: number, height: number) => {
      const node = document.createElement("div");
      node.getBoundingClientRect = () => new DOMRect(left, top, width, height);
      return node;
    };
    registry.column("todo").setElement(box(0, 100, 300, 600));
    registry.card(timed.id).setElement(box(10, 110, 280, 80));
    registry.card(second.id).setElement(box(10, 300, 280, 80));
    const holds: (string | null)[] = [];
    const session = new BoardDragSession(registry);
    session.follow(
      columns,
      () => {},
      (held) => holds.push(held),
    );
    session.start(first, columns);
    const announcements = createBoardAnnouncements(session);
    announcements.onDragStart({ active });
    session.aimAtPointer(100, 120);
    expect(session.target).toEqual({ column: "todo", index: 1 });
    expect(holds).toEqual([reason]);
    expect(announcements.onDragMove!({ active, over: null })).toBe(
      `"First" is back where it started, in the To Do column. Place 2 of 3. ${reason}`,
    );
    session.aimAtPointer(100, 290);
    expect(holds).toEqual([reason, null]);
  });
});

describe("board announcements", () => {
  const active = { id: first.id, data: { current: { task: first, column: "todo" } } } as never;

  it("keeps the pick-up message until the card's place changes, then tells its column and place", () => {
    const { session, press } = pickUp();
    const announcements = createBoardAnnouncements(session);
    expect(announcements.onDragStart({ active })).toBe('Picked up "First" from the To Do column.');
    expect(announcements.onDragMove!({ active, over: null })).toBeUndefined();
    press("ArrowRight");
    expect(announcements.onDragMove!({ active, over: null })).toBe('"First" is over the In Progress column. Place 2 of 2.');
    expect(announcements.onDragOver({ active, over: null })).toBeUndefined();
    press("ArrowLeft");
    expect(announcements.onDragMove!({ active, over: null })).toBe('"First" is back where it started, in the To Do column. Place 2 of 3.');
    press("ArrowDown");
    announcements.onDragMove!({ active, over: null });
    expect(announcements.onDragEnd({ active, over: null })).toBe('"First" was dropped on the To Do column. Place 3 of 3.');
    expect(announcements.onDragCancel({ active, over: null })).toBe('Moving "First" was cancelled. It stays in the To Do column.');
  });

  it("tells a drop outside the columns", () => {
    const { session } = pickUp();
    const announcements = createBoardAnnouncements(session);
    session.aimAtPointer(-1000, -1000);
    expect(announcements.onDragEnd({ active, over: null })).toBe('"First" was dropped outside the columns and stays in the To Do column.');
  });
});

describe("a pointer over a phone's status tabs (BoardDragSession.aimAtPointer)", () => {
  function element(box: DOMRect): HTMLElement {
    const node = document.createElement("div");
    node.getBoundingClientRect = () => box;
    return node;
  }
  it("aims at the end of the tab's column, back at the card's place over its own tab, and never at a hidden box", () => {
    const registry = new BoardDragRegistry();
    // A phone: the To Do column shows under the tabs, the other columns are hidden (empty boxes).
    registry.tab("todo").setElement(element(new DOMRect(0, 60, 100, 40)));
    registry.tab("inprogress").setElement(element(new DOMRect(100, 60, 100, 40)));
    registry.tab("done").setElement(element(new DOMRect(200, 60, 100, 40)));
    registry.column("todo").setElement(element(new DOMRect(0, 110, 300, 600)));
    registry.column("inprogress").setElement(element(new DOMRect(0, 0, 0, 0)));
    registry.column("done").setElement(element(new DOMRect(0, 0, 0, 0)));
    const session = new BoardDragSession(registry);
    session.follow(columns, () => {});
    session.start(first, columns);

    session.aimAtPointer(150, 80);
    expect(session.target).toEqual({ column: "inprogress", index: 1 });
    expect(session.describeTarget()).toBe("the In Progress column. Place 2 of 2.");
    session.aimAtPointer(250, 80);
    expect(session.target).toEqual({ column: "done", index: 0 });
    session.aimAtPointer(50, 80);
    expect(session.target).toEqual({ column: "todo", index: 1 }); // after the card with a start time
    expect(session.isAtOrigin()).toBe(true);
    session.aimAtPointer(0, 0);
    expect(session.target).toBeNull();
  });
});
