import type { DailyInsightType, WeeklyInsightType } from "../../../../shared/api/insights.ts";
import { type CompletionBand, weekEndOf, weeklyCompletionBand } from "../../../../shared/rules/weekly-summary.ts";
import { completionRate } from "../../../../shared/rules/workload.ts";

// Made at first use, not at module load: a formatter costs a phone's first paint.
let monthDay: Intl.DateTimeFormat | undefined;
let monthDayYear: Intl.DateTimeFormat | undefined;

const asUtcDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

export function weekRangeLabel(weekStart: string): string {
  monthDay ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  monthDayYear ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  return `${monthDay.format(asUtcDate(weekStart))} – ${monthDayYear.format(asUtcDate(weekEndOf(weekStart)))}`;
}

export function generatedDateLabel(instant: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date(instant));
}

export function weeklyCompletionPercent(summary: { tasksTotal: number; tasksCompleted: number }): number {
  return completionRate(summary.tasksTotal, summary.tasksCompleted);
}

/** Text colours that keep AA contrast on white. */
export const COMPLETION_BAND_CLASSES: Record<CompletionBand, string> = {
  excellent: "text-green-700",
  good: "text-blue-700",
  fair: "text-amber-800",
  low: "text-red-700",
};

export function completionBandClass(percent: number): string {
  return COMPLETION_BAND_CLASSES[weeklyCompletionBand(percent)];
}

export const DAILY_TYPE_LABELS: Record<DailyInsightType, string> = {
  celebration: "Celebration",
  warning: "Warning",
  suggestion: "Suggestion",
  pattern: "Pattern",
};

export const DAILY_TYPE_CLASSES: Record<DailyInsightType, string> = {
  celebration: "border-green-200 bg-green-50",
  warning: "border-amber-200 bg-amber-50",
  suggestion: "border-blue-200 bg-blue-50",
  pattern: "border-violet-200 bg-violet-50",
};

export const DAILY_HIGH_PRIORITY_CLASSES: Record<DailyInsightType, string> = {
  celebration: "border-l-4 border-l-green-600",
  warning: "border-l-4 border-l-amber-500",
  suggestion: "border-l-4 border-l-blue-500",
  pattern: "border-l-4 border-l-violet-500",
};

export const WEEKLY_TYPE_LABELS: Record<WeeklyInsightType, string> = {
  achievement: "Achievement",
  pattern: "Pattern",
  recommendation: "Recommendation",
  warning: "Warning",
};

export const WEEKLY_TYPE_BADGES: Record<WeeklyInsightType, string> = {
  achievement: "bg-green-100 text-green-800",
  pattern: "bg-violet-100 text-violet-800",
  recommendation: "bg-blue-100 text-blue-800",
  warning: "bg-amber-100 text-amber-900",
};
