import { describe, expect, it } from "vitest";
import {
  goalProgressFraction,
  goalProgressLabel,
  goalProgressPercent,
  isGoalOverdue,
  goalProgressText,
  NO_GOAL_TASKS_TEXT,
} from "./goal-progress.ts";

describe("goalProgressLabel", () => {
  it.each([
    [0, 100, "Just started"],
    [24, 100, "Just started"],
    [25, 100, "Getting started"],
    [49, 100, "Getting started"],
    [50, 100, "Halfway"],
    [74, 100, "Halfway"],
    [75, 100, "Almost there"],
    [99, 100, "Almost there"],
    [100, 100, "Complete!"],
  ] as const)("%i of %i done is %s", (completed, total, label) => {
    expect(goalProgressLabel(completed, total)).toBe(label);
  });

  it.each([
    [0, 4, "Just started"],
    [1, 4, "Getting started"],
    [2, 4, "Halfway"],
    [3, 4, "Almost there"],
    [4, 4, "Complete!"],
  ] as const)("exact quarters: %i of %i done is %s", (completed, total, label) => {
    expect(goalProgressLabel(completed, total)).toBe(label);
  });

  it.each([
    [0, 1, "Just started"],
    [1, 1, "Complete!"],
    [1, 3, "Getting started"],
    [2, 3, "Halfway"],
    [1, 7, "Just started"],
    [2, 7, "Getting started"],
    [5, 7, "Halfway"],
    [6, 7, "Almost there"],
    [199, 200, "Almost there"],
    [99_999, 400_000, "Just started"],
    [100_000, 400_000, "Getting started"],
  ] as const)("uneven totals: %i of %i done is %s", (completed, total, label) => {
    expect(goalProgressLabel(completed, total)).toBe(label);
  });

  it("has no label when the goal has no tasks", () => {
    expect(goalProgressLabel(0, 0)).toBeNull();
  });

  it("treats more completed than total as complete and negative counts as none", () => {
    expect(goalProgressLabel(5, 4)).toBe("Complete!");
    expect(goalProgressLabel(-1, 4)).toBe("Just started");
  });
});

describe("goalProgressText", () => {
  it("invites breaking the goal down when it has no tasks", () => {
    expect(goalProgressText(0, 0)).toBe("No tasks added yet. Break down this goal to get started!");
    expect(NO_GOAL_TASKS_TEXT).toBe("No tasks added yet. Break down this goal to get started!");
  });

  it("is the label otherwise", () => {
    expect(goalProgressText(1, 2)).toBe("Halfway");
    expect(goalProgressText(0, 2)).toBe("Just started");
  });
});

describe("goalProgressFraction", () => {
  it("is completed / total, 0 with no tasks", () => {
    expect(goalProgressFraction(0, 0)).toBe(0);
    expect(goalProgressFraction(0, 5)).toBe(0);
    expect(goalProgressFraction(1, 4)).toBe(0.25);
    expect(goalProgressFraction(1, 3)).toBeCloseTo(1 / 3, 12);
    expect(goalProgressFraction(4, 4)).toBe(1);
  });

  it("stays within 0..1", () => {
    expect(goalProgressFraction(5, 4)).toBe(1);
    expect(goalProgressFraction(-1, 4)).toBe(0);
  });
});

describe("goalProgressPercent", () => {
  it("rounds down so 100% means every task is done", () => {
    expect(goalProgressPercent(0, 0)).toBe(0);
    expect(goalProgressPercent(1, 3)).toBe(33);
    expect(goalProgressPercent(2, 3)).toBe(66);
    expect(goalProgressPercent(199, 200)).toBe(99);
    expect(goalProgressPercent(200, 200)).toBe(100);
    expect(goalProgressPercent(7, 4)).toBe(100);
  });
});

describe("isGoalOverdue", () => {
  it("is an active goal whose target date is before today", () => {
    expect(isGoalOverdue({ status: "active", targetDate: "2026-11-23" }, "2026-11-24")).toBe(true);
    expect(isGoalOverdue({ status: "active", targetDate: "2025-12-31" }, "2026-01-01")).toBe(true);
    expect(isGoalOverdue({ status: "active", targetDate: "2026-11-24" }, "2026-11-24")).toBe(false);
    expect(isGoalOverdue({ status: "active", targetDate: null }, "2026-11-24")).toBe(false);
    expect(isGoalOverdue({ status: "paused", targetDate: "2026-11-01" }, "2026-11-24")).toBe(false);
    expect(isGoalOverdue({ status: "completed", targetDate: "2026-11-01" }, "2026-11-24")).toBe(false);
  });
});
