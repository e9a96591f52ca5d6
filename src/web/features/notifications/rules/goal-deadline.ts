// N: docs/decisions/011-notification-rules.md; overdue: 026-overdue-goals.md.
import type { GoalStatus } from "../../../../shared/api/goals.ts";
import { dayInZone, daysBetween, isCalendarDate } from "../../../../shared/rules/dates.ts";
import { type AppNotification, goalPath } from "../lib/app-notification.ts";
import { isolate } from "../../../lib/bidi.ts";

export const GOAL_DEADLINE_NOTICE_DAYS = 3;

interface DeadlineGoal {
  status: GoalStatus;
  targetDate: string | null;
  completedTasksCount: number;
  totalTasksCount: number;
}

export function daysUntilTarget(goal: { targetDate: string | null }, today: string): number | null {
  if (!goal.targetDate || !isCalendarDate(goal.targetDate)) return null;
  return daysBetween(today, goal.targetDate);
}

/** Only days either side of the target date: later it would nag every day. */
export function shouldNotifyGoalDeadline(
  goal: DeadlineGoal,
  lastShownAt: number | null,
  context: { today: string; timeZone: string },
): boolean {
  if (goal.status !== "active" || goal.totalTasksCount <= goal.completedTasksCount) return false;
  const days = daysUntilTarget(goal, context.today);
  if (days === null || Math.abs(days) > GOAL_DEADLINE_NOTICE_DAYS) return false;
  return lastShownAt === null || dayInZone(new Date(lastShownAt), context.timeZone) !== context.today;
}

function dueText(days: number): string {
  if (days === -1) return "is overdue: it was due yesterday";
  if (days < 0) return `is overdue: it was due ${-days} days ago`;
  if (days === 0) return "is due today";
  if (days === 1) return "is due tomorrow";
  return `is due in ${days} days`;
}

export function goalDeadlineNotification(
  goal: { id: string; title: string; targetDate: string | null; completedTasksCount: number; totalTasksCount: number },
  today: string,
): AppNotification {
  const days = daysUntilTarget(goal, today) ?? 0;
  const left = goal.totalTasksCount - goal.completedTasksCount;
  return {
    kind: "goal-deadline",
    key: `goal-deadline:${goal.id}`,
    title: days < 0 ? "Goal Overdue" : days === 0 ? "Goal Due Today" : "Goal Due Soon",
    body: `"${isolate(goal.title)}" ${dueText(days)}, with ${left} ${left === 1 ? "task" : "tasks"} still to do.`,
    path: goalPath(goal.id),
  };
}
