import { describe, expect, it } from "vitest";
import { ROLLOVER_DEFAULTS } from "../api/rollover.ts";
import {
  LARGE_TASK_MINUTES,
  planDayRollover,
  recommendRolloverAction,
  type RolloverRuleSettings,
  type RolloverTaskState,
  rolloverChanges,
  tasksLeftToRollOver,
  wrapUpFigures,
} from "./rollover.ts";
import type { TaskStatus } from "./task-status.ts";

const D = "2026-05-04";
const NEXT = "2026-05-05";
const NOW = new Date("2026-05-04T22:00:00.000Z");
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const all: RolloverRuleSettings = {
  rolloverTodoTasks: true,
  stallInProgressTasks: true,
  deferLargeTasks: true,
  maxRolloverDays: 7,
};
const none: RolloverRuleSettings = { rolloverTodoTasks: false, stallInProgressTasks: false, deferLargeTasks: false, maxRolloverDays: 7 };

function task(overrides: Partial<RolloverTaskState> = {}): RolloverTaskState {
  return {
    id: "t1",
    date: D,
    status: "todo",
    estimatedDuration: 60,
    rolloverCount: 0,
    firstPlannedDate: D,
    startedAt: null,
    firstStartedAt: null,
    currentSessionStartedAt: null,
    workSessionCount: 0,
    trackedMinutes: 0,
    completedAt: null,
    ...overrides,
  };
}

describe("recommendRolloverAction", () => {
  it("uses the spec's defaults as the settings it is given", () => {
    expect(recommendRolloverAction(task(), ROLLOVER_DEFAULTS)).toBe("rollover");
  });

  it("defers a task over 120 minutes only when deferLargeTasks is on: 120 is not large, 121 is", () => {
    expect(LARGE_TASK_MINUTES).toBe(120);
    for (const status of ["todo", "inprogress", "stalled"] as const) {
      expect(recommendRolloverAction(task({ status, estimatedDuration: 120 }), all)).not.toBe("defer");
      expect(recommendRolloverAction(task({ status, estimatedDuration: 121 }), all)).toBe("defer");
      expect(recommendRolloverAction(task({ status, estimatedDuration: 121 }), { ...all, deferLargeTasks: false })).not.toBe("defer");
    }
  });

  it("does not take a task without an estimate for a large one", () => {
    expect(recommendRolloverAction(task({ estimatedDuration: null }), all)).toBe("rollover");
  });

  it("defers a task that already rolled over maxRolloverDays times, whatever the switches", () => {
    for (const settings of [all, none]) {
      for (const status of ["todo", "inprogress", "stalled"] as const) {
        expect(recommendRolloverAction(task({ status, rolloverCount: 6 }), { ...settings, maxRolloverDays: 7 })).not.toBe("defer");
        expect(recommendRolloverAction(task({ status, rolloverCount: 7 }), { ...settings, maxRolloverDays: 7 })).toBe("defer");
        expect(recommendRolloverAction(task({ status, rolloverCount: 8 }), { ...settings, maxRolloverDays: 7 })).toBe("defer");
      }
    }
    expect(recommendRolloverAction(task({ rolloverCount: 0 }), { ...all, maxRolloverDays: 1 })).toBe("rollover");
    expect(recommendRolloverAction(task({ rolloverCount: 1 }), { ...all, maxRolloverDays: 1 })).toBe("defer");
  });

  it("stalls an inprogress or stalled task when stallInProgressTasks is on, whatever rolloverTodoTasks says", () => {
    for (const status of ["inprogress", "stalled"] as const) {
      expect(recommendRolloverAction(task({ status }), all)).toBe("stall");
      expect(recommendRolloverAction(task({ status }), { ...all, rolloverTodoTasks: false })).toBe("stall");
    }
  });

  it("rolls an inprogress or stalled task over when stalling is off, whatever rolloverTodoTasks says", () => {
    for (const status of ["inprogress", "stalled"] as const) {
      expect(recommendRolloverAction(task({ status }), { ...all, stallInProgressTasks: false })).toBe("rollover");
      expect(recommendRolloverAction(task({ status }), none)).toBe("rollover");
    }
  });

  it("rolls a todo task over only when rolloverTodoTasks is on, else leaves it for review", () => {
    expect(recommendRolloverAction(task({ status: "todo" }), all)).toBe("rollover");
    expect(recommendRolloverAction(task({ status: "todo" }), { ...all, rolloverTodoTasks: false })).toBe("review");
    expect(recommendRolloverAction(task({ status: "todo" }), { ...none, rolloverTodoTasks: true })).toBe("rollover");
    expect(recommendRolloverAction(task({ status: "todo" }), none)).toBe("review");
  });

  it("ranks defer first: a large in-progress task is deferred, not stalled", () => {
    expect(recommendRolloverAction(task({ status: "inprogress", estimatedDuration: 240 }), all)).toBe("defer");
  });
});

