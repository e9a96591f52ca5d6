export type WorkloadLabel = "Light Day" | "Moderate Load" | "Heavy Day" | "Overloaded";

export const WORKLOAD_RECOMMENDATIONS = {
  overloaded: "Consider deferring some tasks to tomorrow",
  heavyBehind: "Focus on high-priority tasks first",
  light: "Great day to tackle challenging tasks",
  steady: "Maintain steady progress through your tasks",
} as const;

export const HEAVY_DAY_FOCUS_BELOW_PERCENT = 30;

export function workloadLabel(taskCount: number): WorkloadLabel {
  if (taskCount <= 3) return "Light Day";
  if (taskCount <= 6) return "Moderate Load";
  if (taskCount <= 9) return "Heavy Day";
  return "Overloaded";
}

export function completionRate(total: number, done: number): number {
  if (total <= 0) return 0;
  return Math.round((done / total) * 100);
}

export function workloadRecommendation(total: number, done: number): string {
  const label = workloadLabel(total);
  if (label === "Overloaded") return WORKLOAD_RECOMMENDATIONS.overloaded;
  if (label === "Heavy Day" && completionRate(total, done) < HEAVY_DAY_FOCUS_BELOW_PERCENT) {
    return WORKLOAD_RECOMMENDATIONS.heavyBehind;
  }
  if (label === "Light Day") return WORKLOAD_RECOMMENDATIONS.light;
  return WORKLOAD_RECOMMENDATIONS.steady;
}
