// Start-delay classification (spec section 4): the first start compared with the scheduled start.
import { dayInZone, isTimeOfDay, zonedDateTime } from "./dates.ts";
import { formatDuration } from "./format.ts";
import type { OvertimeSeverity } from "./task-timing.ts";

export const ON_TIME_WINDOW_MINUTES = 15;
export const MINOR_DELAY_MAX_MINUTES = 60;
export const MODERATE_DELAY_MAX_MINUTES = 240;

export type StartDelayClass = "early" | "ontime" | "minor" | "moderate" | "severe";

export const SEVERE_DELAY_RECOMMENDATION = "Consider scheduling tasks at more realistic times";
export const CRITICAL_OVERTIME_RECOMMENDATION = "Task may be blocked - consider asking for help or switching focus";

/**
 * The class of a delay in whole minutes (positive = late, negative = early):
 * early below -15; on time from -15 to 15; minor 16 to 60; moderate 61 to 240; severe over 240.
 */
export function classifyStartDelay(delayMinutes: number): StartDelayClass {
  if (delayMinutes < -ON_TIME_WINDOW_MINUTES) return "early";
  if (delayMinutes <= ON_TIME_WINDOW_MINUTES) return "ontime";
  if (delayMinutes <= MINOR_DELAY_MAX_MINUTES) return "minor";
  if (delayMinutes <= MODERATE_DELAY_MAX_MINUTES) return "moderate";
  return "severe";
}

export interface StartDelay {
  /** Whole minutes, truncated toward zero: positive when late, negative when early. */
  minutes: number;
  class: StartDelayClass;
}

/**
 * The delay between the scheduled start time and the first start. The scheduled time is read on
 * the calendar day of the first start, in the user's zone, so a task that was rolled over or moved
 * is measured against the day it was actually started. Null without a scheduled time or a first start.
 */
export function getStartDelay(
  task: { scheduledStartTime: string | null; firstStartedAt: string | null },
  timeZone: string,
): StartDelay | null {
  if (!task.scheduledStartTime || !task.firstStartedAt || !isTimeOfDay(task.scheduledStartTime)) return null;
  const firstStarted = Date.parse(task.firstStartedAt);
  if (Number.isNaN(firstStarted)) return null;
  const scheduled = zonedDateTime(dayInZone(task.firstStartedAt, timeZone), task.scheduledStartTime, timeZone);
  const minutes = Math.trunc((firstStarted - scheduled.getTime()) / 60_000) + 0; // + 0 turns -0 into 0
  return { minutes, class: classifyStartDelay(minutes) };
}

/** A short line for the task card, e.g. 'Started 20m late'. */
export function describeStartDelay(delay: StartDelay): string {
  const span = formatDuration(Math.abs(delay.minutes));
  switch (delay.class) {
    case "early":
      return `Started ${span} early`;
    case "ontime":
      return "Started on time";
    default:
      return `Started ${span} late`;
  }
}

/** The card's recommendations: severe delay, then critical overtime (spec section 4). */
export function taskRecommendations(input: {
  delayClass: StartDelayClass | null | undefined;
  overtimeSeverity: OvertimeSeverity | null | undefined;
}): string[] {
  const recommendations: string[] = [];
  if (input.delayClass === "severe") recommendations.push(SEVERE_DELAY_RECOMMENDATION);
  if (input.overtimeSeverity === "critical") recommendations.push(CRITICAL_OVERTIME_RECOMMENDATION);
  return recommendations;
}
