import { describe, expect, it } from "vitest";
import { completionRate, WORKLOAD_RECOMMENDATIONS, workloadLabel, workloadRecommendation } from "./workload.ts";

describe("workloadLabel at every band edge", () => {
  it.each([
    [0, "Light Day"],
    [1, "Light Day"],
    [3, "Light Day"],
    [4, "Moderate Load"],
    [6, "Moderate Load"],
    [7, "Heavy Day"],
    [9, "Heavy Day"],
    [10, "Overloaded"],
    [50, "Overloaded"],
  ] as const)("%i tasks -> %s", (count, label) => expect(workloadLabel(count)).toBe(label));
});

describe("completionRate", () => {
  it("is the rounded percentage of done tasks, 0 with none", () => {
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(3, 0)).toBe(0);
    expect(completionRate(3, 1)).toBe(33);
    expect(completionRate(3, 2)).toBe(67);
    expect(completionRate(8, 1)).toBe(13);
    expect(completionRate(200, 59)).toBe(30); // 29.5 rounds up
    expect(completionRate(4, 4)).toBe(100);
  });
});

describe("workloadRecommendation", () => {
  it("uses the spec's exact texts", () => {
    expect(WORKLOAD_RECOMMENDATIONS).toEqual({
      overloaded: "Consider deferring some tasks to tomorrow",
      heavyBehind: "Focus on high-priority tasks first",
      light: "Great day to tackle challenging tasks",
      steady: "Maintain steady progress through your tasks",
    });
  });

  it("Overloaded from 10 tasks, whatever is done", () => {
    expect(workloadRecommendation(10, 0)).toBe(WORKLOAD_RECOMMENDATIONS.overloaded);
    expect(workloadRecommendation(10, 10)).toBe(WORKLOAD_RECOMMENDATIONS.overloaded);
  });

  it("Heavy with under 30% done: focus; 30% or more: steady", () => {
    expect(workloadRecommendation(7, 0)).toBe(WORKLOAD_RECOMMENDATIONS.heavyBehind);
    expect(workloadRecommendation(7, 2)).toBe(WORKLOAD_RECOMMENDATIONS.heavyBehind); // 29%
    expect(workloadRecommendation(7, 3)).toBe(WORKLOAD_RECOMMENDATIONS.steady); // 43%
    expect(workloadRecommendation(9, 2)).toBe(WORKLOAD_RECOMMENDATIONS.heavyBehind); // 22%
    expect(workloadRecommendation(9, 3)).toBe(WORKLOAD_RECOMMENDATIONS.steady); // 33%
    expect(workloadRecommendation(8, 2)).toBe(WORKLOAD_RECOMMENDATIONS.heavyBehind); // 25%
    expect(workloadRecommendation(8, 3)).toBe(WORKLOAD_RECOMMENDATIONS.steady); // 38%
  });

  it("Light (up to 3): great day", () => {
    expect(workloadRecommendation(0, 0)).toBe(WORKLOAD_RECOMMENDATIONS.light);
    expect(workloadRecommendation(3, 0)).toBe(WORKLOAD_RECOMMENDATIONS.light);
  });

  it("Moderate (4 to 6): steady, done or not", () => {
    expect(workloadRecommendation(4, 0)).toBe(WORKLOAD_RECOMMENDATIONS.steady);
    expect(workloadRecommendation(6, 0)).toBe(WORKLOAD_RECOMMENDATIONS.steady);
  });
});
