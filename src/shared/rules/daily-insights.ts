// Thresholds are listed in docs/decisions/010-insights.md; keep the two in step.
import type { DailyInsight, InsightPriority } from "../api/insights.ts";
import { dayCapacity } from "./capacity.ts";
import { addDays, wallClockInZone } from "./dates.ts";
import { getStartDelay, MODERATE_DELAY_MAX_MINUTES } from "./start-delay.ts";
import type { TaskStatus } from "./task-status.ts";

export const HISTORY_DAYS = 28;
export const STREAK_MIN_DAYS = 3;
export const STREAK_HIGH_DAYS = 7;
export const DAY_CLEARED_MIN_TASKS = 3;
export const STALLED_HIGH_COUNT = 2;
export const SEVERE_DELAYS_HIGH_COUNT = 2;
export const OVERDUE_HIGH_COUNT = 5;
export const LARGE_TASK_MIN_MINUTES = 90;
export const REPEATED_ROLLOVER_MIN_COUNT = 3;
export const PATTERN_MIN_COMPLETIONS = 10;
export const PATTERN_MIN_SHARE = 0.4;

export interface InsightTask {
  id: string;
  title: string;
  status: TaskStatus;
  date: string | null;
  goalId: string | null;
  estimatedDuration: number | null;
  scheduledStartTime: string | null;
  firstStartedAt: string | null;
  completedAt: string | null;
  rolloverCount: number;
}

export interface InsightGoal {
  id: string;
  title: string;
  status: "active" | "paused" | "completed";
  completedTasksCount: number;
  totalTasksCount: number;
}

export interface DailyInsightInput {
  day: string;
  timeZone: string;
  tasks: readonly InsightTask[];
  goals: readonly InsightGoal[];
  /** On a closed day, the tasks its close moved off it (src/shared/rules/day-history.ts): planned that day too. */
  movedOn?: number;
  /** The day's busy meetings and the user's working hours, read as dayCapacity reads them (capacity.ts). */
  meetingMinutes?: number;
  workday?: { workdayStart: string; workdayEnd: string } | undefined;
}

/** The key stays with the stored insights and is never sent. */
export interface RuleInsight extends DailyInsight {
  key: string;
}

export type DailyInsightRule = (input: DailyInsightInput) => RuleInsight | null;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const quote = (title: string) => `'${title.length > 60 ? `${title.slice(0, 57)}...` : title}'`;

const quarterHours = new Map<string, { day: string; hour: number; minute: number }>();
const QUARTER_HOUR_MS = 15 * 60_000;

