import { describe, expect, it } from "vitest";
import {
  AVAILABLE_MINUTES,
  CAPACITY_CARD_DEFAULT_ESTIMATE_MINUTES,
  capacityCardFigures,
  checkCapacity,
  PLANNER_DEFAULT_ESTIMATE_MINUTES,
  USABLE_MINUTES,
} from "./capacity.ts";
import { WORKLOAD_RECOMMENDATIONS } from "./workload.ts";

describe("capacity profile", () => {
  it("has 300 available and 240 usable minutes, and the two defaults", () => {
    expect(AVAILABLE_MINUTES).toBe(300);
    expect(USABLE_MINUTES).toBe(240);
    expect(PLANNER_DEFAULT_ESTIMATE_MINUTES).toBe(30);
    expect(CAPACITY_CARD_DEFAULT_ESTIMATE_MINUTES).toBe(60);
  });
});

describe("checkCapacity at every boundary", () => {
  it("is fine with nothing planned", () => {
    expect(checkCapacity([])).toEqual({
      plannedMinutes: 0,
      availableMinutes: 300,
      usableMinutes: 240,
      utilization: 0,
      utilizationPercent: 0,
      level: "fine",
      message: null,
    });
  });

  it("is fine at exactly 80% (192 minutes)", () => {
    const check = checkCapacity([192]);
    expect(check).toMatchObject({ plannedMinutes: 192, utilizationPercent: 80, level: "fine", message: null });
  });

  it("warns just above 80% (193 minutes, shown as 80%)", () => {
    expect(checkCapacity([193])).toMatchObject({
      level: "warning",
      utilizationPercent: 80,
      message: "This will bring you to 80% capacity. Make sure you have focus time.",
    });
    expect(checkCapacity([200]).message).toBe("This will bring you to 83% capacity. Make sure you have focus time.");
  });

  it("still warns at exactly 100% (240 minutes)", () => {
    expect(checkCapacity([120, 120])).toMatchObject({
      level: "warning",
      utilizationPercent: 100,
      message: "This will bring you to 100% capacity. Make sure you have focus time.",
    });
  });

  it("is critical just above 100% (241 minutes)", () => {
    expect(checkCapacity([241])).toMatchObject({
      level: "critical",
      utilizationPercent: 100,
      message: "Adding these tasks will put you at 100% capacity. Consider deferring some tasks.",
    });
    expect(checkCapacity([480]).message).toBe("Adding these tasks will put you at 200% capacity. Consider deferring some tasks.");
  });

  it("counts a task without an estimate as 30 minutes", () => {
    expect(checkCapacity([null, undefined, 0]).plannedMinutes).toBe(90);
    // 7 tasks without estimates = 210 minutes = 87.5%
    expect(checkCapacity(Array(7).fill(null))).toMatchObject({ plannedMinutes: 210, utilizationPercent: 88, level: "warning" });
    // 8 = 240 = 100%, 9 = 270 = 112.5%
    expect(checkCapacity(Array(8).fill(null)).level).toBe("warning");
    expect(checkCapacity(Array(9).fill(null))).toMatchObject({ level: "critical", utilizationPercent: 113 });
  });
});

describe("capacityCardFigures", () => {
  it("is all zeros for an empty day", () => {
    expect(capacityCardFigures([])).toEqual({
      total: 0,
      active: 0,
      stalled: 0,
      estimatedMinutes: 0,
      estimatedHours: 0,
      progressPercent: 0,
      workloadLabel: "Light Day",
      recommendation: WORKLOAD_RECOMMENDATIONS.light,
      breakdown: { done: 0, working: 0, todo: 0 },
      counts: { total: 0, todo: 0, inProgress: 0, active: 0, stalled: 0, done: 0 },
    });
  });

  it("counts a task without an estimate as 60 minutes and shows hours with one decimal", () => {
    const figures = capacityCardFigures([
      { status: "todo", estimatedDuration: null },
      { status: "inprogress", estimatedDuration: 30 },
      { status: "done", estimatedDuration: 15 },
      { status: "stalled", estimatedDuration: 20 },
    ]);
    expect(figures).toEqual({
      total: 4,
      active: 1,
      stalled: 1,
      estimatedMinutes: 125,
      estimatedHours: 2.1,
      progressPercent: 25,
      workloadLabel: "Moderate Load",
      recommendation: WORKLOAD_RECOMMENDATIONS.steady,
      breakdown: { done: 1, working: 2, todo: 1 },
      counts: { total: 4, todo: 1, inProgress: 2, active: 1, stalled: 1, done: 1 },
    });
  });

  it("rounds progress and hours", () => {
    const figures = capacityCardFigures([
      { status: "done", estimatedDuration: 90 },
      { status: "todo", estimatedDuration: 5 },
      { status: "todo", estimatedDuration: 5 },
    ]);
    expect(figures.progressPercent).toBe(33);
    expect(figures.estimatedHours).toBe(1.7);
    expect(figures.active).toBe(0);
  });
});

describe("capacity on the user's working day (issue 52)", () => {
  it("keeps the spec's 6 typical hours on the default 8-hour day, and scales them to others", async () => {
    const { typicalWorkMinutes, availableMinutes, checkCapacity, USABLE_MINUTES } = await import("./capacity.ts");
    expect(typicalWorkMinutes()).toBe(360);
    expect(typicalWorkMinutes(480)).toBe(360);
    expect(typicalWorkMinutes(600)).toBe(450);
    expect(availableMinutes(0, 480)).toBe(300);
    expect(availableMinutes(60, 600)).toBe(330);
    expect(checkCapacity([240], 0, 480).usableMinutes).toBe(USABLE_MINUTES);
    expect(checkCapacity([260], 0, 600)).toMatchObject({ usableMinutes: 312, level: "warning" });
  });
});
