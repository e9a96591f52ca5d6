// Day workload label and recommendation (spec section 4), completion rate (section 9).

export type WorkloadLabel = "Light Day" | "Moderate Load" | "Heavy Day" | "Overloaded";

export const WORKLOAD_RECOMMENDATIONS = {
  overloaded: "Consider deferring some tasks to tomorrow",
  heavyBehind: "Focus on high-priority tasks first",
  light: "Great day to tackle challenging tasks",
  steady: "Maintain steady progress through your tasks",
} as const;

/** Heavy days under this completion rate (percent) get the focus recommendation. */
export const HEAVY_DAY_FOCUS_BELOW_PERCENT = 30;

/** Every task of the day counts, done ones included: up to 3, 4 to 6, 7 to 9, 10 and up. */
export function workloadLabel(taskCount: number): WorkloadLabel {
  if (taskCount <= 3) return "Light Day";
  if (taskCount <= 6) return "Moderate Load";
  if (taskCount <= 9) return "Heavy Day";
  return "Overloaded";
}

/** The rounded percentage of the day's tasks that are done (0 when there are none). */
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
