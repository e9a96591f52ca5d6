// The planner and the Capacity card use different defaults for a missing estimate on purpose.
import { workdayMinutes } from "./day-plan.ts";
import { countTasks, type TaskCounts } from "./task-counts.ts";
import type { TaskStatus } from "./task-status.ts";
import { DEFAULT_ESTIMATE_MINUTES } from "./task-timing.ts";
import { completionRate, type WorkloadLabel, workloadLabel, workloadRecommendation } from "./workload.ts";

export const CAPACITY_PROFILE = {
  typicalWorkHours: 6,
  peakHours: 8,
  bufferPercent: 20,
  breakMinutes: 60,
} as const;

export const AVAILABLE_MINUTES = CAPACITY_PROFILE.typicalWorkHours * 60 - CAPACITY_PROFILE.breakMinutes;
export const USABLE_MINUTES = (AVAILABLE_MINUTES * (100 - CAPACITY_PROFILE.bufferPercent)) / 100;
export const CAPACITY_WARNING_ABOVE_PERCENT = 80;
export const CAPACITY_CRITICAL_ABOVE_PERCENT = 100;

export const PLANNER_DEFAULT_ESTIMATE_MINUTES = DEFAULT_ESTIMATE_MINUTES;
export const CAPACITY_CARD_DEFAULT_ESTIMATE_MINUTES = 60;

export type CapacityLevel = "fine" | "warning" | "critical";

export interface CapacityCheck {
  plannedMinutes: number;
  availableMinutes: number;
  usableMinutes: number;
  /** Unrounded: the level is decided on this. */
  utilization: number;
  utilizationPercent: number;
  level: CapacityLevel;
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

/** The profile's 6 typical of 8 peak hours, scaled to the user's working day (issue 52): 8 hours give the spec's 6. */
export function typicalWorkMinutes(workdayMinutes: number = CAPACITY_PROFILE.peakHours * 60): number {
  return Math.round((workdayMinutes * CAPACITY_PROFILE.typicalWorkHours) / CAPACITY_PROFILE.peakHours);
}

/** The profile's available minutes less the day's meetings (src/shared/rules/meetings.ts). */
export function availableMinutes(meetingMinutes = 0, workdayMinutes?: number): number {
  return Math.max(0, typicalWorkMinutes(workdayMinutes) - CAPACITY_PROFILE.breakMinutes - meetingMinutes);
}

/** A day full of meetings has no usable minutes: any plan is then past this. */
const MAX_UTILIZATION = 999;

export function checkCapacity(estimates: readonly Estimate[], meetingMinutes = 0, workdayMinutes?: number): CapacityCheck {
  const plannedMinutes = sumEstimates(estimates, PLANNER_DEFAULT_ESTIMATE_MINUTES);
  const available = availableMinutes(meetingMinutes, workdayMinutes);
  const usableMinutes = (available * (100 - CAPACITY_PROFILE.bufferPercent)) / 100;
  const utilization =
    usableMinutes > 0 ? Math.min(MAX_UTILIZATION, (plannedMinutes / usableMinutes) * 100) : plannedMinutes > 0 ? MAX_UTILIZATION : 0;
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
    availableMinutes: available,
    usableMinutes,
    utilization,
    utilizationPercent,
    level,
    message,
  };
}

export interface DayCapacityInput {
  /** Every task planned on the day, done ones included: they took the day's time too. */
  tasks: readonly { estimatedDuration: Estimate }[];
  /** Tasks about to be added (a breakdown's), counted with the day's. */
  added?: readonly Estimate[];
  /** The day's busy timed meetings (meetings.ts). */
  meetingMinutes?: number;
  /** The user's working hours (HH:MM); the profile's 8-hour day without them. */
  workday?: { workdayStart: string; workdayEnd: string } | undefined;
}

/**
 * The one reading of a day's capacity (issue 56): its usable minutes (working hours less busy
 * meetings and the profile's break and buffer) and its load. The Capacity card, the insights, the
 * Break Down warning and the assistant all ask this.
 */
export function dayCapacity({ tasks, added = [], meetingMinutes = 0, workday }: DayCapacityInput): CapacityCheck {
  const estimates = [...tasks.map((task) => task.estimatedDuration), ...added];
  return checkCapacity(estimates, meetingMinutes, workday ? workdayMinutes(workday.workdayStart, workday.workdayEnd) : undefined);
}

export interface CapacityCardFigures {
  total: number;
  active: number;
  stalled: number;
  estimatedMinutes: number;
  estimatedHours: number;
  progressPercent: number;
  workloadLabel: WorkloadLabel;
  recommendation: string;
  breakdown: { done: number; working: number; todo: number };
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
