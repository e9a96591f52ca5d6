import type { Goal } from "../../../../shared/api/goals.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { newHighPriorityInsights, insightNotification, type InsightLike } from "../rules/daily-insights.ts";
import { goalDeadlineNotification, shouldNotifyGoalDeadline } from "../rules/goal-deadline.ts";
import { procrastinationNotification, shouldRemindProcrastination } from "../rules/procrastination.ts";
import { shouldNotifyStall, stallNotification } from "../rules/stalled-task.ts";
import { completionNotification, completionTime, shouldCelebrateCompletion } from "../rules/task-completed.ts";
import type { AppNotification } from "./app-notification.ts";
import type { NotificationPreferences } from "./notification-preferences.ts";

export interface NotificationCandidate {
  notification: AppNotification;
  shouldNotify: (marker: number | null) => boolean;
  markerValue: number;
}

export interface EngineSnapshot {
  preferences: NotificationPreferences;
  now: number;
  today: string;
  timeZone: string;
  stalledTasks?: readonly Task[];
  todayTasks?: readonly Task[];
  /** Null while a task change is being saved. */
  knownTasks?: readonly Task[] | null;
  goals?: readonly Goal[];
  insights?: { date: string; insights: readonly InsightLike[] };
}

export function latestTasks(tasks: readonly Task[]): Task[] {
  const byId = new Map<string, Task>();
  for (const task of tasks) {
    const known = byId.get(task.id);
    if (!known || known.updatedAt < task.updatedAt) byId.set(task.id, task);
  }
  return [...byId.values()];
}

export function collectNotificationCandidates(snapshot: EngineSnapshot): NotificationCandidate[] {
  const { preferences, now, today, timeZone } = snapshot;
  const candidates: NotificationCandidate[] = [];

  if (preferences.stalledTasks) {
    for (const task of snapshot.stalledTasks ?? []) {
      if (!shouldNotifyStall(task, null, now)) continue;
      candidates.push({
        notification: stallNotification(task, today),
        shouldNotify: (marker) => shouldNotifyStall(task, marker, now),
        markerValue: now,
      });
    }
  }

  if (preferences.completionCelebrations && snapshot.knownTasks) {
    for (const task of latestTasks(snapshot.knownTasks)) {
      const completedAt = completionTime(task);
      if (completedAt === null || !shouldCelebrateCompletion(task, null, now)) continue;
      candidates.push({
        notification: completionNotification(task, today),
        shouldNotify: (marker) => shouldCelebrateCompletion(task, marker, now),
        markerValue: completedAt,
      });
    }
  }

  if (preferences.procrastinationAlerts) {
    const context = { now, today, timeZone };
    for (const task of snapshot.todayTasks ?? []) {
      if (!shouldRemindProcrastination(task, null, context)) continue;
      candidates.push({
        notification: procrastinationNotification(task, today),
        shouldNotify: (marker) => shouldRemindProcrastination(task, marker, context),
        markerValue: now,
      });
    }
  }

  if (preferences.goalDeadlines) {
    const context = { today, timeZone };
    for (const goal of snapshot.goals ?? []) {
      if (!shouldNotifyGoalDeadline(goal, null, context)) continue;
      candidates.push({
        notification: goalDeadlineNotification(goal, today),
        shouldNotify: (marker) => shouldNotifyGoalDeadline(goal, marker, context),
        markerValue: now,
      });
    }
  }

  if (preferences.dailyInsights && snapshot.insights) {
    const { date, insights } = snapshot.insights;
    for (const insight of newHighPriorityInsights(insights, { date, today, wasNotified: () => false })) {
      candidates.push({
        notification: insightNotification(insight, date),
        shouldNotify: (marker) => marker === null,
        markerValue: now,
      });
    }
  }

  return candidates;
}