export function zonedDayAndHour(instant: string, timeZone: string): { day: string; hour: number; minute: number } {
  const ms = Date.parse(instant);
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${timeZone}\u0000${quarter}`;
  let start = quarterHours.get(key);
  if (!start) {
    const { date, hour, minute } = wallClockInZone(quarter * QUARTER_HOUR_MS, timeZone);
    start = { day: date, hour, minute };
    if (quarterHours.size > 50_000) quarterHours.clear();
    quarterHours.set(key, start);
  }
  return { day: start.day, hour: start.hour, minute: start.minute + Math.floor((ms - quarter * QUARTER_HOUR_MS) / 60_000) };
}

const MAX_DST_SHIFT_MINUTES = 60;
const HALF_DAY_MINUTES = 12 * 60;

function tasksOfDay(input: DailyInsightInput): InsightTask[] {
  return input.tasks.filter((task) => task.date === input.day);
}

/** Ends on the day, or on the day before while the day is still open. */
export const completionStreakRule: DailyInsightRule = (input) => {
  const daysWithDone = new Set(input.tasks.filter((task) => task.status === "done" && task.date).map((task) => task.date));
  let cursor = daysWithDone.has(input.day) ? input.day : addDays(input.day, -1);
  let streak = 0;
  while (daysWithDone.has(cursor) && streak < HISTORY_DAYS) {
    streak++;
    cursor = addDays(cursor, -1);
  }
  if (streak < STREAK_MIN_DAYS) return null;
  return {
    key: "completion-streak",
    type: "celebration",
    priority: streak >= STREAK_HIGH_DAYS ? "high" : "medium",
    title: `${streak}-day completion streak`,
    description: `You have completed at least one task on each of the last ${streak} days. Keep it going!`,
  };
};

export const goalCompletedRule: DailyInsightRule = (input) => {
  const complete = new Set(
    input.goals
      .filter((goal) => goal.status === "completed" || (goal.totalTasksCount > 0 && goal.completedTasksCount >= goal.totalTasksCount))
      .map((goal) => goal.id),
  );
  if (complete.size === 0) return null;
  const finishedOnDay = input.tasks.find(
    (task) =>
      task.status === "done" &&
      task.goalId !== null &&
      complete.has(task.goalId) &&
      task.completedAt !== null &&
      zonedDayAndHour(task.completedAt, input.timeZone).day === input.day,
  );
  const goal = finishedOnDay && input.goals.find((candidate) => candidate.id === finishedOnDay.goalId);
  if (!goal) return null;
  return {
    key: "goal-completed",
    type: "celebration",
    priority: "high",
    title: `Goal completed: ${goal.title}`,
    description: `Every task of ${quote(goal.title)} is done. Take a moment to enjoy it, then pick your next goal.`,
  };
};

export const dayClearedRule: DailyInsightRule = (input) => {
  const day = tasksOfDay(input);
  if ((input.movedOn ?? 0) > 0 || day.length < DAY_CLEARED_MIN_TASKS || day.some((task) => task.status !== "done")) return null;
  return {
    key: "day-cleared",
    type: "celebration",
    priority: "medium",
    title: `All ${day.length} tasks done`,
    description: "You finished everything you planned for the day. Nicely done!",
  };
};

/** A closed day's wrap-up counts what rolled over from it, as the board's counter does (issue 56). */
export const closedDayRule: DailyInsightRule = (input) => {
  const movedOn = input.movedOn ?? 0;
  if (movedOn === 0) return null;
  const day = tasksOfDay(input);
  const done = day.filter((task) => task.status === "done").length;
  const planned = day.length + movedOn;
  return {
    key: "closed-day",
    type: "pattern",
    priority: "medium",
    title: `${done}/${planned} completed, ${movedOn} rolled over`,
    description: `You finished ${done} of the ${plural(planned, "task")} planned for the day; ${movedOn} moved on from it when it was closed.`,
  };
};

export const stalledTasksRule: DailyInsightRule = (input) => {
  const stalled = tasksOfDay(input).filter((task) => task.status === "stalled");
  if (stalled.length === 0) return null;
  return {
    key: "stalled-tasks",
    type: "warning",
    priority: stalled.length >= STALLED_HIGH_COUNT ? "high" : "medium",
    title: stalled.length === 1 ? "A task has stalled" : `${stalled.length} tasks have stalled`,
    description:
      stalled.length === 1
        ? `${quote(stalled[0]!.title)} is stalled. Resume it, split it, or move it to another day.`
        : "These tasks are stalled. Resume one at a time, or move the rest to another day.",
  };
};

export const overloadedDayRule: DailyInsightRule = (input) => {
  const day = tasksOfDay(input);
  if (day.length === 0 || day.every((task) => task.status === "done")) return null;
  const check = dayCapacity({ tasks: day, meetingMinutes: input.meetingMinutes, workday: input.workday });
  if (check.level === "fine") return null;
  const meetings = input.meetingMinutes ? ` (${plural(input.meetingMinutes, "minute")} of meetings taken off)` : "";
  return {
    key: "overloaded-day",
    type: "warning",
    priority: check.level === "critical" ? "high" : "medium",
    title:
      check.level === "critical"
        ? `Day planned at ${check.utilizationPercent}% capacity`
        : `Day near capacity (${check.utilizationPercent}%)`,
    description:
      check.level === "critical"
        ? `You planned ${plural(check.plannedMinutes, "minute")} against ${check.usableMinutes} usable${meetings}. Consider deferring some tasks.`
        : `You planned ${plural(check.plannedMinutes, "minute")} of ${check.usableMinutes} usable${meetings}. Make sure you have focus time.`,
  };
};

export const severeStartDelaysRule: DailyInsightRule = (input) => {
  const late = tasksOfDay(input).filter((task) => {
    if (!task.scheduledStartTime || !task.firstStartedAt || !/^\d{2}:\d{2}$/.test(task.scheduledStartTime)) return false;
    // The wall clocks' difference is the delay give or take DST, except for next-day starts; only those
    // and near-severe ones go through getStartDelay, whose zone arithmetic is the slow part.
    const started = zonedDayAndHour(task.firstStartedAt, input.timeZone);
    const scheduled = Number(task.scheduledStartTime.slice(0, 2)) * 60 + Number(task.scheduledStartTime.slice(3));
    const wallDelay = started.hour * 60 + started.minute - scheduled;
    if (wallDelay > -(HALF_DAY_MINUTES - MAX_DST_SHIFT_MINUTES) && wallDelay <= MODERATE_DELAY_MAX_MINUTES - MAX_DST_SHIFT_MINUTES)
      return false;
    return getStartDelay(task, input.timeZone)?.class === "severe";
  });
  if (late.length === 0) return null;
  return {
    key: "severe-start-delays",
    type: "warning",
    priority: late.length >= SEVERE_DELAYS_HIGH_COUNT ? "high" : "medium",
    title: late.length === 1 ? "A task started hours late" : `${late.length} tasks started hours late`,
    description: "Starts more than 4 hours after the scheduled time. Consider scheduling tasks at more realistic times.",
  };
};

export const overdueTasksRule: DailyInsightRule = (input) => {
  const overdue = input.tasks.filter((task) => task.date !== null && task.date < input.day && task.status !== "done");
  if (overdue.length === 0) return null;
  return {
    key: "overdue-tasks",
    type: "warning",
    priority: overdue.length >= OVERDUE_HIGH_COUNT ? "high" : "medium",
    title: `${plural(overdue.length, "overdue task")}`,
    description: "Unfinished tasks are still planned for earlier days. Move them to a day that has room, or let them go.",
  };
};

export const largeUnscheduledTaskRule: DailyInsightRule = (input) => {
  const large = tasksOfDay(input)
    .filter((task) => task.status !== "done" && !task.scheduledStartTime && (task.estimatedDuration ?? 0) >= LARGE_TASK_MIN_MINUTES)
    .sort((a, b) => (b.estimatedDuration ?? 0) - (a.estimatedDuration ?? 0));
  const task = large[0];
  if (!task) return null;
  return {
    key: "large-task-unscheduled",
    type: "suggestion",
    priority: "medium",
    title: "Block time for a big task",
    description: `${quote(task.title)} needs about ${Math.round((task.estimatedDuration ?? 0) / 6) / 10} hours and has no start time. Give it a slot while your day is still open.`,
  };
};

export const repeatedRolloverRule: DailyInsightRule = (input) => {
  const task = tasksOfDay(input)
    .filter((candidate) => candidate.status !== "done" && candidate.rolloverCount >= REPEATED_ROLLOVER_MIN_COUNT)
    .sort((a, b) => b.rolloverCount - a.rolloverCount)[0];
  if (!task) return null;
  return {
    key: "repeated-rollover",
    type: "suggestion",
    priority: "medium",
    title: "Break down a task that keeps moving",
    description: `${quote(task.title)} has rolled over ${task.rolloverCount} times. Splitting it into smaller steps makes it easier to start.`,
  };
};

export type DayPeriod = "morning" | "afternoon" | "evening" | "night";

export function dayPeriodOf(time: string | number): DayPeriod {
  const hour = typeof time === "number" ? time : Number(time.slice(0, 2));
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 22) return "evening";
  return "night";
}

export const completionTimePatternRule: DailyInsightRule = (input) => {
  const counts: Record<DayPeriod, number> = { morning: 0, afternoon: 0, evening: 0, night: 0 };
  let total = 0;
  for (const task of input.tasks) {
    if (task.status !== "done" || !task.completedAt) continue;
    counts[dayPeriodOf(zonedDayAndHour(task.completedAt, input.timeZone).hour)]++;
    total++;
  }
  if (total < PATTERN_MIN_COMPLETIONS) return null;
  const [period, count] = (Object.entries(counts) as [DayPeriod, number][]).sort((a, b) => b[1] - a[1])[0]!;
  if (count / total < PATTERN_MIN_SHARE) return null;
  const share = Math.round((count / total) * 100);
  const when = period === "night" ? "at night" : `in the ${period}`;
  return {
    key: "completion-time-pattern",
    type: "pattern",
    priority: "low",
    title: `You finish most tasks ${when}`,
    description: `${share}% of your completed tasks in the last ${HISTORY_DAYS} days were finished ${when}. Plan your hardest work for then.`,
  };
};

/** The order is the display order within a priority. */
export const DAILY_INSIGHT_RULES: readonly DailyInsightRule[] = [
  goalCompletedRule,
  completionStreakRule,
  dayClearedRule,
  closedDayRule,
  stalledTasksRule,
  overloadedDayRule,
  severeStartDelaysRule,
  overdueTasksRule,
  largeUnscheduledTaskRule,
  repeatedRolloverRule,
  completionTimePatternRule,
];

const PRIORITY_ORDER: Record<InsightPriority, number> = { high: 0, medium: 1, low: 2 };

export function sortInsightsByPriority<T extends { priority: InsightPriority }>(insights: readonly T[]): T[] {
  return insights
    .map((insight, index) => ({ insight, index }))
    .sort((a, b) => PRIORITY_ORDER[a.insight.priority] - PRIORITY_ORDER[b.insight.priority] || a.index - b.index)
    .map((entry) => entry.insight);
}

export function computeDailyInsights(input: DailyInsightInput): RuleInsight[] {
  const found: RuleInsight[] = [];
  for (const rule of DAILY_INSIGHT_RULES) {
    const insight = rule(input);
    if (insight) found.push(insight);
  }
  return sortInsightsByPriority(found);
}

export function historyStart(day: string): string {
  return addDays(day, -(HISTORY_DAYS - 1));
}
