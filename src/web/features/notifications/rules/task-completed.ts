import { isCompleted, type TaskStatus } from "../../../../shared/rules/task-status.ts";
import { type AppNotification, boardPath } from "../lib/app-notification.ts";
import { isolate } from "../../../lib/bidi.ts";

export const COMPLETION_WINDOW_MS = 5_000;

/** The server stamps completedAt with its clock; a browser clock a little behind would see it "in the future". */
export const COMPLETION_CLOCK_SKEW_MS = 5_000;

export function completionTime(task: { status: TaskStatus; completedAt: string | null }): number | null {
  if (!isCompleted(task.status) || !task.completedAt) return null;
  const time = Date.parse(task.completedAt);
  return Number.isNaN(time) ? null : time;
}

/** So that the same completion seen again (a refetch, the server's stamp replacing the optimistic one) is celebrated once. */
export function shouldCelebrateCompletion(
  task: { status: TaskStatus; completedAt: string | null },
  celebratedAt: number | null,
  now: number,
): boolean {
  const completedAt = completionTime(task);
  if (completedAt === null) return false;
  const age = now - completedAt;
  if (age > COMPLETION_WINDOW_MS || age < -COMPLETION_CLOCK_SKEW_MS) return false;
  return celebratedAt === null || Math.abs(completedAt - celebratedAt) > COMPLETION_WINDOW_MS;
}

export function completionNotification(task: { id: string; title: string; date: string | null }, today: string): AppNotification {
  return {
    kind: "completed",
    key: `completed:${task.id}`,
    title: "Task Completed",
    body: `Nice work! "${isolate(task.title)}" is done.`,
    path: boardPath(task.date, today),
  };
}
