import { describe, expect, it } from "vitest";
import {
  completionStreakRule,
  completionTimePatternRule,
  computeDailyInsights,
  DAILY_INSIGHT_RULES,
  type DailyInsightInput,
  closedDayRule,
  dayClearedRule,
  dayPeriodOf,
  goalCompletedRule,
  historyStart,
  type InsightGoal,
  type InsightTask,
  largeUnscheduledTaskRule,
  overdueTasksRule,
  overloadedDayRule,
  repeatedRolloverRule,
  severeStartDelaysRule,
  sortInsightsByPriority,
  stalledTasksRule,
} from "./daily-insights.ts";
import { addDays } from "./dates.ts";

const DAY = "2026-03-10";
let nextId = 0;

function task(overrides: Partial<InsightTask> = {}): InsightTask {
  return {
    id: `t${++nextId}`,
    title: "Task",
    status: "todo",
    date: DAY,
    goalId: null,
    estimatedDuration: 30,
    scheduledStartTime: null,
    firstStartedAt: null,
    completedAt: null,
    rolloverCount: 0,
    ...overrides,
  };
}

const done = (date: string, overrides: Partial<InsightTask> = {}) =>
  task({ status: "done", date, completedAt: `${date}T10:00:00.000Z`, ...overrides });

function input(tasks: InsightTask[], goals: InsightGoal[] = [], timeZone = "UTC"): DailyInsightInput {
  return { day: DAY, timeZone, tasks, goals };
}

describe("completion streak (celebration)", () => {
  const streak = (days: number, endOffset = 0) => Array.from({ length: days }, (_, i) => done(addDays(DAY, endOffset - i)));

  it("needs 3 days in a row: 2 give nothing, 3 a medium, 7 a high celebration", () => {
    expect(completionStreakRule(input(streak(2)))).toBeNull();
    expect(completionStreakRule(input(streak(3)))).toMatchObject({
      type: "celebration",
      priority: "medium",
      title: "3-day completion streak",
    });
    expect(completionStreakRule(input(streak(6)))?.priority).toBe("medium");
    expect(completionStreakRule(input(streak(7)))).toMatchObject({ priority: "high", title: "7-day completion streak" });
  });

  it("counts up to yesterday while today has nothing done yet, and a gap ends it", () => {
    expect(completionStreakRule(input(streak(3, -1)))?.title).toBe("3-day completion streak");
    const broken = [done(DAY), done(addDays(DAY, -1)), done(addDays(DAY, -3)), done(addDays(DAY, -4))];
    expect(completionStreakRule(input(broken))).toBeNull();
  });

  it("does not count days whose tasks are not done", () => {
    expect(completionStreakRule(input([done(DAY), task({ date: addDays(DAY, -1) }), done(addDays(DAY, -2))]))).toBeNull();
  });
});

describe("goal completed (celebration)", () => {
  const goal = (overrides: Partial<InsightGoal> = {}): InsightGoal => ({
    id: "g1",
    title: "Run a marathon",
    status: "active",
    completedTasksCount: 4,
    totalTasksCount: 4,
    ...overrides,
  });

  it("celebrates a goal with every task done when one was completed on the day", () => {
    expect(goalCompletedRule(input([done(DAY, { goalId: "g1" })], [goal()]))).toMatchObject({
      type: "celebration",
      priority: "high",
      title: "Goal completed: Run a marathon",
    });
  });

  it("says nothing while a task remains, or when the last one was done on another day", () => {
    expect(goalCompletedRule(input([done(DAY, { goalId: "g1" })], [goal({ completedTasksCount: 3 })]))).toBeNull();
    expect(goalCompletedRule(input([done(addDays(DAY, -1), { goalId: "g1" })], [goal()]))).toBeNull();
  });

  it("reads the completion day in the user's zone", () => {
    // 02:00 UTC on the 11th is still the 10th in New York.
    const late = done(DAY, { goalId: "g1", completedAt: "2026-03-11T02:00:00.000Z" });
    expect(goalCompletedRule(input([late], [goal()], "America/New_York"))).not.toBeNull();
    expect(goalCompletedRule(input([late], [goal()], "UTC"))).toBeNull();
  });
});

