import { describe, expect, it } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { dropPatch, keyboardTarget, type TimelineDrag } from "./timeline-drag.ts";
import {
  blockBox,
  clampDuration,
  clampStart,
  eventSpan,
  layoutColumns,
  minutesToPx,
  minutesToTime,
  pxToMinutes,
  snapMinutes,
  taskSpan,
  timeToMinutes,
} from "./timeline-layout.ts";

describe("minutes and pixels", () => {
  it("an hour is 64 pixels, both ways", () => {
    expect(minutesToPx(60)).toBe(64);
    expect(minutesToPx(15)).toBe(16);
    expect(pxToMinutes(64 * 9)).toBe(9 * 60);
    for (const minutes of [0, 5, 15, 555, 1439]) expect(pxToMinutes(minutesToPx(minutes))).toBeCloseTo(minutes);
  });

  it("snaps to the nearest quarter hour and keeps a start inside the day", () => {
    expect(snapMinutes(7)).toBe(0);
    expect(snapMinutes(8)).toBe(15);
    expect(snapMinutes(9 * 60 + 52)).toBe(9 * 60 + 45);
    expect(clampStart(-40)).toBe(0);
    expect(clampStart(24 * 60 + 30)).toBe(23 * 60 + 45);
  });

  it("keeps an estimate in the spec's limits, in 5-minute steps", () => {
    expect(clampDuration(2)).toBe(5);
    expect(clampDuration(47)).toBe(45);
    expect(clampDuration(48)).toBe(50);
    expect(clampDuration(600)).toBe(480);
  });

  it("reads and writes 'HH:MM'", () => {
    expect(timeToMinutes("09:30")).toBe(570);
    expect(minutesToTime(570)).toBe("09:30");
    expect(minutesToTime(0)).toBe("00:00");
    expect(minutesToTime(24 * 60)).toBe("23:59");
  });
});

describe("spans", () => {
  it("a task lasts its estimate, or 30 minutes without one, and ends at midnight at the latest", () => {
    expect(taskSpan({ scheduledStartTime: "09:00", estimatedDuration: 45 })).toEqual({ start: 540, end: 585 });
    expect(taskSpan({ scheduledStartTime: "09:00", estimatedDuration: null })).toEqual({ start: 540, end: 570 });
    expect(taskSpan({ scheduledStartTime: "23:30", estimatedDuration: 120 })).toEqual({ start: 1410, end: 1440 });
    expect(taskSpan({ scheduledStartTime: null, estimatedDuration: 30 })).toBeNull();
  });

  it("an event is cut at the day's edges; an all-day one has no span", () => {
    const date = "2026-11-23";
    expect(eventSpan({ start: "2026-11-23T10:00:00+01:00", end: "2026-11-23T11:30:00+01:00", allDay: false }, date)).toEqual({
      start: 600,
      end: 690,
    });
    expect(eventSpan({ start: "2026-11-22T22:00:00+01:00", end: "2026-11-23T01:00:00+01:00", allDay: false }, date)).toEqual({
      start: 0,
      end: 60,
    });
    expect(eventSpan({ start: "2026-11-23T23:00:00+01:00", end: "2026-11-24T01:00:00+01:00", allDay: false }, date)).toEqual({
      start: 1380,
      end: 1440,
    });
    expect(eventSpan({ start: "2026-11-23", end: "2026-11-24", allDay: true }, date)).toBeNull();
  });
});

describe("overlap columns", () => {
  it("puts overlapping blocks side by side and gives a lone block the whole width", () => {
    const placed = layoutColumns([
      { id: "a", start: 540, end: 600 },
      { id: "b", start: 570, end: 630 },
      { id: "c", start: 600, end: 660 },
      { id: "d", start: 720, end: 750 },
    ]);
    // a and b overlap, c starts when a ends and takes a's column: the group is two wide.
    expect(placed.get("a")).toEqual({ column: 0, columns: 2 });
    expect(placed.get("b")).toEqual({ column: 1, columns: 2 });
    expect(placed.get("c")).toEqual({ column: 0, columns: 2 });
    expect(placed.get("d")).toEqual({ column: 0, columns: 1 });
  });

  it("three at once make three columns, and the box follows the column", () => {
    const placed = layoutColumns([
      { id: "x", start: 600, end: 660 },
      { id: "y", start: 600, end: 630 },
      { id: "z", start: 615, end: 645 },
    ]);
    expect([...placed.values()].map((place) => place.columns)).toEqual([3, 3, 3]);
    expect(new Set([...placed.values()].map((place) => place.column))).toEqual(new Set([0, 1, 2]));
    expect(blockBox({ start: 600, end: 630 }, { column: 1, columns: 3 })).toMatchObject({
      top: minutesToPx(600),
      height: 32,
      width: `${100 / 3}%`,
    });
    // A 5-minute block is still a quarter hour tall.
    expect(blockBox({ start: 600, end: 605 }).height).toBe(16);
  });
});

describe("keyboard steps and the drop's change", () => {
  const scheduled = makeTask({ title: "Write", scheduledStartTime: "09:00", estimatedDuration: 30 });
  const listed = makeTask({ title: "Read", scheduledStartTime: null, estimatedDuration: null });
  const drag = (overrides: Partial<TimelineDrag>): TimelineDrag => ({
    task: scheduled,
    kind: "move",
    via: "keyboard",
    target: null,
    ...overrides,
  });
  const at = (start: number, duration = 30) => ({ where: "grid" as const, start, duration });

  it("moves a block by 15 minutes and sends the new start", () => {
    const down = keyboardTarget(drag({}), "ArrowDown", false, 540);
    expect(down).toEqual(at(555));
    expect(dropPatch({ task: scheduled, target: down })).toEqual({ scheduledStartTime: "09:15" });
    expect(keyboardTarget(drag({ target: at(0) }), "ArrowUp", false, 540)).toEqual(at(0));
  });

  it("puts a listed task into the grid at the first start, and a block back into the list", () => {
    expect(keyboardTarget(drag({ task: listed }), "ArrowRight", false, 600)).toEqual(at(600));
    expect(keyboardTarget(drag({}), "ArrowLeft", false, 600)).toEqual({ where: "list" });
    expect(dropPatch({ task: scheduled, target: { where: "list" } })).toEqual({ scheduledStartTime: null });
    expect(dropPatch({ task: listed, target: { where: "list" } })).toBeNull();
  });

  it("changes the length with Shift in quarter hours within 5..480", () => {
    expect(keyboardTarget(drag({}), "ArrowDown", true, 540)).toEqual(at(540, 45));
    expect(keyboardTarget(drag({ target: at(540, 15) }), "ArrowUp", true, 540)).toEqual(at(540, 5));
    expect(keyboardTarget(drag({ target: at(540, 5) }), "ArrowDown", true, 540)).toEqual(at(540, 15));
    expect(keyboardTarget(drag({ target: at(540, 480) }), "ArrowDown", true, 540)).toEqual(at(540, 480));
    expect(dropPatch({ task: scheduled, target: at(540, 45) })).toEqual({ estimatedDuration: 45 });
    expect(dropPatch({ task: scheduled, target: at(570, 45) })).toEqual({ scheduledStartTime: "09:30", estimatedDuration: 45 });
    expect(dropPatch({ task: scheduled, target: at(540) })).toBeNull();
  });
});
