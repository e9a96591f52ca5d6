import { describe, expect, it } from "vitest";
import { makeTask } from "../test/task-fixtures.ts";
import { compareTaskOrder, placeWithinStartTime, positionBetween, positionForPlace, sortByTaskOrder } from "./task-order.ts";

const titles = (tasks: readonly { title: string }[]) => tasks.map((task) => task.title);

describe("the column order", () => {
  it("puts tasks with a start time first, earliest first, whatever their positions", () => {
    const late = makeTask({ title: "9:30", scheduledStartTime: "09:30", position: 1 });
    const early = makeTask({ title: "9:00", scheduledStartTime: "09:00", position: 2 });
    const none = makeTask({ title: "none", scheduledStartTime: null, position: 0 });
    expect(titles(sortByTaskOrder([none, late, early]))).toEqual(["9:00", "9:30", "none"]);
  });

  it("orders the same start time, and no start time, by position, then by creation, then by id", () => {
    const a = makeTask({ title: "a", position: 2, createdAt: "2026-11-23T08:00:00.000Z" });
    const b = makeTask({ title: "b", position: 1.5, createdAt: "2026-11-23T09:00:00.000Z" });
    const c = makeTask({ title: "c", position: 2, createdAt: "2026-11-23T07:00:00.000Z" });
    const d = makeTask({ id: "z", title: "d", position: 2, createdAt: "2026-11-23T07:00:00.000Z" });
    expect(titles(sortByTaskOrder([a, b, d, c]))).toEqual(["b", "c", "d", "a"]);
    const timedLate = makeTask({ title: "t2", scheduledStartTime: "10:00", position: 1 });
    const timedEarly = makeTask({ title: "t1", scheduledStartTime: "10:00", position: -3 });
    expect(titles(sortByTaskOrder([timedLate, timedEarly]))).toEqual(["t1", "t2"]);
  });

  it("is a total order: equal only for the same task", () => {
    const task = makeTask();
    expect(compareTaskOrder(task, { ...task })).toBe(0);
    expect(compareTaskOrder(task, { ...task, id: `${task.id}x` })).toBeLessThan(0);
  });
});

describe("positions between neighbours", () => {
  it("is the midpoint of two neighbours, one step beyond a single one, 0 alone", () => {
    expect(positionBetween(1, 2)).toBe(1.5);
    expect(positionBetween(-1, 0.5)).toBe(-0.25);
    expect(positionBetween(3, null)).toBe(4);
    expect(positionBetween(null, 3)).toBe(2);
    expect(positionBetween(null, null)).toBe(0);
  });

  it("stays strictly between its neighbours for dozens of drops into the same gap", () => {
    let low = 1;
    const high = 2;
    for (let drop = 0; drop < 40; drop++) {
      const next = positionBetween(low, high);
      expect(next).toBeGreaterThan(low);
      expect(next).toBeLessThan(high);
      low = next;
    }
  });

  it("places a dropped task between the neighbours it was dropped between", () => {
    const others = sortByTaskOrder([makeTask({ position: 1 }), makeTask({ position: 2 }), makeTask({ position: 3 })]);
    expect(positionForPlace(others, { scheduledStartTime: null }, 0)).toEqual({ index: 0, position: 0 });
    expect(positionForPlace(others, { scheduledStartTime: null }, 1)).toEqual({ index: 1, position: 1.5 });
    expect(positionForPlace(others, { scheduledStartTime: null }, 3)).toEqual({ index: 3, position: 4 });
  });

  it("keeps a dropped task among the tasks of its own start time: the time decides first", () => {
    const others = sortByTaskOrder([
      makeTask({ title: "9:00", scheduledStartTime: "09:00", position: 5 }),
      makeTask({ title: "9:30", scheduledStartTime: "09:30", position: 1 }),
      makeTask({ title: "none 1", position: 7 }),
      makeTask({ title: "none 2", position: 8 }),
    ]);
    // A task without a time dropped at the top goes first among those without one.
    expect(placeWithinStartTime(others, { scheduledStartTime: null }, 0)).toBe(2);
    expect(positionForPlace(others, { scheduledStartTime: null }, 0)).toEqual({ index: 2, position: 6 });
    // A 9:30 task dropped at the bottom stays right after the other 9:30 task, not beside the 9:00 one.
    expect(positionForPlace(others, { scheduledStartTime: "09:30" }, 4)).toEqual({ index: 2, position: 2 });
    expect(positionForPlace(others, { scheduledStartTime: "09:30" }, 0)).toEqual({ index: 1, position: 0 });
    // A 9:15 task has a single place, between the two.
    expect(positionForPlace(others, { scheduledStartTime: "09:15" }, 3)).toEqual({ index: 1, position: 0 });
  });
});
