// Threshold: docs/decisions/011-notification-rules.md.
import { dayInZone, isTimeOfDay, zonedDateTime } from "../../../../shared/rules/dates.ts";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import { classifyStartDelay, MINOR_DELAY_MAX_MINUTES } from "../../../../shared/rules/start-delay.ts";
import type { TaskStatus } from "../../../../shared/rules/task-status.ts";
import { type AppNotification, boardPath } from "../lib/app-notification.ts";
import { isolate } from "../../../lib/bidi.ts";

/** Past the 'minor' delay class: starting now would already be a 'moderate' delay or worse. */
export const PROCRASTINATION_THRESHOLD_MINUTES = MINOR_DELAY_MAX_MINUTES;

interface ProcrastinationTask {
  status: TaskStatus;
  date: string | null;
  scheduledStartTime: string | null;
}

export function minutesPastScheduledStart(task: ProcrastinationTask, now: number, timeZone: string): number | null {
  if (!task.date || !task.scheduledStartTime || !isTimeOfDay(task.scheduledStartTime)) return null;
  const scheduled = zonedDateTime(task.date, task.scheduledStartTime, timeZone).getTime();
  return Math.trunc((now - scheduled) / 60_000) + 0;
}

export function shouldRemindProcrastination(
  task: ProcrastinationTask,
  lastShownAt: number | null,
  context: { now: number; today: string; timeZone: string },
): boolean {
  if (task.status !== "todo" || task.date !== context.today) return false;
  const late = minutesPastScheduledStart(task, context.now, context.timeZone);
  if (late === null) return false;
  const delayClass = classifyStartDelay(late);
  if (delayClass !== "moderate" && delayClass !== "severe") return false;
  return lastShownAt === null || dayInZone(new Date(lastShownAt), context.timeZone) !== context.today;
}

export function procrastinationNotification(
  task: { id: string; title: string; date: string | null; scheduledStartTime: string | null },
  today: string,
): AppNotification {
  return {
    kind: "procrastination",
    key: `procrastination:${task.id}`,
    title: "Gentle Reminder",
    body: `"${isolate(task.title)}" was planned for ${formatTime12h(task.scheduledStartTime)}. A small start is still a start.`,
    path: boardPath(task.date, today),
  };
}
