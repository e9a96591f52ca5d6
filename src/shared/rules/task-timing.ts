import type { TaskStatus } from "./task-status.ts";

export const DEFAULT_ESTIMATE_MINUTES = 30;
export const STALL_FACTOR = 1.5;

const MS_PER_MINUTE = 60_000;

export interface TaskSession {
  status: TaskStatus;
  estimatedDuration: number | null;
  currentSessionStartedAt: string | null;
}

export function effectiveEstimateMinutes(estimatedDuration: number | null | undefined): number {
  return estimatedDuration != null && estimatedDuration > 0 ? estimatedDuration : DEFAULT_ESTIMATE_MINUTES;
}

export function sessionElapsedMs(task: Pick<TaskSession, "currentSessionStartedAt">, now: Date): number {
  if (!task.currentSessionStartedAt) return 0;
  const started = Date.parse(task.currentSessionStartedAt);
  if (Number.isNaN(started)) return 0;
  return Math.max(0, now.getTime() - started);
}

export function sessionWholeMinutes(task: Pick<TaskSession, "currentSessionStartedAt">, now: Date): number {
  return Math.floor(sessionElapsedMs(task, now) / MS_PER_MINUTE);
}

export type OvertimeSeverity = "warning" | "critical";

export interface Overtime {
  severity: OvertimeSeverity;
  overrunMinutes: number;
  estimateMinutes: number;
  elapsedMinutes: number;
}

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

export function stallDeadline(task: TaskSession): Date | null {
  if (task.status !== "inprogress" || !task.currentSessionStartedAt) return null;
  const started = Date.parse(task.currentSessionStartedAt);
  if (Number.isNaN(started)) return null;
  return new Date(started + effectiveEstimateMinutes(task.estimatedDuration) * STALL_FACTOR * MS_PER_MINUTE);
}

export function isPastStallThreshold(task: TaskSession, now: Date): boolean {
  const deadline = stallDeadline(task);
  return deadline !== null && now.getTime() > deadline.getTime();
}
