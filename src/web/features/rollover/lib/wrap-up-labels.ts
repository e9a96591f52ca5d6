import type { ReflectionReason, RolloverAction } from "../../../../shared/api/rollover.ts";
import { addDays } from "../../../../shared/rules/dates.ts";
import { shortDateLabel } from "../../tasks/index.ts";

export const REFLECTION_REASON_LABELS: Record<ReflectionReason, string> = {
  smooth: "Smooth day",
  bugs: "Bugs or blockers",
  interruptions: "Interruptions",
  harder: "Harder than expected",
  energy: "Low energy",
};

export function rolloverActionLabel(action: RolloverAction | string): string {
  switch (action) {
    case "rollover":
      return "Roll over";
    case "stall":
      return "Mark stalled";
    case "defer":
      return "Defer";
    case "skip":
      return "Skip";
    default:
      return "Review needed";
  }
}

export const LISTED_INCOMPLETE_TASKS = 3;

export function moreTasksLabel(count: number): string {
  return `...and ${count} more tasks`;
}

/** So that a past day's wrap-up never reads as today's. */
export function wrapUpDayLabels(date: string, today: string): { summary: string; question: string; rollover: string } {
  if (date === today) return { summary: "Today's Summary", question: "What made today challenging?", rollover: "Rollover to tomorrow" };
  const next = addDays(date, 1);
  return {
    summary: `Summary of ${shortDateLabel(date)}`,
    question: "What made this day challenging?",
    rollover: next === today ? "Rollover to today" : `Rollover to ${shortDateLabel(next)}`,
  };
}