describe("day cleared (celebration)", () => {
  it("needs at least 3 tasks, all done", () => {
    expect(dayClearedRule(input([done(DAY), done(DAY)]))).toBeNull();
    expect(dayClearedRule(input([done(DAY), done(DAY), done(DAY)]))).toMatchObject({ type: "celebration", title: "All 3 tasks done" });
    expect(dayClearedRule(input([done(DAY), done(DAY), done(DAY), task()]))).toBeNull();
  });
});

describe("closed day (issue 56)", () => {
  it("counts the tasks its close moved on: 4 of 10 done is not a cleared day", () => {
    const closed = { ...input([done(DAY), done(DAY), done(DAY), done(DAY)]), movedOn: 6 };
    expect(dayClearedRule(closed)).toBeNull();
    expect(closedDayRule(closed)).toMatchObject({ title: "4/10 completed, 6 rolled over" });
    expect(closedDayRule(input([done(DAY), done(DAY), done(DAY)]))).toBeNull();
  });
});

describe("stalled tasks (warning)", () => {
  it("warns from 1 stalled task (medium), high from 2", () => {
    expect(stalledTasksRule(input([task()]))).toBeNull();
    expect(stalledTasksRule(input([task({ status: "stalled", title: "Report" })]))).toMatchObject({
      type: "warning",
      priority: "medium",
      title: "A task has stalled",
    });
    expect(stalledTasksRule(input([task({ status: "stalled" }), task({ status: "stalled" })]))).toMatchObject({
      priority: "high",
      title: "2 tasks have stalled",
    });
  });

  it("only counts the day's tasks", () => {
    expect(stalledTasksRule(input([task({ status: "stalled", date: addDays(DAY, -1) })]))).toBeNull();
  });
});

describe("overloaded day (warning, the capacity rule)", () => {
  it("is quiet at 80% (192 of 240 minutes), medium above 80%, high above 100%", () => {
    expect(overloadedDayRule(input([task({ estimatedDuration: 192 })]))).toBeNull();
    expect(overloadedDayRule(input([task({ estimatedDuration: 193 })]))).toMatchObject({ type: "warning", priority: "medium" });
    expect(overloadedDayRule(input([task({ estimatedDuration: 240 })]))?.priority).toBe("medium");
    expect(overloadedDayRule(input([task({ estimatedDuration: 240 }), task({ estimatedDuration: 5 })]))).toMatchObject({
      priority: "high",
      title: "Day planned at 102% capacity",
    });
  });

  it("counts a task without an estimate as 30 minutes, and says nothing of a finished day", () => {
    expect(overloadedDayRule(input(Array.from({ length: 9 }, () => task({ estimatedDuration: null }))))?.priority).toBe("high");
    expect(overloadedDayRule(input([done(DAY, { estimatedDuration: 480 })]))).toBeNull();
  });
});

