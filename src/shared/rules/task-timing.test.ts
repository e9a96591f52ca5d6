import { describe, expect, it } from "vitest";
import {
  DEFAULT_ESTIMATE_MINUTES,
  effectiveEstimateMinutes,
  getOvertime,
  isPastStallThreshold,
  sessionElapsedMs,
  sessionWholeMinutes,
  STALL_FACTOR,
  stallDeadline,
  type TaskSession,
} from "./task-timing.ts";

const START = "2026-05-04T09:00:00.000Z";
const at = (minutes: number, extraMs = 0) => new Date(Date.parse(START) + minutes * 60_000 + extraMs);
const inProgress = (estimatedDuration: number | null): TaskSession => ({
  status: "inprogress",
  estimatedDuration,
  currentSessionStartedAt: START,
});

describe("constants", () => {
  it("match the spec", () => {
    expect(DEFAULT_ESTIMATE_MINUTES).toBe(30);
    expect(STALL_FACTOR).toBe(1.5);
  });

  it("fall back to 30 minutes only when there is no usable estimate", () => {
    expect(effectiveEstimateMinutes(null)).toBe(30);
    expect(effectiveEstimateMinutes(undefined)).toBe(30);
    expect(effectiveEstimateMinutes(0)).toBe(30);
    expect(effectiveEstimateMinutes(5)).toBe(5);
    expect(effectiveEstimateMinutes(480)).toBe(480);
  });
});

describe("session length", () => {
  it("counts whole minutes, rounding down", () => {
    const task = inProgress(60);
    expect(sessionWholeMinutes(task, at(0))).toBe(0);
    expect(sessionWholeMinutes(task, at(0, 59_999))).toBe(0);
    expect(sessionWholeMinutes(task, at(1))).toBe(1);
    expect(sessionWholeMinutes(task, at(90, 59_999))).toBe(90);
  });

  it("is 0 with no session, a bad instant or a clock behind the start", () => {
    expect(sessionElapsedMs({ currentSessionStartedAt: null }, at(10))).toBe(0);
    expect(sessionElapsedMs({ currentSessionStartedAt: "garbage" }, at(10))).toBe(0);
    expect(sessionWholeMinutes(inProgress(60), at(-5))).toBe(0);
  });
});

describe("getOvertime", () => {
  it("is not overtime up to exactly the estimate", () => {
    expect(getOvertime(inProgress(60), at(59))).toBeNull();
    expect(getOvertime(inProgress(60), at(60))).toBeNull();
  });

  it("is a warning just past the estimate", () => {
    expect(getOvertime(inProgress(60), at(60, 1))).toEqual({
      severity: "warning",
      overrunMinutes: 0,
      estimateMinutes: 60,
      elapsedMinutes: 60,
    });
    expect(getOvertime(inProgress(60), at(61))?.overrunMinutes).toBe(1);
  });

  it("stays a warning at exactly a 50% overrun and is critical just past it", () => {
    expect(getOvertime(inProgress(60), at(90))?.severity).toBe("warning");
    expect(getOvertime(inProgress(60), at(90, 1))?.severity).toBe("critical");
    expect(getOvertime(inProgress(60), at(200))).toMatchObject({ severity: "critical", overrunMinutes: 140 });
  });

  it("uses 30 minutes without an estimate: warning past 30, critical past 45", () => {
    expect(getOvertime(inProgress(null), at(30))).toBeNull();
    expect(getOvertime(inProgress(null), at(30, 1))?.severity).toBe("warning");
    expect(getOvertime(inProgress(null), at(45))?.severity).toBe("warning");
    expect(getOvertime(inProgress(null), at(45, 1))).toMatchObject({ severity: "critical", estimateMinutes: 30 });
  });

  it("works at the smallest estimate (5 minutes: critical past 7.5)", () => {
    expect(getOvertime(inProgress(5), at(7, 30_000))?.severity).toBe("warning");
    expect(getOvertime(inProgress(5), at(7, 30_001))?.severity).toBe("critical");
  });

  it("applies only to in-progress tasks with a running session", () => {
    for (const status of ["todo", "done", "stalled"] as const) {
      expect(getOvertime({ ...inProgress(60), status }, at(500))).toBeNull();
    }
    expect(getOvertime({ ...inProgress(60), currentSessionStartedAt: null }, at(500))).toBeNull();
  });
});

describe("stalled rule (150% of the estimate)", () => {
  it("is not stalled at exactly 150% and is stalled just past it", () => {
    expect(isPastStallThreshold(inProgress(60), at(90))).toBe(false);
    expect(isPastStallThreshold(inProgress(60), at(90, 1))).toBe(true);
  });

  it("uses 30 minutes without an estimate: 45 minutes", () => {
    expect(isPastStallThreshold(inProgress(null), at(45))).toBe(false);
    expect(isPastStallThreshold(inProgress(null), at(45, 1))).toBe(true);
  });

  it("at the largest estimate (480 minutes: 720)", () => {
    expect(isPastStallThreshold(inProgress(480), at(720))).toBe(false);
    expect(isPastStallThreshold(inProgress(480), at(720, 1))).toBe(true);
  });

  it("gives the deadline instant", () => {
    expect(stallDeadline(inProgress(60))?.toISOString()).toBe("2026-05-04T10:30:00.000Z");
    expect(stallDeadline(inProgress(null))?.toISOString()).toBe("2026-05-04T09:45:00.000Z");
  });

  it("never stalls a task that is not in progress", () => {
    for (const status of ["todo", "done", "stalled"] as const) {
      expect(isPastStallThreshold({ ...inProgress(5), status }, at(1000))).toBe(false);
      expect(stallDeadline({ ...inProgress(5), status })).toBeNull();
    }
    expect(isPastStallThreshold({ ...inProgress(5), currentSessionStartedAt: null }, at(1000))).toBe(false);
  });
});
