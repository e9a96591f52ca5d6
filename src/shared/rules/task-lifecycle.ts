// Shared so that the web app can update its cache optimistically; the server's result is authoritative.
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
