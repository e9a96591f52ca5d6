import { describe, expect, it } from "vitest";
import { FUTURE_TASKS_WINDOW_DAYS, futureTasksWindow, isListedOverdue, isOverdue, OVERDUE_WINDOW_DAYS } from "./future-tasks.ts";

describe("futureTasksWindow", () => {
  it("runs from tomorrow to 30 days ahead", () => {
    expect(FUTURE_TASKS_WINDOW_DAYS).toBe(30);
    expect(futureTasksWindow("2026-05-04")).toEqual({ startDate: "2026-05-05", endDate: "2026-06-03" });
  });

  it("crosses month and year ends", () => {
    expect(futureTasksWindow("2026-12-31")).toEqual({ startDate: "2027-01-01", endDate: "2027-01-30" });
    expect(futureTasksWindow("2028-02-28")).toEqual({ startDate: "2028-02-29", endDate: "2028-03-29" });
  });
});

describe("isOverdue", () => {
  const today = "2026-05-04";
  it("is a not-done task dated before today", () => {
    expect(isOverdue({ date: "2026-05-03", status: "todo" }, today)).toBe(true);
    expect(isOverdue({ date: "2026-05-03", status: "inprogress" }, today)).toBe(true);
    expect(isOverdue({ date: "2025-12-31", status: "stalled" }, today)).toBe(true);
  });

  it("is never a done task, a task of today or later, or an unscheduled task", () => {
    expect(isOverdue({ date: "2026-05-03", status: "done" }, today)).toBe(false);
    expect(isOverdue({ date: "2026-05-04", status: "todo" }, today)).toBe(false);
    expect(isOverdue({ date: "2026-05-05", status: "todo" }, today)).toBe(false);
    expect(isOverdue({ date: null, status: "todo" }, today)).toBe(false);
  });
});

describe("isListedOverdue", () => {
  const today = "2026-05-04";
  it("lists overdue tasks of the last 30 days, not older ones", () => {
    expect(OVERDUE_WINDOW_DAYS).toBe(30);
    expect(isListedOverdue({ date: "2026-04-04", status: "todo" }, today)).toBe(true);
    expect(isListedOverdue({ date: "2026-04-03", status: "todo" }, today)).toBe(false);
    expect(isListedOverdue({ date: "2026-05-03", status: "done" }, today)).toBe(false);
    expect(isListedOverdue({ date: null, status: "todo" }, today)).toBe(false);
  });
});
