// The capacity planner (spec section 5) and the Capacity card figures (product-decisions.md,
// "Capacity and wrap-up figures"). The two use different defaults for a missing estimate on purpose.
import { countTasks, type TaskCounts } from "./task-counts.ts";
import type { TaskStatus } from "./task-status.ts";
import { DEFAULT_ESTIMATE_MINUTES } from "./task-timing.ts";
import { completionRate, type WorkloadLabel, workloadLabel, workloadRecommendation } from "./workload.ts";

/** The default profile: 6 typical work hours, 8 peak hours, 20% buffer, 60 minutes of breaks. */
export const CAPACITY_PROFILE = {
  typicalWorkHours: 6,
  peakHours: 8,
  bufferPercent: 20,
  breakMinutes: 60,
} as const;

/** 6 x 60 - 60 = 300 minutes. */
export const AVAILABLE_MINUTES = CAPACITY_PROFILE.typicalWorkHours * 60 - CAPACITY_PROFILE.breakMinutes;
/** 300 x 0.8 = 240 minutes. */
export const USABLE_MINUTES = (AVAILABLE_MINUTES * (100 - CAPACITY_PROFILE.bufferPercent)) / 100;
export const CAPACITY_WARNING_ABOVE_PERCENT = 80;
export const CAPACITY_CRITICAL_ABOVE_PERCENT = 100;

/** The planner counts a task without an estimate as 30 minutes (as do the wrap-up figures). */
export const PLANNER_DEFAULT_ESTIMATE_MINUTES = DEFAULT_ESTIMATE_MINUTES;
/** The Capacity card counts a task without an estimate as 60 minutes. */
export const CAPACITY_CARD_DEFAULT_ESTIMATE_MINUTES = 60;

export type CapacityLevel = "fine" | "warning" | "critical";

export interface CapacityCheck {
  plannedMinutes: number;
  availableMinutes: number;
  usableMinutes: number;
  /** planned / usable x 100, unrounded: the level is decided on this. */
  utilization: number;
  /** The rounded figure shown in the message. */
  utilizationPercent: number;
  level: CapacityLevel;
  /** The spec's message for a warning or critical level; null when fine. */
  message: string | null;
}

type Estimate = number | null | undefined;

function sumEstimates(estimates: readonly Estimate[], fallback: number): number {
  return estimates.reduce<number>((sum, estimate) => sum + (estimate != null && estimate > 0 ? estimate : fallback), 0);
}

export function criticalCapacityMessage(percent: number): string {
  return `Adding these tasks will put you at ${percent}% capacity. Consider deferring some tasks.`;
}

export function warningCapacityMessage(percent: number): string {
  return `This will bring you to ${percent}% capacity. Make sure you have focus time.`;
}

/**
 * Checks the estimates of every task planned for the day (those already there and those being
 * added): over 100% of the 240 usable minutes is critical, over 80% a warning, else fine.
 */
export function checkCapacity(estimates: readonly Estimate[]): CapacityCheck {
  const plannedMinutes = sumEstimates(estimates, PLANNER_DEFAULT_ESTIMATE_MINUTES);
  const utilization = (plannedMinutes / USABLE_MINUTES) * 100;
  const utilizationPercent = Math.round(utilization);
  const level: CapacityLevel =
    utilization > CAPACITY_CRITICAL_ABOVE_PERCENT ? "critical" : utilization > CAPACITY_WARNING_ABOVE_PERCENT ? "warning" : "fine";
  const message =
    level === "critical"
      ? criticalCapacityMessage(utilizationPercent)
      : level === "warning"
        ? warningCapacityMessage(utilizationPercent)
        : null;
  return {
    plannedMinutes,
    availableMinutes: AVAILABLE_MINUTES,
    usableMinutes: USABLE_MINUTES,
    utilization,
    utilizationPercent,
    level,
    message,
  };
}

export interface CapacityCardFigures {
  /** Every task of the day. */
  total: number;
  /** Tasks being worked on now (status inprogress; a stalled task is not active, see task-counts.ts). */
  active: number;
  /** Stalled tasks: in progress (Working) but not active. */
  stalled: number;
  /** Sum of estimates, 60 minutes for a task without one. */
  estimatedMinutes: number;
  /** estimatedMinutes in hours, one decimal (90 minutes: 1.5). */
  estimatedHours: number;
  /** done / total as a rounded percentage, 0 when there are no tasks. */
  progressPercent: number;
  workloadLabel: WorkloadLabel;
  recommendation: string;
  /** The Done/Working/Todo bar, by board column (a stalled task is Working); the parts sum to total. */
  breakdown: { done: number; working: number; todo: number };
  /** The counts every card shows (Today's Progress uses these too). */
  counts: TaskCounts;
}

export function capacityCardFigures(
  tasks: readonly { status: TaskStatus; estimatedDuration: number | null | undefined }[],
): CapacityCardFigures {
  const counts = countTasks(tasks);
  const breakdown = { done: counts.done, working: counts.inProgress, todo: counts.todo };
  const { total, active, stalled } = counts;
  const estimatedMinutes = sumEstimates(
    tasks.map((task) => task.estimatedDuration),
    CAPACITY_CARD_DEFAULT_ESTIMATE_MINUTES,
  );
  return {
    total,
    active,
    stalled,
    estimatedMinutes,
    estimatedHours: Math.round((estimatedMinutes / 60) * 10) / 10,
    progressPercent: completionRate(total, breakdown.done),
    workloadLabel: workloadLabel(total),
    recommendation: workloadRecommendation(total, breakdown.done),
    breakdown,
    counts,
  };
}
