import { describe, expect, it } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { columnsInOrder, dropChanges, placeOf, reachableTarget, withCardAt } from "./board-order.ts";

const titles = (tasks: readonly { title: string }[]) => tasks.map((task) => task.title);

describe("the board's order", () => {
  const nine = makeTask({ title: "9:00", scheduledStartTime: "09:00", position: 3 });
  const halfPast = makeTask({ title: "9:30", scheduledStartTime: "09:30", position: 1 });
  const a = makeTask({ title: "A", position: 1 });
  const b = makeTask({ title: "B", position: 2 });
  const c = makeTask({ title: "C", position: 4 });
  const working = makeTask({ title: "Working", status: "stalled", position: 1 });
  const columns = columnsInOrder([c, a, halfPast, working, b, nine]);

  it("sorts each column by start time, then position; stalled tasks in In Progress", () => {
    expect(titles(columns.todo)).toEqual(["9:00", "9:30", "A", "B", "C"]);
    expect(titles(columns.inprogress)).toEqual(["Working"]);
  });

  it("moves a card within its column with only a position: the midpoint of its new neighbours", () => {
    expect(placeOf(columns, c)).toEqual({ column: "todo", index: 4 });
    // C dropped between A and B.
    expect(dropChanges(columns, c, { column: "todo", index: 3 })).toEqual({ position: 1.5 });
    // A dropped after C.
    expect(dropChanges(columns, a, { column: "todo", index: 4 })).toEqual({ position: 5 });
    // Dropped where it was: nothing to send.
    expect(dropChanges(columns, b, { column: "todo", index: 3 })).toBeNull();
  });

  it("moves a card to another column and place in one change", () => {
    expect(dropChanges(columns, b, { column: "inprogress", index: 0 })).toEqual({ status: "inprogress", position: 0 });
    expect(dropChanges(columns, working, { column: "done", index: 0 })).toEqual({ status: "done", position: 0 });
  });

  it("keeps a card among the cards of its start time, and shows it where it will land", () => {
    // C dropped at the top stays below the cards with a start time.
    expect(reachableTarget(columns, c, "todo", 0)).toEqual({ column: "todo", index: 2 });
    expect(dropChanges(columns, c, { column: "todo", index: 0 })).toEqual({ position: 0 });
    expect(titles(withCardAt(columns, c, reachableTarget(columns, c, "todo", 0)).todo)).toEqual(["9:00", "9:30", "C", "A", "B"]);
    expect(titles(withCardAt(columns, nine, reachableTarget(columns, nine, "inprogress", 1)).inprogress)).toEqual(["9:00", "Working"]);
    expect(withCardAt(columns, nine, null)).toBe(columns);
  });
});
