// Subpaths: the package root would load all of date-fns (about 300 modules) into the server at start.
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import type { WeeklyInsight } from "../api/insights.ts";
import { addDays, todayInZone, zonedDateTime } from "./dates.ts";
import type { TaskStatus } from "./task-status.ts";
import { completionRate } from "./workload.ts";

export const WEEK_LENGTH_DAYS = 7;
export const WEEKLY_SUMMARY_TIME = "06:00";
export const STRONG_WEEK_PERCENT = 80;
export const WEEK_MIN_TASKS_FOR_RATE = 5;
export const LIGHTER_PLAN_BELOW_PERCENT = 60;
export const BEST_DAY_MIN_COMPLETIONS = 3;
export const CARRIED_OVER_WARNING_COUNT = 3;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export function weekdayOf(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

export function weekdayName(day: string): string {
  return WEEKDAYS[weekdayOf(day)]!;
}

export function weekStartOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

export function weekEndOf(weekStart: string): string {
  return addDays(weekStart, WEEK_LENGTH_DAYS - 1);
}

export function currentWeekStart(now: Date, timeZone: string): string {
  return weekStartOf(todayInZone(now, timeZone));
}

export function weeklySummaryRunAt(monday: string, timeZone: string): Date {
  return zonedDateTime(monday, WEEKLY_SUMMARY_TIME, timeZone);
}

export function nextWeeklySummaryRun(now: Date, timeZone: string): { at: Date; weekStart: string } {
  let monday = currentWeekStart(now, timeZone);
  if (weeklySummaryRunAt(monday, timeZone).getTime() <= now.getTime()) monday = addDays(monday, WEEK_LENGTH_DAYS);
  return { at: weeklySummaryRunAt(monday, timeZone), weekStart: addDays(monday, -WEEK_LENGTH_DAYS) };
}

export interface WeekTask {
  status: TaskStatus;
  date: string | null;
  goalId: string | null;
  rolloverCount: number;
}

/** The week's tasks and those its closes moved out of it (day-history.ts): planned that week and not done in it. */
export function withMovedOutOfWeek<T extends WeekTask>(tasks: readonly T[], movedOut: number): WeekTask[] {
  const moved: WeekTask = { status: "todo", date: null, goalId: null, rolloverCount: 1 };
  return [...tasks, ...Array.from({ length: movedOut }, () => moved)];
}

export interface WeekFigures {
  tasksTotal: number;
  tasksCompleted: number;
  goalsProgressed: number;
  completionPercent: number;
}

export function weekFigures(tasks: readonly WeekTask[]): WeekFigures {
  const done = tasks.filter((task) => task.status === "done");
  const goals = new Set(done.map((task) => task.goalId).filter((id): id is string => id !== null));
  return {
    tasksTotal: tasks.length,
    tasksCompleted: done.length,
    goalsProgressed: goals.size,
    completionPercent: completionRate(tasks.length, done.length),
  };
}

export function bestDayOf(tasks: readonly WeekTask[]): { day: string; count: number } | null {
  const counts = new Map<string, number>();
  for (const task of tasks) if (task.status === "done" && task.date) counts.set(task.date, (counts.get(task.date) ?? 0) + 1);
  let best: { day: string; count: number } | null = null;
  for (const [day, count] of [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (!best || count > best.count) best = { day, count };
  }
  return best && best.count >= BEST_DAY_MIN_COMPLETIONS ? best : null;
}

export function weeklyInsights(tasks: readonly WeekTask[]): WeeklyInsight[] {
  const figures = weekFigures(tasks);
  const insights: WeeklyInsight[] = [];
  const rated = figures.tasksTotal >= WEEK_MIN_TASKS_FOR_RATE;
  if (rated && figures.completionPercent >= STRONG_WEEK_PERCENT) {
    insights.push({
      type: "achievement",
      title: "Strong week",
      description: `You completed ${figures.completionPercent}% of the ${figures.tasksTotal} tasks you planned.`,
    });
  }
  if (figures.goalsProgressed > 0) {
    insights.push({
      type: "achievement",
      title: figures.goalsProgressed === 1 ? "A goal moved forward" : `${figures.goalsProgressed} goals moved forward`,
      description: `Completed tasks advanced ${figures.goalsProgressed === 1 ? "one of your goals" : `${figures.goalsProgressed} of your goals`} this week.`,
    });
  }
  const best = bestDayOf(tasks);
  if (best) {
    insights.push({
      type: "pattern",
      title: `${weekdayName(best.day)} was your most productive day`,
      description: `You completed ${best.count} tasks on ${weekdayName(best.day)}. Notice what made that day work.`,
    });
  }
  if (rated && figures.completionPercent < LIGHTER_PLAN_BELOW_PERCENT) {
    insights.push({
      type: "recommendation",
      title: "Plan a lighter week",
      description: `You completed ${figures.completionPercent}% of your tasks. Planning fewer tasks per day makes each day easier to finish.`,
    });
  }
  const carried = tasks.filter((task) => task.status !== "done" && (task.status === "stalled" || task.rolloverCount > 0)).length;
  if (carried >= CARRIED_OVER_WARNING_COUNT) {
    insights.push({
      type: "warning",
      title: `${carried} tasks keep getting carried over`,
      description: "Several tasks rolled over or stalled this week. Break them down or let some go.",
    });
  }
  return insights;
}

/** Read and written in one zone, so that any zone gives the same. */
function monthAndDay(day: string): string {
  return format(parseISO(day), "MMM d");
}

export function weeklySummaryTemplate(weekStart: string, figures: WeekFigures, insights: readonly WeeklyInsight[]): string {
  const range = `the week of ${monthAndDay(weekStart)} to ${monthAndDay(weekEndOf(weekStart))}`;
  if (figures.tasksTotal === 0) return `No tasks were planned for ${range}. Add a few tasks to your days to see your week summed up here.`;
  const goals =
    figures.goalsProgressed === 0
      ? "No goal moved forward."
      : `${figures.goalsProgressed === 1 ? "One goal" : `${figures.goalsProgressed} goals`} moved forward.`;
  const highlight = insights.find((insight) => insight.type === "pattern" || insight.type === "recommendation");
  return [
    `In ${range} you completed ${figures.tasksCompleted} of ${figures.tasksTotal} planned tasks (${figures.completionPercent}%).`,
    goals,
    highlight ? `${highlight.title}.` : null,
  ]
    .filter(Boolean)
    .join(" ");
}

export type CompletionBand = "excellent" | "good" | "fair" | "low";

export function weeklyCompletionBand(percent: number): CompletionBand {
  if (percent >= 80) return "excellent";
  if (percent >= 60) return "good";
  if (percent >= 40) return "fair";
  return "low";
}