describe("severe start delays (warning)", () => {
  const started = (minutesLate: number) =>
    task({
      scheduledStartTime: "09:00",
      firstStartedAt: new Date(Date.UTC(2026, 2, 10, 9, minutesLate)).toISOString(),
      status: "inprogress",
    });

  it("ignores a 240-minute delay, warns from 241 (medium), high from 2 tasks", () => {
    expect(severeStartDelaysRule(input([started(240)]))).toBeNull();
    expect(severeStartDelaysRule(input([started(241)]))).toMatchObject({ type: "warning", priority: "medium" });
    expect(severeStartDelaysRule(input([started(300), started(241)]))).toMatchObject({
      priority: "high",
      title: "2 tasks started hours late",
    });
  });

  it("measures real minutes across a DST change, not the wall clocks' difference", () => {
    // New York falls back on 2026-11-01: 00:30 EDT (04:30Z) to 04:15 EST (09:15Z) is 285 minutes, 225 on the wall.
    const fallBack = task({
      date: "2026-11-01",
      scheduledStartTime: "00:30",
      firstStartedAt: "2026-11-01T09:15:00.000Z",
      status: "inprogress",
    });
    expect(severeStartDelaysRule({ day: "2026-11-01", timeZone: "America/New_York", tasks: [fallBack], goals: [] })).not.toBeNull();
    // It springs forward on 2026-03-08: 01:00 EST (06:00Z) to 05:30 EDT (09:30Z) is 210 minutes, 270 on the wall.
    const spring = task({
      date: "2026-03-08",
      scheduledStartTime: "01:00",
      firstStartedAt: "2026-03-08T09:30:00.000Z",
      status: "inprogress",
    });
    expect(severeStartDelaysRule({ day: "2026-03-08", timeZone: "America/New_York", tasks: [spring], goals: [] })).toBeNull();
  });
});

describe("severe start delays across midnight", () => {
  it("measures a start after midnight against the task's own day: 22:00 started at 03:01 is severe, 23:45 at 00:05 is not", () => {
    const lateNight = task({ scheduledStartTime: "22:00", firstStartedAt: "2026-03-11T03:01:00.000Z", status: "inprogress" });
    expect(severeStartDelaysRule(input([lateNight]))).toMatchObject({ type: "warning" });
    const justAfter = task({ scheduledStartTime: "23:45", firstStartedAt: "2026-03-11T00:05:00.000Z", status: "inprogress" });
    expect(severeStartDelaysRule(input([justAfter]))).toBeNull();
  });
});

describe("overdue tasks (warning)", () => {
  it("counts unfinished tasks of earlier days: medium from 1, high from 5", () => {
    expect(overdueTasksRule(input([done(addDays(DAY, -1)), task()]))).toBeNull();
    expect(overdueTasksRule(input([task({ date: addDays(DAY, -2) })]))).toMatchObject({ priority: "medium", title: "1 overdue task" });
    const five = Array.from({ length: 5 }, (_, i) => task({ date: addDays(DAY, -1 - i), status: i % 2 ? "stalled" : "todo" }));
    expect(overdueTasksRule(input(five))).toMatchObject({ priority: "high", title: "5 overdue tasks" });
    expect(overdueTasksRule(input(five.slice(0, 4)))?.priority).toBe("medium");
  });

  it("leaves unscheduled tasks out", () => {
    expect(overdueTasksRule(input([task({ date: null })]))).toBeNull();
  });
});

describe("large task with no start time (suggestion)", () => {
  it("suggests from 90 minutes, not at 85, not with a start time or when done", () => {
    expect(largeUnscheduledTaskRule(input([task({ estimatedDuration: 85 })]))).toBeNull();
    expect(largeUnscheduledTaskRule(input([task({ estimatedDuration: 90, title: "Write chapter" })]))).toMatchObject({
      type: "suggestion",
      description: expect.stringContaining("'Write chapter' needs about 1.5 hours"),
    });
    expect(largeUnscheduledTaskRule(input([task({ estimatedDuration: 120, scheduledStartTime: "10:00" })]))).toBeNull();
    expect(largeUnscheduledTaskRule(input([done(DAY, { estimatedDuration: 120 })]))).toBeNull();
  });
});

describe("repeated rollover (suggestion)", () => {
  it("suggests breaking down an open task rolled over 3 times or more", () => {
    expect(repeatedRolloverRule(input([task({ rolloverCount: 2 })]))).toBeNull();
    expect(repeatedRolloverRule(input([task({ rolloverCount: 3, title: "Taxes" })]))).toMatchObject({
      type: "suggestion",
      description: expect.stringContaining("'Taxes' has rolled over 3 times"),
    });
    expect(repeatedRolloverRule(input([done(DAY, { rolloverCount: 5 })]))).toBeNull();
  });
});

