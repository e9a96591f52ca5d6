// How long the current work session has run against the estimate: overtime (spec section 4) and
// the stalled rule (150%, product-decisions.md "Task lifecycle"). Times are compared to the millisecond.
import type { TaskStatus } from "./task-status.ts";

/** The estimate assumed for overtime, stalling and the capacity planner when a task has none. */
export const DEFAULT_ESTIMATE_MINUTES = 30;
/** A session past this multiple of the estimate is stalled (and its overtime is critical). */
export const STALL_FACTOR = 1.5;

const MS_PER_MINUTE = 60_000;

export interface TaskSession {
  status: TaskStatus;
  estimatedDuration: number | null;
  /** ISO instant; set while the task is in progress. */
  currentSessionStartedAt: string | null;
}

export function effectiveEstimateMinutes(estimatedDuration: number | null | undefined): number {
  return estimatedDuration != null && estimatedDuration > 0 ? estimatedDuration : DEFAULT_ESTIMATE_MINUTES;
}

/** Milliseconds the current session has run (0 when there is none or the clock is behind). */
export function sessionElapsedMs(task: Pick<TaskSession, "currentSessionStartedAt">, now: Date): number {
  if (!task.currentSessionStartedAt) return 0;
  const started = Date.parse(task.currentSessionStartedAt);
  if (Number.isNaN(started)) return 0;
  return Math.max(0, now.getTime() - started);
}

/** Whole minutes of the current session: what leaving `inprogress` adds to trackedMinutes. */
export function sessionWholeMinutes(task: Pick<TaskSession, "currentSessionStartedAt">, now: Date): number {
  return Math.floor(sessionElapsedMs(task, now) / MS_PER_MINUTE);
}

export type OvertimeSeverity = "warning" | "critical";

export interface Overtime {
  severity: OvertimeSeverity;
  /** Whole minutes run past the estimate (at least 0; a few seconds over reads as 0). */
  overrunMinutes: number;
  estimateMinutes: number;
  elapsedMinutes: number;
}

/**
 * An in-progress task is overtime when the current session has run longer than the estimate
 * (30 minutes if none); 'critical' when the overrun exceeds half the estimate, else 'warning'.
 * Returns null when the task is not overtime.
 */
export function getOvertime(task: TaskSession, now: Date): Overtime | null {
  if (task.status !== "inprogress" || !task.currentSessionStartedAt) return null;
  const estimateMinutes = effectiveEstimateMinutes(task.estimatedDuration);
  const elapsedMs = sessionElapsedMs(task, now);
  const estimateMs = estimateMinutes * MS_PER_MINUTE;
  if (elapsedMs <= estimateMs) return null;
  const overrunMs = elapsedMs - estimateMs;
  return {
    severity: overrunMs > estimateMs / 2 ? "critical" : "warning",
    overrunMinutes: Math.floor(overrunMs / MS_PER_MINUTE),
    estimateMinutes,
    elapsedMinutes: Math.floor(elapsedMs / MS_PER_MINUTE),
  };
}

/** The instant after which an in-progress session counts as stalled, or null when not in progress. */
export function stallDeadline(task: TaskSession): Date | null {
  if (task.status !== "inprogress" || !task.currentSessionStartedAt) return null;
  const started = Date.parse(task.currentSessionStartedAt);
  if (Number.isNaN(started)) return null;
  return new Date(started + effectiveEstimateMinutes(task.estimatedDuration) * STALL_FACTOR * MS_PER_MINUTE);
}

/** An in-progress task whose current session has run past 150% of its estimate (30 minutes when none). */
export function isPastStallThreshold(task: TaskSession, now: Date): boolean {
  const deadline = stallDeadline(task);
  return deadline !== null && now.getTime() > deadline.getTime();
}
