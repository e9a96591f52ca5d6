// The rollover settings' bounds and defaults and the wrap-up's reasons and actions (spec sections 3,
// 8 and 9), apart from the zod schemas in rollover.ts so that the board's wrap-up dialog does not
// bring the schema library along (decision 013).
import type { RolloverSettings } from "./rollover.ts";

export const MAX_ROLLOVER_DAYS_MIN = 1;
export const MAX_ROLLOVER_DAYS_MAX = 30;

/** Spec section 9 "Rollover defaults": what a user who never saved their settings gets. */
export const ROLLOVER_DEFAULTS = {
  autoRolloverEnabled: true,
  autoRolloverTime: "23:30",
  rolloverTodoTasks: true,
  stallInProgressTasks: true,
  deferLargeTasks: true,
  maxRolloverDays: 7,
  requireConfirmation: false,
} as const satisfies RolloverSettings;

/** The wrap-up's Quick Reflection reasons (spec section 2 "Daily Wrap-up dialog"). */
export const REFLECTION_REASONS = ["smooth", "bugs", "interruptions", "harder", "energy"] as const;
export type ReflectionReason = (typeof REFLECTION_REASONS)[number];

/**
 * What end-of-day rollover does with one not-done task (product-decisions.md): `review` means it
 * stays on its day (the wrap-up shows it as 'Review needed').
 */
export const ROLLOVER_ACTIONS = ["rollover", "stall", "defer", "review"] as const;
export type RolloverAction = (typeof ROLLOVER_ACTIONS)[number];
