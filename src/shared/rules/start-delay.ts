import { dayInZone, daysBetween, isTimeOfDay, zonedDateTime } from "./dates.ts";
import { formatDuration } from "./format.ts";
import type { OvertimeSeverity } from "./task-timing.ts";

export const ON_TIME_WINDOW_MINUTES = 15;
export const MINOR_DELAY_MAX_MINUTES = 60;
export const MODERATE_DELAY_MAX_MINUTES = 240;

export type StartDelayClass = "early" | "ontime" | "minor" | "moderate" | "severe";

export const SEVERE_DELAY_RECOMMENDATION = "Consider scheduling tasks at more realistic times";
export const CRITICAL_OVERTIME_RECOMMENDATION = "Task may be blocked - consider asking for help or switching focus";

export function classifyStartDelay(delayMinutes: number): StartDelayClass {
  if (delayMinutes < -ON_TIME_WINDOW_MINUTES) return "early";
  if (delayMinutes <= ON_TIME_WINDOW_MINUTES) return "ontime";
  if (delayMinutes <= MINOR_DELAY_MAX_MINUTES) return "minor";
  if (delayMinutes <= MODERATE_DELAY_MAX_MINUTES) return "moderate";
  return "severe";
}

export interface StartDelay {
  minutes: number;
  class: StartDelayClass;
}

export interface StartDelayTask {
  scheduledStartTime: string | null;
  firstStartedAt: string | null;
  date?: string | null;
  rolledOverFromDate?: string | null;
}

// Read on the day of the first start, so that a moved task is measured against the day it started;
// across midnight the task's own days decide (23:45 Monday started at 00:05 Tuesday is 20m late).
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

export function taskRecommendations(input: {
  delayClass: StartDelayClass | null | undefined;
  overtimeSeverity: OvertimeSeverity | null | undefined;
}): string[] {
  const recommendations: string[] = [];
  if (input.delayClass === "severe") recommendations.push(SEVERE_DELAY_RECOMMENDATION);
  if (input.overtimeSeverity === "critical") recommendations.push(CRITICAL_OVERTIME_RECOMMENDATION);
  return recommendations;
}
