import { describe, expect, it } from "vitest";
import { type LifecycleFields, statusChangeStamps } from "./task-lifecycle.ts";
import { TASK_STATUSES } from "./task-status.ts";

const T0 = new Date("2026-05-04T09:00:00.000Z");
const plus = (minutes: number, ms = 0) => new Date(T0.getTime() + minutes * 60_000 + ms);

const fresh: LifecycleFields = {
  status: "todo",
  startedAt: null,
  firstStartedAt: null,
  currentSessionStartedAt: null,
  workSessionCount: 0,
  trackedMinutes: 0,
  completedAt: null,
};

const apply = (task: LifecycleFields, next: LifecycleFields["status"], now: Date): LifecycleFields => ({
  ...task,
  ...statusChangeStamps(task, next, now),
});

describe("statusChangeStamps", () => {
  it("changes nothing when the status is the same", () => {
    for (const status of TASK_STATUSES) {
      expect(statusChangeStamps({ ...fresh, status, currentSessionStartedAt: T0.toISOString() }, status, plus(30))).toEqual({});
    }
  });

  it("todo -> inprogress starts the first session and sets both start stamps", () => {
    expect(statusChangeStamps(fresh, "inprogress", T0)).toEqual({
      status: "inprogress",
      startedAt: T0.toISOString(),
      firstStartedAt: T0.toISOString(),
      currentSessionStartedAt: T0.toISOString(),
      workSessionCount: 1,
    });
  });

  it("inprogress -> done ends the session, tracks its whole minutes and sets completedAt", () => {
    const started = apply(fresh, "inprogress", T0);
    expect(statusChangeStamps(started, "done", plus(25, 59_999))).toEqual({
      status: "done",
      trackedMinutes: 25,
      currentSessionStartedAt: null,
      completedAt: plus(25, 59_999).toISOString(),
    });
  });

  it("done -> todo clears completedAt and keeps the start stamps and tracked time", () => {
    const done = apply(apply(fresh, "inprogress", T0), "done", plus(25));
    expect(statusChangeStamps(done, "todo", plus(30))).toEqual({ status: "todo", completedAt: null });
  });

  it("todo -> done directly tracks nothing and starts nothing", () => {
    expect(statusChangeStamps(fresh, "done", T0)).toEqual({ status: "done", completedAt: T0.toISOString() });
  });

  it("done -> inprogress clears completedAt and starts a new session", () => {
    const done = apply(apply(fresh, "inprogress", T0), "done", plus(10));
    expect(statusChangeStamps(done, "inprogress", plus(60))).toEqual({
      status: "inprogress",
      currentSessionStartedAt: plus(60).toISOString(),
      workSessionCount: 2,
      completedAt: null,
    });
  });

  it("inprogress -> stalled -> inprogress: the second session keeps the first start stamps", () => {
    const first = apply(fresh, "inprogress", T0);
    const stalled = apply(first, "stalled", plus(46));
    expect(stalled).toMatchObject({ status: "stalled", trackedMinutes: 46, currentSessionStartedAt: null, workSessionCount: 1 });
    const resumed = apply(stalled, "inprogress", plus(100));
    expect(resumed).toEqual({
      status: "inprogress",
      startedAt: T0.toISOString(),
      firstStartedAt: T0.toISOString(),
      currentSessionStartedAt: plus(100).toISOString(),
      workSessionCount: 2,
      trackedMinutes: 46,
      completedAt: null,
    });
    const finished = apply(resumed, "done", plus(120));
    expect(finished).toMatchObject({ trackedMinutes: 66, completedAt: plus(120).toISOString(), currentSessionStartedAt: null });
  });

  it("inprogress -> todo tracks the session too", () => {
    const started = apply(fresh, "inprogress", T0);
    expect(statusChangeStamps(started, "todo", plus(3))).toEqual({ status: "todo", trackedMinutes: 3, currentSessionStartedAt: null });
  });

  it("stalled -> done sets completedAt without tracking (no session runs)", () => {
    const stalled: LifecycleFields = {
      ...fresh,
      status: "stalled",
      startedAt: T0.toISOString(),
      firstStartedAt: T0.toISOString(),
      workSessionCount: 1,
      trackedMinutes: 50,
    };
    expect(statusChangeStamps(stalled, "done", plus(200))).toEqual({ status: "done", completedAt: plus(200).toISOString() });
  });

  it("a session under a minute adds 0 minutes, and a clock behind the start never subtracts", () => {
    const started = apply(fresh, "inprogress", T0);
    expect(statusChangeStamps(started, "todo", plus(0, 59_999)).trackedMinutes).toBe(0);
    expect(statusChangeStamps(started, "todo", plus(-10)).trackedMinutes).toBe(0);
  });
});
