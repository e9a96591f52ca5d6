// The daily insights rules (issue 15; spec section 3 "Daily insights response"). Each rule is a pure
// function of the user's recent record that gives one insight or none; thresholds are the exported
// constants below and are listed in docs/decisions/010-insights.md. The server runs them over the
// tasks dated in the HISTORY_DAYS ending on the day, the user's goals and zone, and stores the
// result per (user, day).
import type { DailyInsight, InsightPriority } from "../api/insights.ts";
import { checkCapacity } from "./capacity.ts";
import { addDays, wallClockInZone } from "./dates.ts";
import { getStartDelay, MODERATE_DELAY_MAX_MINUTES } from "./start-delay.ts";
import type { TaskStatus } from "./task-status.ts";

/** The days of history the rules read, ending on the day itself (4 weeks). */
export const HISTORY_DAYS = 28;
/** A streak is celebrated from 3 days with a completed task in a row; from 7 it is high priority. */
export const STREAK_MIN_DAYS = 3;
export const STREAK_HIGH_DAYS = 7;
/** A day with every task done is celebrated from 3 tasks. */
export const DAY_CLEARED_MIN_TASKS = 3;
/** Stalled tasks on the day: a warning from 1, high priority from 2. */
export const STALLED_HIGH_COUNT = 2;
/** Severe start delays (over 240 minutes, spec section 9) on the day: a warning from 1, high from 2. */
export const SEVERE_DELAYS_HIGH_COUNT = 2;
/** Unfinished tasks dated before the day (within the history): a warning from 1, high from 5. */
export const OVERDUE_HIGH_COUNT = 5;
/** A task of at least 90 minutes with no scheduled start time gets a suggestion. */
export const LARGE_TASK_MIN_MINUTES = 90;
/** A task still open after rolling over 3 times or more gets a suggestion to break it down. */
export const REPEATED_ROLLOVER_MIN_COUNT = 3;
/** The time-of-day pattern needs 10 completions in the history, 40% or more of them in one period. */
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
  /** The day the insights are for. */
  day: string;
  timeZone: string;
  /** The user's tasks dated from day - (HISTORY_DAYS - 1) to day. */
  tasks: readonly InsightTask[];
  goals: readonly InsightGoal[];
}

/** An insight with the key of the rule that made it (kept with the stored insights, not sent). */
export interface RuleInsight extends DailyInsight {
  key: string;
}

export type DailyInsightRule = (input: DailyInsightInput) => RuleInsight | null;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const quote = (title: string) => `'${title.length > 60 ? `${title.slice(0, 57)}...` : title}'`;

/** Answers by zone and quarter hour (every zone's offset is a whole number of quarter hours): a month of history is hundreds of instants. */
const quarterHours = new Map<string, { day: string; hour: number; minute: number }>();
const QUARTER_HOUR_MS = 15 * 60_000;

/** The calendar day, hour and minute an instant shows in the zone (an unknown zone is read as UTC). */
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

/** A DST change moves a wall clock by at most this much within a day. */
const MAX_DST_SHIFT_MINUTES = 60;
const HALF_DAY_MINUTES = 12 * 60;

function tasksOfDay(input: DailyInsightInput): InsightTask[] {
  return input.tasks.filter((task) => task.date === input.day);
}

/** Celebration: days in a row, ending on the day (or the day before, while the day is still open), with a completed task. */
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

/** Celebration: a goal whose tasks are all done (or marked completed) got a task done on the day. */
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

/** Celebration: every task of the day is done, with at least DAY_CLEARED_MIN_TASKS of them. */
export const dayClearedRule: DailyInsightRule = (input) => {
  const day = tasksOfDay(input);
  if (day.length < DAY_CLEARED_MIN_TASKS || day.some((task) => task.status !== "done")) return null;
  return {
    key: "day-cleared",
    type: "celebration",
    priority: "medium",
    title: `All ${day.length} tasks done`,
    description: "You finished everything you planned for the day. Nicely done!",
  };
};

/** Warning: stalled tasks on the day (past their estimate, or stalled by a rollover: the texts say neither). */
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

/** Warning: the day's planned minutes over the capacity rule's 80% (medium) or 100% (high) of 240 usable minutes. */
export const overloadedDayRule: DailyInsightRule = (input) => {
  const day = tasksOfDay(input);
  if (day.length === 0 || day.every((task) => task.status === "done")) return null;
  const check = checkCapacity(day.map((task) => task.estimatedDuration));
  if (check.level === "fine") return null;
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
        ? `You planned ${plural(check.plannedMinutes, "minute")} against ${check.usableMinutes} usable. Consider deferring some tasks.`
        : `You planned ${plural(check.plannedMinutes, "minute")} of ${check.usableMinutes} usable. Make sure you have focus time.`,
  };
};

/** Warning: tasks of the day first started more than 240 minutes after their scheduled time. */
export const severeStartDelaysRule: DailyInsightRule = (input) => {
  const late = tasksOfDay(input).filter((task) => {
    if (!task.scheduledStartTime || !task.firstStartedAt || !/^\d{2}:\d{2}$/.test(task.scheduledStartTime)) return false;
    // The wall clocks' difference is the delay, give or take a DST change, unless the start came
    // the day after the task's day (over half a day "early" on the start's day: getStartDelay then
    // measures against the task's day). Only those and near-severe ones are measured exactly
    // (getStartDelay, whose zone arithmetic is the slow part).
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

/** Warning: unfinished tasks still dated on an earlier day of the history. */
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

/** Suggestion: an open task of the day of LARGE_TASK_MIN_MINUTES or more with no scheduled start time. */
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

/** Suggestion: an open task of the day that has rolled over REPEATED_ROLLOVER_MIN_COUNT times or more. */
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

/** Morning 05:00-11:59, afternoon 12:00-16:59, evening 17:00-21:59, night 22:00-04:59 (the user's zone). */
export function dayPeriodOf(time: string | number): DayPeriod {
  const hour = typeof time === "number" ? time : Number(time.slice(0, 2));
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 22) return "evening";
  return "night";
}

/** Pattern: the time of day the user completes most tasks, over the history. */
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

/** Every rule, in the order insights of the same priority are shown. */
export const DAILY_INSIGHT_RULES: readonly DailyInsightRule[] = [
  goalCompletedRule,
  completionStreakRule,
  dayClearedRule,
  stalledTasksRule,
  overloadedDayRule,
  severeStartDelaysRule,
  overdueTasksRule,
  largeUnscheduledTaskRule,
  repeatedRolloverRule,
  completionTimePatternRule,
];

const PRIORITY_ORDER: Record<InsightPriority, number> = { high: 0, medium: 1, low: 2 };

/** High priority first, then medium, then low; the rules' order within a priority. */
export function sortInsightsByPriority<T extends { priority: InsightPriority }>(insights: readonly T[]): T[] {
  return insights
    .map((insight, index) => ({ insight, index }))
    .sort((a, b) => PRIORITY_ORDER[a.insight.priority] - PRIORITY_ORDER[b.insight.priority] || a.index - b.index)
    .map((entry) => entry.insight);
}

/** Runs every rule over the input: the day's insights, high priority first. */
export function computeDailyInsights(input: DailyInsightInput): RuleInsight[] {
  const found: RuleInsight[] = [];
  for (const rule of DAILY_INSIGHT_RULES) {
    const insight = rule(input);
    if (insight) found.push(insight);
  }
  return sortInsightsByPriority(found);
}

/** The first day of the history the rules read for `day`. */
export function historyStart(day: string): string {
  return addDays(day, -(HISTORY_DAYS - 1));
}
