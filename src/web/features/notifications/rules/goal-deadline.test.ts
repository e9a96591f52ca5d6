import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../../shared/rules/dates.ts";
import { makeGoal } from "../../goals/test/goal-fixtures.ts";
import { GOAL_DEADLINE_NOTICE_DAYS, goalDeadlineNotification, shouldNotifyGoalDeadline } from "./goal-deadline.ts";

const timeZone = "Europe/Paris";
const today = "2026-11-24";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-24T09:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

const context = { today, timeZone };
const due = (days: number) => makeGoal({ targetDate: addDays(today, days), totalTasksCount: 3, completedTasksCount: 1 });

describe("shouldNotifyGoalDeadline", () => {
  it("notifies from N days before the target date to N days after it", () => {
    expect(GOAL_DEADLINE_NOTICE_DAYS).toBe(3);
    expect(shouldNotifyGoalDeadline(due(-GOAL_DEADLINE_NOTICE_DAYS - 1), null, context)).toBe(false);
    for (let days = -GOAL_DEADLINE_NOTICE_DAYS; days <= GOAL_DEADLINE_NOTICE_DAYS; days += 1) {
      expect(shouldNotifyGoalDeadline(due(days), null, context)).toBe(true);
    }
    expect(shouldNotifyGoalDeadline(due(GOAL_DEADLINE_NOTICE_DAYS + 1), null, context)).toBe(false);
  });

  it("is for active goals with unfinished tasks and a target date", () => {
    expect(shouldNotifyGoalDeadline({ ...due(1), status: "paused" }, null, context)).toBe(false);
    expect(shouldNotifyGoalDeadline({ ...due(1), status: "completed" }, null, context)).toBe(false);
    expect(shouldNotifyGoalDeadline({ ...due(1), completedTasksCount: 3 }, null, context)).toBe(false);
    expect(shouldNotifyGoalDeadline({ ...due(1), totalTasksCount: 0, completedTasksCount: 0 }, null, context)).toBe(false);
    expect(shouldNotifyGoalDeadline({ ...due(1), targetDate: null }, null, context)).toBe(false);
    expect(shouldNotifyGoalDeadline({ ...due(-1), status: "paused" }, null, context)).toBe(false);
    expect(shouldNotifyGoalDeadline({ ...due(-1), status: "completed" }, null, context)).toBe(false);
  });

  it("notifies once a day per goal, days counted in the user's zone", () => {
    expect(shouldNotifyGoalDeadline(due(2), Date.now(), context)).toBe(false);
    vi.advanceTimersByTime(14 * 60 * 60_000); // 00:00 in Paris on the 25th
    expect(shouldNotifyGoalDeadline(due(2), Date.parse("2026-11-24T09:00:00.000Z"), { today: "2026-11-25", timeZone })).toBe(true);
    // 23:59 in Paris on the 23rd, seen on the 24th: a new day.
    expect(shouldNotifyGoalDeadline(due(2), Date.parse("2026-11-23T22:59:00.000Z"), context)).toBe(true);
  });

  it("says when the goal is due and how many tasks are left", () => {
    expect(goalDeadlineNotification({ ...due(0), id: "g1", title: "Ship" }, today)).toMatchObject({
      title: "Goal Due Today",
      body: '"\u2068Ship\u2069" is due today, with 2 tasks still to do.',
      path: "/goals#goal-g1",
    });
    expect(goalDeadlineNotification({ ...due(1), title: "Ship", completedTasksCount: 2 }, today).body).toBe(
      '"\u2068Ship\u2069" is due tomorrow, with 1 task still to do.',
    );
    expect(goalDeadlineNotification({ ...due(3), title: "Ship" }, today)).toMatchObject({
      title: "Goal Due Soon",
      body: '"\u2068Ship\u2069" is due in 3 days, with 2 tasks still to do.',
    });
  });

  it("tells a passed target as overdue, never as due in a negative number of days", () => {
    expect(goalDeadlineNotification({ ...due(-1), title: "Ship" }, today)).toMatchObject({
      title: "Goal Overdue",
      body: '"\u2068Ship\u2069" is overdue: it was due yesterday, with 2 tasks still to do.',
    });
    expect(goalDeadlineNotification({ ...due(-3), title: "Ship" }, today)).toMatchObject({
      title: "Goal Overdue",
      body: '"\u2068Ship\u2069" is overdue: it was due 3 days ago, with 2 tasks still to do.',
    });
  });
});
