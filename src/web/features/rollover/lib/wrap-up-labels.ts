// How the wrap-up names reasons and actions (spec section 2 "Daily Wrap-up dialog").
import type { ReflectionReason, RolloverAction } from "../../../../shared/api/rollover.ts";
import { addDays } from "../../../../shared/rules/dates.ts";
import { shortDateLabel } from "../../tasks/index.ts";

/** The Quick Reflection's reasons, in the order they are offered and sent. */
export const REFLECTION_REASON_LABELS: Record<ReflectionReason, string> = {
  smooth: "Smooth day",
  bugs: "Bugs or blockers",
  interruptions: "Interruptions",
  harder: "Harder than expected",
  energy: "Low energy",
};

/** rollover 'Roll over', stall 'Mark stalled', defer 'Defer', skip 'Skip', anything else 'Review needed'. */
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

/** How many incomplete tasks the wrap-up lists by title before '...and n more tasks'. */
export const LISTED_INCOMPLETE_TASKS = 3;

export function moreTasksLabel(count: number): string {
  return `...and ${count} more tasks`;
}

/**
 * The headings that name the day summed up: the spec's words for today, else the day's name (and
 * where its tasks move on to), so a past day's wrap-up never reads as today's.
 */
export function wrapUpDayLabels(date: string, today: string): { summary: string; question: string; rollover: string } {
  if (date === today) return { summary: "Today's Summary", question: "What made today challenging?", rollover: "Rollover to tomorrow" };
  const next = addDays(date, 1);
  return {
    summary: `Summary of ${shortDateLabel(date)}`,
    question: "What made this day challenging?",
    rollover: next === today ? "Rollover to today" : `Rollover to ${shortDateLabel(next)}`,
  };
}