describe("rolloverChanges", () => {
  it("rollover: moves a todo task to the next day, counting the move and where it came from", () => {
    expect(rolloverChanges(task({ rolloverCount: 2 }), "rollover", D, NOW)).toEqual({
      date: NEXT,
      rolloverCount: 3,
      rolledOverFromDate: D,
      updatedAt: NOW.toISOString(),
    });
  });

  it("rollover: an inprogress task becomes todo, its session's minutes tracked and its session closed", () => {
    const running = task({
      status: "inprogress",
      estimatedDuration: 60,
      startedAt: minutesBefore(50),
      firstStartedAt: minutesBefore(50),
      currentSessionStartedAt: minutesBefore(50),
      workSessionCount: 1,
      trackedMinutes: 10,
    });
    expect(rolloverChanges(running, "rollover", D, NOW)).toEqual({
      status: "todo",
      trackedMinutes: 60,
      currentSessionStartedAt: null,
      date: NEXT,
      rolloverCount: 1,
      rolledOverFromDate: D,
      updatedAt: NOW.toISOString(),
    });
  });

  it("rollover: a stalled task keeps its status (stalling is off) and has no session to close", () => {
    expect(rolloverChanges(task({ status: "stalled", trackedMinutes: 45 }), "rollover", D, NOW)).toEqual({
      date: NEXT,
      rolloverCount: 1,
      rolledOverFromDate: D,
      updatedAt: NOW.toISOString(),
    });
  });

  it("stall: an inprogress task becomes stalled on the next day with no open session", () => {
    const running = task({ status: "inprogress", estimatedDuration: 60, currentSessionStartedAt: minutesBefore(20), workSessionCount: 1 });
    const changes = rolloverChanges(running, "stall", D, NOW);
    expect(changes).toEqual({
      status: "stalled",
      trackedMinutes: 20,
      currentSessionStartedAt: null,
      date: NEXT,
      rolloverCount: 1,
      rolledOverFromDate: D,
      updatedAt: NOW.toISOString(),
    });
  });

  it("stall: a session already past 150% of its estimate is tracked up to that threshold only", () => {
    const overnight = task({
      status: "inprogress",
      estimatedDuration: 60,
      currentSessionStartedAt: minutesBefore(600),
      workSessionCount: 1,
    });
    expect(rolloverChanges(overnight, "stall", D, NOW)).toMatchObject({
      status: "stalled",
      trackedMinutes: 90,
      currentSessionStartedAt: null,
    });
    const noEstimate = task({
      status: "inprogress",
      estimatedDuration: null,
      currentSessionStartedAt: minutesBefore(600),
      workSessionCount: 1,
    });
    expect(rolloverChanges(noEstimate, "rollover", D, NOW)).toMatchObject({ status: "todo", trackedMinutes: 45 });
  });

  it("stall: an already stalled task just moves", () => {
    expect(rolloverChanges(task({ status: "stalled" }), "stall", D, NOW)).toEqual({
      date: NEXT,
      rolloverCount: 1,
      rolledOverFromDate: D,
      updatedAt: NOW.toISOString(),
    });
  });

  it("defer: clears the date, keeps rolloverCount, clears rolledOverFromDate; an inprogress task becomes todo", () => {
    expect(rolloverChanges(task({ rolloverCount: 7 }), "defer", D, NOW)).toEqual({
      date: null,
      rolledOverFromDate: null,
      updatedAt: NOW.toISOString(),
    });
    const running = task({ status: "inprogress", currentSessionStartedAt: minutesBefore(5), workSessionCount: 1 });
    expect(rolloverChanges(running, "defer", D, NOW)).toEqual({
      status: "todo",
      trackedMinutes: 5,
      currentSessionStartedAt: null,
      date: null,
      rolledOverFromDate: null,
      updatedAt: NOW.toISOString(),
    });
    expect(rolloverChanges(task({ status: "stalled" }), "defer", D, NOW)).not.toHaveProperty("status");
  });

  it("keeps firstPlannedDate, and sets it to the day when the task had none", () => {
    expect(rolloverChanges(task({ firstPlannedDate: "2026-04-30" }), "rollover", D, NOW)).not.toHaveProperty("firstPlannedDate");
    for (const action of ["rollover", "stall", "defer"] as const) {
      expect(rolloverChanges(task({ firstPlannedDate: null }), action, D, NOW).firstPlannedDate).toBe(D);
    }
  });

  it("review: changes nothing", () => {
    expect(rolloverChanges(task({ status: "inprogress", currentSessionStartedAt: minutesBefore(5) }), "review", D, NOW)).toEqual({});
  });

  it("moves to the next calendar day across a month and a year", () => {
    expect(rolloverChanges(task({ date: "2026-12-31" }), "rollover", "2026-12-31", NOW).date).toBe("2027-01-01");
    expect(rolloverChanges(task({ date: "2028-02-28" }), "rollover", "2028-02-28", NOW).date).toBe("2028-02-29");
  });
});

