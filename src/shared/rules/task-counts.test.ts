import { describe, expect, it } from "vitest";
import { countTasks, isActive } from "./task-counts.ts";
import { TASK_STATUSES } from "./task-status.ts";

describe("countTasks", () => {
  it("is all zeros for an empty day", () => {
    expect(countTasks([])).toEqual({ total: 0, todo: 0, inProgress: 0, active: 0, stalled: 0, done: 0 });
  });

  it("counts a stalled task as in progress but not as active", () => {
    const counts = countTasks([{ status: "inprogress" }, { status: "stalled" }, { status: "todo" }, { status: "done" }]);
    expect(counts).toEqual({ total: 4, todo: 1, inProgress: 2, active: 1, stalled: 1, done: 1 });
  });

  it("splits in progress into active and stalled, and the columns add up to the total", () => {
    const statuses = ["todo", "todo", "inprogress", "stalled", "stalled", "done"] as const;
    const counts = countTasks(statuses.map((status) => ({ status })));
    expect(counts.inProgress).toBe(counts.active + counts.stalled);
    expect(counts.todo + counts.inProgress + counts.done).toBe(counts.total);
  });

  it("calls only inprogress active", () => {
    expect(TASK_STATUSES.filter(isActive)).toEqual(["inprogress"]);
  });
});
