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
export type RolloverSettings = z.infer<typeof rolloverSettingsSchema>;

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

export const rolloverPreviewBodySchema = z.object({ date: calendarDateSchema.optional() }).strict();
export type RolloverPreviewBody = z.infer<typeof rolloverPreviewBodySchema>;

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

export const rolloverSummaryParamsSchema = z.object({ date: calendarDateSchema });

export const rolloverPreviewTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  estimatedDuration: z.number().int().nullable(),
  recommendedAction: rolloverActionSchema,
});

export const rolloverPreviewResponseSchema = z.object({
  date: z.string(),
  /** Of a rolled-over day, only those a new rollover would handle. */
  totalTasks: z.number().int().nonnegative(),
  tasks: z.array(rolloverPreviewTaskSchema),
});
export type RolloverPreviewResponse = z.infer<typeof rolloverPreviewResponseSchema>;

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
    /** Occurrences whose series occurs on the next day (absent from rollovers without any). */
    skip: z.array(z.string()).optional(),
    review: z.array(z.string()),
  }),
  completedCount: z.number().int().nonnegative(),
  totalCount: z.number().int().nonnegative(),
  plannedMinutes: z.number().int().nonnegative(),
  actualMinutes: z.number().int().nonnegative(),
  reflectionReasons: z.array(reflectionReasonSchema),
  createdAt: z.string(),
});

/** The summary read by a query: a day not rolled over is an ordinary answer (null), not the path's 404. */
export const rolloverSummaryQuerySchema = z.object({ date: calendarDateSchema });
export const rolloverSummaryLookupSchema = z.object({ summary: rolloverSummarySchema.nullable() });
export type RolloverSummaryLookup = z.infer<typeof rolloverSummaryLookupSchema>;
export type RolloverSummary = z.infer<typeof rolloverSummarySchema>;
