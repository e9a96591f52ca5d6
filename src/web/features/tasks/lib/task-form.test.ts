import { describe, expect, it } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import {
  ESTIMATE_DEFAULT_HINT,
  ESTIMATE_RANGE_MESSAGE,
  checkEstimate,
  initialTaskFormValues,
  parseEstimate,
  toCreateTaskInput,
  toUpdateTaskPatch,
  validateTaskForm,
} from "./task-form.ts";

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

describe("checkEstimate: the duration field never changes a value silently", () => {
  it.each(["3", "-10", "0", "481", "1000"])("refuses %j as out of range", (raw) => {
    expect(checkEstimate(raw)).toEqual({ error: ESTIMATE_RANGE_MESSAGE, hint: null });
  });

  it("refuses a value off the 5-minute step and suggests the two nearest", () => {
    expect(checkEstimate("17")).toEqual({ error: "Use steps of 5 minutes: try 15 or 20.", hint: null });
    expect(checkEstimate("7.5").error).toBe("Use steps of 5 minutes: try 5 or 10.");
  });

  it("accepts 5 to 480 in steps of 5", () => {
    for (const raw of ["5", "30", "45", "480"]) expect(checkEstimate(raw)).toEqual({ error: null, hint: null });
  });

  it("says that an empty field (a number input's value when what was typed is not a number) saves 30", () => {
    expect(checkEstimate("")).toEqual({ error: null, hint: ESTIMATE_DEFAULT_HINT });
    expect(checkEstimate("", makeTask({ estimatedDuration: 45 }))).toEqual({ error: null, hint: ESTIMATE_DEFAULT_HINT });
    // An edited task without an estimate keeps none: nothing is sent.
    expect(checkEstimate("", makeTask({ estimatedDuration: null }))).toEqual({ error: null, hint: null });
  });

  it("keeps an edited task's saved estimate even off the step", () => {
    expect(checkEstimate("17", makeTask({ estimatedDuration: 17 }))).toEqual({ error: null, hint: null });
  });

  it("is part of the form's validation", () => {
    expect(validateTaskForm({ ...initialTaskFormValues(), title: "A", estimatedDuration: "481" })).toEqual({
      estimatedDuration: ESTIMATE_RANGE_MESSAGE,
    });
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
    expect(toCreateTaskInput({ ...initialTaskFormValues(), title: "A" }, null)).toEqual({
      title: "A",
      status: "todo",
      estimatedDuration: 30,
    });
  });

  it("edits without sending fields that stay empty", () => {
    const task = makeTask({ description: null, scheduledStartTime: null, goalId: null, estimatedDuration: 30 });
    expect(toUpdateTaskPatch(initialTaskFormValues(task), task)).toEqual({ title: task.title, estimatedDuration: 30 });
  });
});