describe("planDayRollover", () => {
  it("keeps for review what would move past 9999-12-31, the last day the API accepts", () => {
    const tasks = [task({ id: "todo", status: "todo" }), task({ id: "running", status: "inprogress" })];
    const plan = planDayRollover(tasks, all, "9999-12-31", NOW);
    expect(plan.map((entry) => entry.action)).toEqual(["review", "review"]);
    expect(plan.every((entry) => entry.changes.date === undefined)).toBe(true);
  });

  it("leaves done tasks out and gives each other task its action and changes", () => {
    const statuses: TaskStatus[] = ["todo", "inprogress", "done", "stalled"];
    const tasks = statuses.map((status, index) => task({ id: `t${index}`, status }));
    const plan = planDayRollover(tasks, all, D, NOW);
    expect(plan.map((entry) => [entry.task.id, entry.action])).toEqual([
      ["t0", "rollover"],
      ["t1", "stall"],
      ["t3", "stall"],
    ]);
    expect(plan.every((entry) => entry.changes.date === NEXT)).toBe(true);
  });
});

describe("wrapUpFigures", () => {
  it("plans 30 minutes for a task without an estimate and counts tracked time of completed tasks only", () => {
    const figures = wrapUpFigures([
      { status: "done", estimatedDuration: 45, trackedMinutes: 50, completedAt: NOW.toISOString() },
      { status: "done", estimatedDuration: null, trackedMinutes: 0, completedAt: NOW.toISOString() },
      { status: "inprogress", estimatedDuration: null, trackedMinutes: 25, completedAt: null },
      { status: "todo", estimatedDuration: 120, trackedMinutes: 0, completedAt: null },
    ]);
    expect(figures).toEqual({ completedCount: 2, totalCount: 4, plannedMinutes: 45 + 30 + 30 + 120, actualMinutes: 50 });
  });

  it("is all zeros for an empty day", () => {
    expect(wrapUpFigures([])).toEqual({ completedCount: 0, totalCount: 0, plannedMinutes: 0, actualMinutes: 0 });
  });
});

describe("tasksLeftToRollOver", () => {
  it("is the closed day's unfinished tasks its close did not keep for review", () => {
    const tasks = [
      { id: "added", status: "todo" as const },
      { id: "kept", status: "todo" as const },
      { id: "done", status: "done" as const },
      { id: "stalled", status: "stalled" as const },
    ];
    const summary = { taskIds: { rollover: [], stall: [], defer: [], review: ["kept"] } };
    expect(tasksLeftToRollOver(tasks, summary).map((task) => task.id)).toEqual(["added", "stalled"]);
  });
});
