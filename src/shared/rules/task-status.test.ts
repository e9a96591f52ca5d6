import { describe, expect, it } from "vitest";
import { boardColumnOf, isCompleted, isTaskStatus, TASK_STATUSES } from "./task-status.ts";

describe("task statuses", () => {
  it("are exactly the four of the spec", () => {
    expect(TASK_STATUSES).toEqual(["todo", "inprogress", "done", "stalled"]);
  });

  it("recognises statuses and nothing else", () => {
    for (const status of TASK_STATUSES) expect(isTaskStatus(status)).toBe(true);
    for (const other of ["in_progress", "Done", "", null, 1]) expect(isTaskStatus(other)).toBe(false);
  });

  it("counts only done as completed", () => {
    expect(TASK_STATUSES.filter(isCompleted)).toEqual(["done"]);
  });

  it("shows a stalled task in the In Progress column", () => {
    expect(TASK_STATUSES.map(boardColumnOf)).toEqual(["todo", "inprogress", "done", "inprogress"]);
  });
});
