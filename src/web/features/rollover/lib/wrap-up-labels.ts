// How the wrap-up names reasons and actions (spec section 2 "Daily Wrap-up dialog").
import type { ReflectionReason, RolloverAction } from "../../../../shared/api/rollover.ts";

/** The Quick Reflection's reasons, in the order they are offered and sent. */
export const REFLECTION_REASON_LABELS: Record<ReflectionReason, string> = {
  smooth: "Smooth day",
  bugs: "Bugs or blockers",
  interruptions: "Interruptions",
  harder: "Harder than expected",
  energy: "Low energy",
};

/** rollover 'Roll over', stall 'Mark stalled', defer 'Defer', anything else 'Review needed'. */
export function rolloverActionLabel(action: RolloverAction | string): string {
  switch (action) {
    case "rollover":
      return "Roll over";
    case "stall":
      return "Mark stalled";
    case "defer":
      return "Defer";
    default:
      return "Review needed";
  }
}

/** How many incomplete tasks the wrap-up lists by title before '...and n more tasks'. */
export const LISTED_INCOMPLETE_TASKS = 3;

export function moreTasksLabel(count: number): string {
  return `...and ${count} more tasks`;
}
