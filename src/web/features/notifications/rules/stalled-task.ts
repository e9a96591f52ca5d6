import type { TaskStatus } from "../../../../shared/rules/task-status.ts";
import { type AppNotification, boardPath } from "../lib/app-notification.ts";
import { isolate } from "../../../lib/bidi.ts";

export const STALL_NOTICE_INTERVAL_MS = 60 * 60_000;

/** A marker in the future (the clock set back) waits until the clock passes it by an hour. */
export function shouldNotifyStall(task: { status: TaskStatus }, lastShownAt: number | null, now: number): boolean {
  if (task.status !== "stalled") return false;
  return lastShownAt === null || now - lastShownAt >= STALL_NOTICE_INTERVAL_MS;
}

export function stallNotification(task: { id: string; title: string; date: string | null }, today: string): AppNotification {
  return {
    kind: "stalled",
    key: `stall:${task.id}`,
    title: "Task Stalled",
    // Stalled by its estimate or by the end of its day (spec section 4): the notice says neither.
    body: `"${isolate(task.title)}" has stalled. Resume it, complete it or reschedule it.`,
    path: boardPath(task.date, today),
  };
}
