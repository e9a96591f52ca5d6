// Start-delay classification (spec section 4): the first start compared with the scheduled start.
import { dayInZone, daysBetween, isTimeOfDay, zonedDateTime } from "./dates.ts";
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

/** What the delay reads of a task: its scheduled time, first start, and the days it was on. */
export interface StartDelayTask {
  scheduledStartTime: string | null;
  firstStartedAt: string | null;
  /** The task's day, and the day it rolled over from, when known (the night's hint below). */
  date?: string | null;
  rolledOverFromDate?: string | null;
}

/**
 * The delay between the scheduled start time and the first start. The scheduled time is read on
 * the calendar day of the first start, in the user's zone, so a task that was rolled over or moved
 * is measured against the day it was actually started. Across midnight, the task's own days decide:
 * when its day, or the day it rolled over from, is the day before or after the first start and puts
 * the scheduled time nearer to it, that day is the one (23:45 on Monday started at 00:05 on Tuesday
 * is 20 minutes late, not 23 hours early). Null without a scheduled time or a first start.
 */
export function getStartDelay(task: StartDelayTask, timeZone: string): StartDelay | null {
  if (!task.scheduledStartTime || !task.firstStartedAt || !isTimeOfDay(task.scheduledStartTime)) return null;
  const firstStarted = Date.parse(task.firstStartedAt);
  if (Number.isNaN(firstStarted)) return null;
  const startDay = dayInZone(task.firstStartedAt, timeZone);
  const delayOn = (day: string) => firstStarted - zonedDateTime(day, task.scheduledStartTime!, timeZone).getTime();
  let delayMs = delayOn(startDay);
  for (const day of [task.date, task.rolledOverFromDate]) {
    if (!day || Math.abs(daysBetween(startDay, day)) !== 1) continue;
    const delayThatDay = delayOn(day);
    if (Math.abs(delayThatDay) < Math.abs(delayMs)) delayMs = delayThatDay;
  }
  const minutes = Math.trunc(delayMs / 60_000) + 0; // + 0 turns -0 into 0
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
