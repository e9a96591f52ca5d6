// The rollover API contract (spec sections 3 "Rollover summary", "Rollover preview response",
// "Rollover settings", 7 and 9 "Rollover defaults"; product-decisions.md "End-of-day rollover").
import { z } from "zod";
import { MAX_ROLLOVER_DAYS_MAX, MAX_ROLLOVER_DAYS_MIN, REFLECTION_REASONS, ROLLOVER_ACTIONS } from "./rollover-limits.ts";
import { calendarDateSchema, taskStatusSchema, timeOfDaySchema } from "./tasks.ts";

export {
  MAX_ROLLOVER_DAYS_MAX,
  MAX_ROLLOVER_DAYS_MIN,
  REFLECTION_REASONS,
  type ReflectionReason,
  ROLLOVER_ACTIONS,
  type RolloverAction,
  ROLLOVER_DEFAULTS,
} from "./rollover-limits.ts";

const flagSchema = z.boolean({ error: "must be true or false" });
const MAX_DAYS_MESSAGE = `must be a whole number from ${MAX_ROLLOVER_DAYS_MIN} to ${MAX_ROLLOVER_DAYS_MAX}`;

export const rolloverSettingsSchema = z.object({
  autoRolloverEnabled: flagSchema,
  /** 'HH:mm', 00:00 to 23:59, in the user's zone. */
  autoRolloverTime: timeOfDaySchema,
  rolloverTodoTasks: flagSchema,
  stallInProgressTasks: flagSchema,
  deferLargeTasks: flagSchema,
  maxRolloverDays: z
    .number({ error: MAX_DAYS_MESSAGE })
    .int({ error: MAX_DAYS_MESSAGE })
    .min(MAX_ROLLOVER_DAYS_MIN, { error: MAX_DAYS_MESSAGE })
    .max(MAX_ROLLOVER_DAYS_MAX, { error: MAX_DAYS_MESSAGE }),
  requireConfirmation: flagSchema,
});
/** GET and PATCH /api/rollover/settings answer this. */
export type RolloverSettings = z.infer<typeof rolloverSettingsSchema>;

/** PATCH /api/rollover/settings: any of the fields, at least one. */
export const updateRolloverSettingsBodySchema = rolloverSettingsSchema
  .partial()
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "must change at least one setting",
  });
export type UpdateRolloverSettingsBody = z.infer<typeof updateRolloverSettingsBodySchema>;

export const reflectionReasonSchema = z.enum(REFLECTION_REASONS, {
  error: `must be one of ${REFLECTION_REASONS.join(", ")}`,
});

export const rolloverActionSchema = z.enum(ROLLOVER_ACTIONS);

/** POST /api/rollover/preview: the day to preview, by default the user's today. An empty body is fine. */
export const rolloverPreviewBodySchema = z.object({ date: calendarDateSchema.optional() }).strict();
export type RolloverPreviewBody = z.infer<typeof rolloverPreviewBodySchema>;

/** POST /api/rollover/trigger: the day to close (default the user's today; a later day is a 400) and the wrap-up's reflection. */
export const rolloverTriggerBodySchema = z
  .object({
    date: calendarDateSchema.optional(),
    reflectionReasons: z
      .array(reflectionReasonSchema, { error: "must be a list of reasons" })
      .max(REFLECTION_REASONS.length, { error: "must not repeat a reason" })
      .refine((reasons) => new Set(reasons).size === reasons.length, { error: "must not repeat a reason" })
      .optional(),
  })
  .strict();
export type RolloverTriggerBody = z.infer<typeof rolloverTriggerBodySchema>;

/** GET /api/rollover/summary/{date} */
export const rolloverSummaryParamsSchema = z.object({ date: calendarDateSchema });
export type RolloverSummaryParams = z.infer<typeof rolloverSummaryParamsSchema>;

export const rolloverPreviewTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  estimatedDuration: z.number().int().nullable(),
  recommendedAction: rolloverActionSchema,
});
export type RolloverPreviewTask = z.infer<typeof rolloverPreviewTaskSchema>;

/** POST /api/rollover/preview: the day's not-done tasks with what a trigger would do; changes nothing. */
export const rolloverPreviewResponseSchema = z.object({
  date: z.string(),
  /** How many not-done tasks the day has, of a closed day those a close again would handle (the length of `tasks`). */
  totalTasks: z.number().int().nonnegative(),
  tasks: z.array(rolloverPreviewTaskSchema),
});
export type RolloverPreviewResponse = z.infer<typeof rolloverPreviewResponseSchema>;

/** POST /api/rollover/trigger and GET /api/rollover/summary/{date}: what closing the day did. */
export const rolloverSummarySchema = z.object({
  id: z.string(),
  date: z.string(),
  rolledOverCount: z.number().int().nonnegative(),
  stalledCount: z.number().int().nonnegative(),
  deferredCount: z.number().int().nonnegative(),
  reviewCount: z.number().int().nonnegative(),
  taskIds: z.object({
    rollover: z.array(z.string()),
    stall: z.array(z.string()),
    defer: z.array(z.string()),
    review: z.array(z.string()),
  }),
  /** The day's done tasks and all its tasks, when it was closed. */
  completedCount: z.number().int().nonnegative(),
  totalCount: z.number().int().nonnegative(),
  /** Sum of estimates, 30 minutes for a task without one (product-decisions.md "Capacity and wrap-up figures"). */
  plannedMinutes: z.number().int().nonnegative(),
  /** trackedMinutes of the tasks that have completedAt. */
  actualMinutes: z.number().int().nonnegative(),
  reflectionReasons: z.array(reflectionReasonSchema),
  createdAt: z.string(),
});
export type RolloverSummary = z.infer<typeof rolloverSummarySchema>;
