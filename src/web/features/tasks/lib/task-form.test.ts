import { describe, expect, it } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import {
  ESTIMATE_DEFAULT_HINT,
  ESTIMATE_RANGE_MESSAGE,
  checkEstimate,
  initialTaskFormValues,
  parseEstimate,
  changesSeries,
  recurrenceOf,
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
      date: "",
      repeat: "none",
      customRepeat: { frequency: "WEEKLY", interval: 1, weekdays: [], end: { kind: "never" } },
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

  it("sends only the fields the person changed, so another device's change to another field stays", () => {
    const task = makeTask({ description: null, scheduledStartTime: null, goalId: null, estimatedDuration: 30 });
    expect(toUpdateTaskPatch(initialTaskFormValues(task), task)).toEqual({});
    expect(toUpdateTaskPatch({ ...initialTaskFormValues(task), title: " Water the basil " }, task)).toEqual({ title: "Water the basil" });
    expect(toUpdateTaskPatch({ ...initialTaskFormValues(task), estimatedDuration: "45" }, task)).toEqual({ estimatedDuration: 45 });
  });
});

describe("the task form's Date field", () => {
  it("moves the task to another day or to none, and sends no date that did not change", () => {
    const task = makeTask({ date: "2026-11-30" });
    expect(initialTaskFormValues(task).date).toBe("2026-11-30");
    expect(toUpdateTaskPatch({ ...initialTaskFormValues(task), date: "2026-12-07" }, task)).toEqual({ date: "2026-12-07" });
    expect(toUpdateTaskPatch({ ...initialTaskFormValues(task), date: "" }, task)).toEqual({ date: null });
    const unscheduled = makeTask({ date: null });
    expect(toUpdateTaskPatch(initialTaskFormValues(unscheduled), unscheduled)).toEqual({});
  });

  it("creates the task on the field's day, or with none", () => {
    const values = { ...initialTaskFormValues(undefined, null, "2026-11-30"), title: "A" };
    expect(toCreateTaskInput({ ...values, date: "2026-12-07" })).toMatchObject({ date: "2026-12-07" });
    expect(toCreateTaskInput({ ...values, date: "" })).not.toHaveProperty("date");
  });

  it("moves a series' occurrence alone: no scope question, and a repeat keeps the series' own day", () => {
    const occurrence = makeTask({ date: "2026-11-30", recurrence: "FREQ=WEEKLY;BYDAY=MO", seriesId: "s1" });
    const patch = toUpdateTaskPatch({ ...initialTaskFormValues(occurrence), date: "2026-12-02" }, occurrence);
    expect(patch).toEqual({ date: "2026-12-02" });
    expect(changesSeries(patch, occurrence)).toBe(false);
  });
});

describe("the task form's Repeat field", () => {
  // Monday 30 November 2026.
  const DATE = "2026-11-30";

  it("sends the rule with a new task, and none without a day", () => {
    const values = { ...initialTaskFormValues(undefined, null, DATE), title: "Gym", repeat: "weekly" as const };
    expect(recurrenceOf(values, DATE)).toBe("FREQ=WEEKLY;BYDAY=MO");
    expect(toCreateTaskInput(values, DATE)).toMatchObject({ date: DATE, recurrence: "FREQ=WEEKLY;BYDAY=MO" });
    expect(toCreateTaskInput(values, null)).not.toHaveProperty("recurrence");
    expect(toCreateTaskInput({ ...values, repeat: "none" }, DATE)).not.toHaveProperty("recurrence");
  });

  it("builds the custom editor's rule, and refuses one it can not save", () => {
    const values = {
      ...initialTaskFormValues(undefined, null, DATE),
      title: "Review",
      repeat: "custom" as const,
      customRepeat: {
        frequency: "WEEKLY" as const,
        interval: 2,
        weekdays: ["MO" as const, "TH" as const],
        end: { kind: "count" as const, count: 6 },
      },
    };
    expect(recurrenceOf(values, DATE)).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=6");
    expect(validateTaskForm(values, null, DATE)).toEqual({});
    expect(validateTaskForm({ ...values, customRepeat: { ...values.customRepeat, interval: 0 } }, null, DATE)).toEqual({
      repeat: "Repeat every 1 to 99.",
    });
  });

  it("reads a series' rule, sends it only when changed, and says when the change is the series'", () => {
    const task = makeTask({ date: DATE, recurrence: "FREQ=DAILY", seriesId: "s1" });
    const values = initialTaskFormValues(task);
    expect(values.repeat).toBe("daily");
    const unchanged = toUpdateTaskPatch(values, task);
    expect(unchanged).not.toHaveProperty("recurrence");
    expect(changesSeries(unchanged, task)).toBe(false);
    expect(changesSeries(toUpdateTaskPatch({ ...values, description: "Notes" }, task), task)).toBe(false);
    expect(changesSeries(toUpdateTaskPatch({ ...values, title: "Run" }, task), task)).toBe(true);
    expect(changesSeries(toUpdateTaskPatch({ ...values, scheduledStartTime: "07:00" }, task), task)).toBe(true);
    const stopped = toUpdateTaskPatch({ ...values, repeat: "none" }, task);
    expect(stopped).toMatchObject({ recurrence: null });
    expect(changesSeries(stopped, task)).toBe(true);
    // A rule the editor spells out differently is no change while the field is untouched.
    for (const rule of ["FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=WEEKLY;INTERVAL=2", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"]) {
      const weekly = makeTask({ date: DATE, recurrence: rule, seriesId: "s2" });
      expect(toUpdateTaskPatch(initialTaskFormValues(weekly), weekly), rule).not.toHaveProperty("recurrence");
    }
    // A single task made to repeat asks nothing: it has no series yet.
    const single = makeTask({ date: DATE });
    const made = toUpdateTaskPatch({ ...initialTaskFormValues(single), repeat: "daily" }, single);
    expect(made).toMatchObject({ recurrence: "FREQ=DAILY" });
    expect(changesSeries(made, single)).toBe(false);
  });
});
