import { describe, expect, it } from "vitest";
import {
  bestDayOf,
  currentWeekStart,
  nextWeeklySummaryRun,
  type WeekTask,
  weekEndOf,
  weekFigures,
  weeklyCompletionBand,
  weeklyInsights,
  weeklySummaryRunAt,
  weeklySummaryTemplate,
  weekStartOf,
} from "./weekly-summary.ts";

describe("week boundaries", () => {
  it("starts weeks on Monday", () => {
    expect(weekStartOf("2026-03-09")).toBe("2026-03-09"); // Monday
    expect(weekStartOf("2026-03-15")).toBe("2026-03-09"); // Sunday
    expect(weekStartOf("2026-03-16")).toBe("2026-03-16");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28"); // across a year
    expect(weekEndOf("2026-12-28")).toBe("2027-01-03");
  });

  it("reads the week in the user's zone", () => {
    // Sunday 2026-03-15 23:30 in New York is Monday 03:30 UTC and Monday afternoon in Tokyo.
    const instant = new Date("2026-03-16T03:30:00.000Z");
    expect(currentWeekStart(instant, "America/New_York")).toBe("2026-03-09");
    expect(currentWeekStart(instant, "UTC")).toBe("2026-03-16");
    expect(currentWeekStart(instant, "Asia/Tokyo")).toBe("2026-03-16");
    // Monday 00:30 in Auckland is still Sunday in UTC.
    expect(currentWeekStart(new Date("2026-03-15T11:30:00.000Z"), "Pacific/Auckland")).toBe("2026-03-16");
  });

  it("runs on Monday at 06:00 local time, also in a week that crosses a DST change", () => {
    // New York springs forward on Sunday 2026-03-08: that week has 167 hours.
    const before = weeklySummaryRunAt("2026-03-02", "America/New_York");
    const after = weeklySummaryRunAt("2026-03-09", "America/New_York");
    expect(before.toISOString()).toBe("2026-03-02T11:00:00.000Z"); // EST
    expect(after.toISOString()).toBe("2026-03-09T10:00:00.000Z"); // EDT
    expect((after.getTime() - before.getTime()) / 3_600_000).toBe(167);
    // Berlin falls back on Sunday 2026-10-25: 169 hours.
    const autumn =
      weeklySummaryRunAt("2026-10-26", "Europe/Berlin").getTime() - weeklySummaryRunAt("2026-10-19", "Europe/Berlin").getTime();
    expect(autumn / 3_600_000).toBe(169);
  });

  it("finds the next run after now, and the week it sums up", () => {
    // Sunday 2026-03-08 in New York (the DST day): the run is Monday 06:00 EDT, for the week of 03-02.
    expect(nextWeeklySummaryRun(new Date("2026-03-08T15:00:00.000Z"), "America/New_York")).toEqual({
      at: new Date("2026-03-09T10:00:00.000Z"),
      weekStart: "2026-03-02",
    });
    // Monday 05:59 local: still this Monday's run; at 06:00 exactly, next Monday's.
    expect(nextWeeklySummaryRun(new Date("2026-03-09T09:59:00.000Z"), "America/New_York").at.toISOString()).toBe(
      "2026-03-09T10:00:00.000Z",
    );
    expect(nextWeeklySummaryRun(new Date("2026-03-09T10:00:00.000Z"), "America/New_York")).toEqual({
      at: new Date("2026-03-16T10:00:00.000Z"),
      weekStart: "2026-03-09",
    });
  });
});

const t = (overrides: Partial<WeekTask> = {}): WeekTask => ({
  status: "todo",
  date: "2026-03-09",
  goalId: null,
  rolloverCount: 0,
  ...overrides,
});

describe("week figures and insights", () => {
  it("counts the week's tasks, the done ones and the goals they moved", () => {
    const tasks = [
      t({ status: "done", goalId: "a" }),
      t({ status: "done", goalId: "a" }),
      t({ status: "done", goalId: "b" }),
      t({ goalId: "c" }),
      t(),
    ];
    expect(weekFigures(tasks)).toEqual({ tasksTotal: 5, tasksCompleted: 3, goalsProgressed: 2, completionPercent: 60 });
    expect(weekFigures([])).toEqual({ tasksTotal: 0, tasksCompleted: 0, goalsProgressed: 0, completionPercent: 0 });
  });

  it("names the best day from 3 completions, the earliest of equals", () => {
    const on = (date: string, n: number) => Array.from({ length: n }, () => t({ status: "done", date }));
    expect(bestDayOf(on("2026-03-10", 2))).toBeNull();
    expect(bestDayOf([...on("2026-03-12", 3), ...on("2026-03-10", 3)])).toEqual({ day: "2026-03-10", count: 3 });
  });

  it("calls 80% of 5 tasks a strong week, and under 60% recommends a lighter plan", () => {
    const week = (doneCount: number, total: number) =>
      Array.from({ length: total }, (_, i) =>
        t({ status: i < doneCount ? "done" : "todo", date: `2026-03-${String(9 + (i % 7)).padStart(2, "0")}` }),
      );
    expect(weeklyInsights(week(4, 5)).map((i) => i.title)).toContain("Strong week");
    expect(weeklyInsights(week(3, 4)).map((i) => i.title)).not.toContain("Strong week"); // under 5 tasks
    expect(weeklyInsights(week(3, 5)).map((i) => i.type)).not.toContain("recommendation"); // 60%
    expect(weeklyInsights(week(2, 5))).toContainEqual(expect.objectContaining({ type: "recommendation", title: "Plan a lighter week" }));
  });

  it("warns from 3 tasks carried over or stalled", () => {
    const carried = [t({ rolloverCount: 1 }), t({ status: "stalled" })];
    expect(weeklyInsights(carried).some((i) => i.type === "warning")).toBe(false);
    expect(weeklyInsights([...carried, t({ rolloverCount: 2 })])).toContainEqual(expect.objectContaining({ type: "warning" }));
  });

  it("writes a template text with the figures, or says the week was empty", () => {
    const tasks = [t({ status: "done", goalId: "a" }), t()];
    const figures = weekFigures(tasks);
    expect(weeklySummaryTemplate("2026-03-09", figures, weeklyInsights(tasks))).toBe(
      "In the week of Mar 9 to Mar 15 you completed 1 of 2 planned tasks (50%). One goal moved forward.",
    );
    expect(weeklySummaryTemplate("2026-03-09", weekFigures([]), [])).toMatch(/^No tasks were planned for the week of Mar 9 to Mar 15\./);
    expect(weeklySummaryTemplate("2026-12-28", weekFigures([]), [])).toMatch(/^No tasks were planned for the week of Dec 28 to Jan 3\./);
  });

  it("colours completion at 80, 60 and 40%", () => {
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(weeklyCompletionBand)).toEqual([
      "excellent",
      "excellent",
      "good",
      "good",
      "fair",
      "fair",
      "low",
      "low",
    ]);
  });
});
