import { describe, expect, it } from "vitest";
import { makeTask } from "../test/task-fixtures.ts";
import { initialTaskFormValues, parseEstimate, toCreateTaskInput, toUpdateTaskPatch, validateTaskForm } from "./task-form.ts";

describe("parseEstimate", () => {
  it.each([
    ["", 30],
    ["abc", 30],
    ["45", 45],
    ["5", 5],
    ["4", 5],
    ["480", 480],
    ["481", 480],
    ["47.4", 47],
  ])("reads %j as %i minutes", (raw, minutes) => {
    expect(parseEstimate(raw)).toBe(minutes);
  });
});

describe("the task form", () => {
  it("starts a new task with 30 minutes and the preselected goal", () => {
    expect(initialTaskFormValues(undefined, "g1")).toEqual({
      title: "",
      description: "",
      goalId: "g1",
      scheduledStartTime: "",
      estimatedDuration: "30",
    });
  });

  it("needs a title that is not only spaces", () => {
    expect(validateTaskForm({ ...initialTaskFormValues(), title: "  " })).toEqual({ title: "Task title is required" });
    expect(validateTaskForm({ ...initialTaskFormValues(), title: "A" })).toEqual({});
  });

  it("creates an unscheduled task without a date", () => {
    expect(toCreateTaskInput({ ...initialTaskFormValues(), title: "A" }, null)).toEqual({ title: "A", status: "todo", estimatedDuration: 30 });
  });

  it("edits without sending fields that stay empty", () => {
    const task = makeTask({ description: null, scheduledStartTime: null, goalId: null, estimatedDuration: 30 });
    expect(toUpdateTaskPatch(initialTaskFormValues(task), task)).toEqual({ title: task.title, estimatedDuration: 30 });
  });
});
