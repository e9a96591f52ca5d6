// Apart from the zod schemas so that the wrap-up dialog does not bring the schema library along (decision 013).
import type { RolloverSettings } from "./rollover.ts";

export const MAX_ROLLOVER_DAYS_MIN = 1;
export const MAX_ROLLOVER_DAYS_MAX = 30;

export const ROLLOVER_DEFAULTS = {
  autoRolloverEnabled: true,
  autoRolloverTime: "23:30",
  rolloverTodoTasks: true,
  stallInProgressTasks: true,
  deferLargeTasks: true,
  maxRolloverDays: 7,
  requireConfirmation: false,
} as const satisfies RolloverSettings;

export const REFLECTION_REASONS = ["smooth", "bugs", "interruptions", "harder", "energy"] as const;
export type ReflectionReason = (typeof REFLECTION_REASONS)[number];

export const ROLLOVER_ACTIONS = ["rollover", "stall", "defer", "skip", "review"] as const;
export type RolloverAction = (typeof ROLLOVER_ACTIONS)[number];
