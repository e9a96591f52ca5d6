import { describe, expect, it } from "vitest";
import {
  classifyStartDelay,
  CRITICAL_OVERTIME_RECOMMENDATION,
  describeStartDelay,
  getStartDelay,
  SEVERE_DELAY_RECOMMENDATION,
  taskRecommendations,
} from "./start-delay.ts";

describe("classifyStartDelay at every boundary", () => {
  it.each([
    [-500, "early"],
    [-16, "early"],
    [-15, "ontime"],
    [-1, "ontime"],
    [0, "ontime"],
    [15, "ontime"],
    [16, "minor"],
    [60, "minor"],
    [61, "moderate"],
    [240, "moderate"],
    [241, "severe"],
    [1440, "severe"],
  ] as const)("%i minutes -> %s", (minutes, expected) => expect(classifyStartDelay(minutes)).toBe(expected));
});

describe("getStartDelay", () => {
  const scheduled = (time: string | null, firstStartedAt: string | null) => ({ scheduledStartTime: time, firstStartedAt });

  it("is null without a scheduled time or a first start", () => {
    expect(getStartDelay(scheduled(null, "2026-05-04T09:00:00Z"), "UTC")).toBeNull();
    expect(getStartDelay(scheduled("09:00", null), "UTC")).toBeNull();
    expect(getStartDelay(scheduled("", "2026-05-04T09:00:00Z"), "UTC")).toBeNull();
  });

  it("counts whole minutes, truncated toward zero, in the user's zone", () => {
    // 09:00 in New York (EDT) is 13:00Z.
    expect(getStartDelay(scheduled("09:00", "2026-05-04T13:00:00Z"), "America/New_York")).toEqual({ minutes: 0, class: "ontime" });
    expect(getStartDelay(scheduled("09:00", "2026-05-04T13:15:59Z"), "America/New_York")).toEqual({ minutes: 15, class: "ontime" });
    expect(getStartDelay(scheduled("09:00", "2026-05-04T13:16:00Z"), "America/New_York")).toEqual({ minutes: 16, class: "minor" });
    expect(getStartDelay(scheduled("09:00", "2026-05-04T12:44:01Z"), "America/New_York")).toEqual({ minutes: -15, class: "ontime" });
    expect(getStartDelay(scheduled("09:00", "2026-05-04T12:44:00Z"), "America/New_York")).toEqual({ minutes: -16, class: "early" });
    expect(getStartDelay(scheduled("09:00", "2026-05-04T14:01:00Z"), "America/New_York")).toEqual({ minutes: 61, class: "moderate" });
    expect(getStartDelay(scheduled("09:00", "2026-05-04T17:01:00Z"), "America/New_York")).toEqual({ minutes: 241, class: "severe" });
  });

  it("measures against the scheduled time on the day of the first start", () => {
    // Same instant, UTC user: 13:00 against 09:00 is 4 hours late.
    expect(getStartDelay(scheduled("09:00", "2026-05-04T13:00:00Z"), "UTC")).toEqual({ minutes: 240, class: "moderate" });
  });

  it("across midnight, measures against the task's own day or the day it rolled over from, when that is nearer", () => {
    const at = (time: string, firstStartedAt: string, days: { date?: string | null; rolledOverFromDate?: string | null }) =>
      getStartDelay({ ...scheduled(time, firstStartedAt), ...days }, "Europe/Paris");
    // 23:45 on Monday (21:45Z in CEST), started at 00:05 on Tuesday (22:05Z): 20 minutes late.
    expect(at("23:45", "2026-05-04T22:05:00Z", { date: "2026-05-04" })).toEqual({ minutes: 20, class: "minor" });
    // Rolled over to Tuesday at midnight, before the start: the day it came from decides.
    expect(at("23:45", "2026-05-04T22:05:00Z", { date: "2026-05-05", rolledOverFromDate: "2026-05-04" })).toEqual({
      minutes: 20,
      class: "minor",
    });
    // 00:10 on Tuesday, started at 23:50 on Monday: 20 minutes early.
    expect(at("00:10", "2026-05-04T21:50:00Z", { date: "2026-05-05" })).toEqual({ minutes: -20, class: "early" });
    // Without the task's days, or when the start's own day is nearer, the start's day as before.
    expect(at("23:45", "2026-05-04T22:05:00Z", {})).toEqual({ minutes: -1420, class: "early" });
    expect(at("09:00", "2026-05-05T20:00:00Z", { date: "2026-05-05", rolledOverFromDate: "2026-05-04" })).toEqual({
      minutes: 780,
      class: "severe",
    });
    // A day further away is not a hint: a task moved a week on is measured on the start's day.
    expect(at("09:00", "2026-05-05T07:30:00Z", { date: "2026-05-12" })).toEqual({ minutes: 30, class: "minor" });
  });

  it("handles a first start on a spring-forward day", () => {
    // 2026-03-08 in New York: 08:00 EDT is 12:00Z; started 12:20Z = 08:20 local.
    expect(getStartDelay(scheduled("08:00", "2026-03-08T12:20:00Z"), "America/New_York")).toEqual({ minutes: 20, class: "minor" });
  });
});

describe("describeStartDelay", () => {
  it("words each class", () => {
    expect(describeStartDelay({ minutes: -30, class: "early" })).toBe("Started 30m early");
    expect(describeStartDelay({ minutes: 5, class: "ontime" })).toBe("Started on time");
    expect(describeStartDelay({ minutes: 20, class: "minor" })).toBe("Started 20m late");
    expect(describeStartDelay({ minutes: 90, class: "moderate" })).toBe("Started 1h 30m late");
    expect(describeStartDelay({ minutes: 300, class: "severe" })).toBe("Started 5h 0m late");
  });
});

describe("taskRecommendations", () => {
  it("uses the spec's exact texts", () => {
    expect(SEVERE_DELAY_RECOMMENDATION).toBe("Consider scheduling tasks at more realistic times");
    expect(CRITICAL_OVERTIME_RECOMMENDATION).toBe("Task may be blocked - consider asking for help or switching focus");
  });

  it("recommends on a severe delay and on critical overtime only", () => {
    expect(taskRecommendations({ delayClass: "severe", overtimeSeverity: null })).toEqual([SEVERE_DELAY_RECOMMENDATION]);
    expect(taskRecommendations({ delayClass: "moderate", overtimeSeverity: "critical" })).toEqual([CRITICAL_OVERTIME_RECOMMENDATION]);
    expect(taskRecommendations({ delayClass: "severe", overtimeSeverity: "critical" })).toEqual([
      SEVERE_DELAY_RECOMMENDATION,
      CRITICAL_OVERTIME_RECOMMENDATION,
    ]);
    expect(taskRecommendations({ delayClass: "moderate", overtimeSeverity: "warning" })).toEqual([]);
    expect(taskRecommendations({ delayClass: null, overtimeSeverity: undefined })).toEqual([]);
  });
});