describe("completion time pattern", () => {
  const at = (hourUtc: number) => done(DAY, { completedAt: `${DAY}T${String(hourUtc).padStart(2, "0")}:30:00.000Z` });

  it("splits the day into periods at 05, 12, 17 and 22 o'clock", () => {
    expect(["04:59", "05:00", "11:59", "12:00", "16:59", "17:00", "21:59", "22:00"].map(dayPeriodOf)).toEqual([
      "night",
      "morning",
      "morning",
      "afternoon",
      "afternoon",
      "evening",
      "evening",
      "night",
    ]);
  });

  it("needs 10 completions with 40% in one period", () => {
    const nine = Array.from({ length: 9 }, () => at(9));
    expect(completionTimePatternRule(input(nine))).toBeNull();
    const ten = [...Array.from({ length: 4 }, () => at(9)), at(13), at(13), at(13), at(18), at(18), at(23)];
    expect(completionTimePatternRule(input(ten))).toMatchObject({
      type: "pattern",
      priority: "low",
      title: "You finish most tasks in the morning",
    });
    const spread = [at(9), at(9), at(9), at(13), at(13), at(13), at(18), at(18), at(18), at(23)];
    expect(completionTimePatternRule(input(spread))).toBeNull();
  });

  it("reads the hour in the user's zone", () => {
    const tasks = Array.from({ length: 10 }, () => at(14)); // 14:30 UTC = 23:30 in Tokyo
    expect(completionTimePatternRule(input(tasks, [], "Asia/Tokyo"))?.title).toBe("You finish most tasks at night");
  });
});

describe("computeDailyInsights", () => {
  it("has at least eight rules", () => {
    expect(DAILY_INSIGHT_RULES.length).toBeGreaterThanOrEqual(8);
  });

  it("gives nothing for an empty record", () => {
    expect(computeDailyInsights(input([]))).toEqual([]);
  });

  it("puts high priority first, keeping the rules' order within a priority", () => {
    const tasks = [
      task({ status: "stalled" }),
      task({ status: "stalled" }),
      task({ estimatedDuration: 200 }),
      task({ date: addDays(DAY, -1) }),
    ];
    const insights = computeDailyInsights(input(tasks));
    expect(insights.map((insight) => [insight.key, insight.priority])).toEqual([
      ["stalled-tasks", "high"],
      ["overloaded-day", "high"],
      ["overdue-tasks", "medium"],
      ["large-task-unscheduled", "medium"],
    ]);
  });

  it("sorts by priority stably", () => {
    const sorted = sortInsightsByPriority([
      { priority: "low" as const, n: 1 },
      { priority: "high" as const, n: 2 },
      { priority: "medium" as const, n: 3 },
      { priority: "high" as const, n: 4 },
    ]);
    expect(sorted.map((entry) => entry.n)).toEqual([2, 4, 3, 1]);
  });

  it("reads 28 days of history ending on the day", () => {
    expect(historyStart(DAY)).toBe("2026-02-11");
  });
});

describe("zonedDayAndHour", () => {
  it("agrees with dayInZone and timeOfDayInZone, across a DST change and in unknown zones", async () => {
    const { dayInZone, timeOfDayInZone } = await import("./dates.ts");
    const { zonedDayAndHour } = await import("./daily-insights.ts");
    const instants = [
      "2026-03-08T06:59:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-12-31T23:44:59.000Z",
      "2026-12-31T23:45:00.000Z",
    ];
    for (const zone of ["America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Kiritimati", "UTC", "Not/AZone"]) {
      for (const instant of instants) {
        const time = timeOfDayInZone(instant, zone);
        expect(zonedDayAndHour(instant, zone)).toEqual({
          day: dayInZone(instant, zone),
          hour: Number(time.slice(0, 2)),
          minute: Number(time.slice(3)),
        });
      }
    }
  });
});
