import { describe, expect, it } from "vitest";
import { makeGoal } from "../../goals/test/goal-fixtures.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { collectNotificationCandidates, type EngineSnapshot } from "./collect-notifications.ts";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "./notification-preferences.ts";

const now = Date.parse("2026-11-24T12:00:00.000Z");
const today = "2026-11-24";

function snapshot(overrides: Partial<EngineSnapshot> = {}): EngineSnapshot {
  return {
    preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, procrastinationAlerts: true, dailyInsights: true },
    now,
    today,
    timeZone: "Europe/Paris",
    stalledTasks: [makeTask({ id: "stalled", status: "stalled", date: today })],
    todayTasks: [makeTask({ id: "late", status: "todo", date: today, scheduledStartTime: "09:00" })],
    knownTasks: [
      makeTask({
        id: "done",
        status: "done",
        date: today,
        completedAt: new Date(now - 2_000).toISOString(),
        updatedAt: "2026-11-24T11:59:58.000Z",
      }),
      makeTask({ id: "done", status: "inprogress", date: today, updatedAt: "2026-11-24T11:00:00.000Z" }),
      makeTask({ id: "old", status: "done", date: today, completedAt: new Date(now - 60_000).toISOString() }),
    ],
    goals: [makeGoal({ id: "g1", targetDate: "2026-11-26", totalTasksCount: 2, completedTasksCount: 0 })],
    insights: { date: today, insights: [{ type: "warning", title: "Stalled", description: "", priority: "high" }] },
    ...overrides,
  };
}

const keys = (input: EngineSnapshot) => collectNotificationCandidates(input).map((candidate) => candidate.notification.key);

describe("collectNotificationCandidates", () => {
  it("proposes each kind's events (the newest copy of a task counts)", () => {
    expect(keys(snapshot())).toEqual([
      "stall:stalled",
      "completed:done",
      "procrastination:late",
      "goal-deadline:g1",
      expect.stringMatching(/^insight:2026-11-24:/),
    ]);
  });

  it("respects each preference", () => {
    const off = {
      stalledTasks: false,
      completionCelebrations: false,
      procrastinationAlerts: false,
      goalDeadlines: false,
      dailyInsights: false,
      browserNotifications: true,
    };
    expect(keys(snapshot({ preferences: off }))).toEqual([]);
    expect(keys(snapshot({ preferences: { ...off, goalDeadlines: true } }))).toEqual(["goal-deadline:g1"]);
  });

  it("waits for a task change in flight before celebrating", () => {
    expect(keys(snapshot({ knownTasks: null }))).not.toContain("completed:done");
  });

  it("stores the completion time as a celebration's marker, and the time shown otherwise", () => {
    const [stall, completion] = collectNotificationCandidates(snapshot());
    expect(stall?.markerValue).toBe(now);
    expect(completion?.markerValue).toBe(now - 2_000);
    expect(stall?.shouldNotify(now - 30 * 60_000)).toBe(false);
    expect(completion?.shouldNotify(now - 2_000)).toBe(false);
  });
});
