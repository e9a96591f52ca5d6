// The lifecycle stamps of a status change (product-decisions.md, "Task lifecycle"). The server is
// authoritative; the web app may use the same function to update its cache optimistically.
import type { TaskStatus } from "./task-status.ts";
import { sessionWholeMinutes } from "./task-timing.ts";

export interface LifecycleFields {
  status: TaskStatus;
  startedAt: string | null;
  firstStartedAt: string | null;
  currentSessionStartedAt: string | null;
  workSessionCount: number;
  trackedMinutes: number;
  completedAt: string | null;
}

export type LifecycleChanges = Partial<LifecycleFields>;

/**
 * The fields to write when `task` moves to `nextStatus` at `now` (instants as ISO strings).
 * - leaving inprogress: the session's whole minutes go to trackedMinutes; the session ends;
 * - entering inprogress: startedAt and firstStartedAt if empty, a new session, workSessionCount + 1;
 * - entering done sets completedAt; leaving done clears it.
 * The same status changes nothing (an empty object).
 */
export function statusChangeStamps(task: LifecycleFields, nextStatus: TaskStatus, now: Date): LifecycleChanges {
  if (task.status === nextStatus) return {};
  const iso = now.toISOString();
  const changes: LifecycleChanges = { status: nextStatus };

  if (task.status === "inprogress") {
    changes.trackedMinutes = task.trackedMinutes + sessionWholeMinutes(task, now);
    changes.currentSessionStartedAt = null;
  }
  if (nextStatus === "inprogress") {
    if (!task.startedAt) changes.startedAt = iso;
    if (!task.firstStartedAt) changes.firstStartedAt = iso;
    changes.currentSessionStartedAt = iso;
    changes.workSessionCount = task.workSessionCount + 1;
  }

  if (nextStatus === "done") changes.completedAt = iso;
  else if (task.status === "done") changes.completedAt = null;

  return changes;
}
