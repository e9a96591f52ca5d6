// Export, import and the account's deletion (decision 037). Response schemas stay plain.
import { z } from "zod";
import { TASK_STATUSES } from "../rules/task-status.ts";
import { goalStatusSchema } from "./goals.ts";
import { dailyInsightSchema, weeklyInsightSchema } from "./insights.ts";
import { rolloverSettingsSchema, rolloverSummarySchema } from "./rollover.ts";
import { calendarDateSchema, taskStatusSchema } from "./tasks.ts";

export const EXPORT_FORMAT = "daywise-export";
export const EXPORT_VERSION = 1;

/** The tasks CSV's columns, in order, and the field each is read from. */
export const TASKS_CSV_COLUMNS = [
  ["title", "title"],
  ["description", "description"],
  ["date", "date"],
  ["start time", "scheduledStartTime"],
  ["estimate", "estimatedDuration"],
  ["status", "status"],
  ["goal", "goalTitle"],
  ["recurrence", "recurrence"],
  ["checklist", "checklist"],
  ["completed at", "completedAt"],
  ["tracked minutes", "trackedMinutes"],
  ["rollover count", "rolloverCount"],
  ["created at", "createdAt"],
  ["id", "id"],
] as const;

export * from "./data-transfer-limits.ts";
import { IMPORT_FORMATS } from "./data-transfer-limits.ts";

// Both databases' integer columns hold up to 2^31 - 1.
const count = z
  .number()
  .int()
  .nonnegative()
  .lt(2 ** 31);
const tokens = count.nullable();
const instant = z.string().min(1);
/** An instant as this app writes them (toISOString), which its rules compare as text. */
const isoInstant = z.iso.datetime({ precision: 3 });

// Goals, series and tasks are read leniently: an odd field falls back (.catch) instead of losing the row,
// which the API's own checks then judge; only a record that is not an object, or has no id, is dropped.
const text = z.string().catch("");
const textOrNull = z.string().nullable().catch(null);
const dayOrNull = calendarDateSchema.nullable().catch(null);
const instantOrNull = isoInstant.nullable().catch(null);
const instantOrAbsent = isoInstant.optional().catch(undefined);
const numberOrNull = z.number().nullable().catch(null);
const checklistRecord = z.object({
  id: z.string().optional(),
  title: z.string(),
  done: z.boolean().catch(false),
  position: z.number().optional(),
});

/** The records of a Daywise export as the exporter writes them and the importer checks each one (an insight keeps the fields it was stored with). */
export const exportRecordSchemas = {
  goals: z.object({
    id: z.string(),
    title: text,
    description: textOrNull,
    targetDate: dayOrNull,
    status: goalStatusSchema.catch("active"),
    totalTasksCount: count.catch(0),
    completedTasksCount: count.catch(0),
    createdAt: instantOrAbsent,
    updatedAt: instantOrAbsent,
  }),
  taskSeries: z.object({
    id: z.string(),
    recurrence: text,
    startDate: text,
    endDate: textOrNull,
    skippedDays: text,
    title: text,
    description: textOrNull,
    estimatedDuration: numberOrNull,
    scheduledStartTime: textOrNull,
    goalId: textOrNull,
    /** The titles of the steps each new occurrence starts with. */
    checklistTemplate: z.array(z.string()).catch([]),
    createdAt: instantOrAbsent,
    updatedAt: instantOrAbsent,
  }),
  tasks: z.object({
    id: z.string().optional().catch(undefined),
    goalId: textOrNull,
    goalTitle: textOrNull,
    title: text,
    description: textOrNull,
    status: taskStatusSchema.catch("todo"),
    date: textOrNull,
    estimatedDuration: numberOrNull,
    scheduledStartTime: textOrNull,
    seriesId: textOrNull,
    recurrence: textOrNull,
    occurrenceDate: dayOrNull,
    firstStartedAt: instantOrNull,
    currentSessionStartedAt: instantOrNull,
    workSessionCount: count.catch(0),
    startedAt: instantOrNull,
    completedAt: instantOrNull,
    trackedMinutes: count.catch(0),
    rolloverCount: count.catch(0),
    firstPlannedDate: dayOrNull,
    rolledOverFromDate: dayOrNull,
    position: z.number().optional().catch(undefined),
    checklist: z.array(checklistRecord).catch([]),
    createdAt: instantOrAbsent,
    updatedAt: instantOrAbsent,
  }),
  rolloverSettings: rolloverSettingsSchema.extend({ updatedAt: instant.nullish() }),
  rolloverSummaries: rolloverSummarySchema,
  dailyInsights: z.object({
    date: calendarDateSchema,
    insights: z.array(dailyInsightSchema.loose()),
    viewed: z.boolean(),
    provider: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  }),
  weeklySummaries: z.object({
    weekStartDate: calendarDateSchema,
    tasksTotal: count,
    tasksCompleted: count,
    goalsProgressed: count,
    insights: z.array(weeklyInsightSchema.loose()),
    summaryText: z.string(),
    generatedAt: instant,
    viewed: z.boolean(),
    createdAt: instant,
  }),
  aiConversations: z.object({ provider: z.string().min(1), inputTokens: tokens, outputTokens: tokens, createdAt: instant }),
  aiBreakdowns: z.object({
    provider: z.string().min(1),
    inputTokens: tokens,
    outputTokens: tokens,
    createdAt: instant,
    goalId: z.string().nullable(),
    suggestionsShown: count,
    suggestionsCreated: count,
  }),
  calendarSubscriptions: z.object({ name: z.string(), url: z.string() }),
};

const loose = (schema: z.ZodObject) => z.array(schema.loose());

/** A Daywise export: its head, then a list a table (src/server/db/table-owners.ts marks which). */
export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: instant,
  profile: z.object({
    name: z.string(),
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    timeZone: z.string(),
    createdAt: instant,
  }),
  goals: loose(exportRecordSchemas.goals),
  taskSeries: loose(exportRecordSchemas.taskSeries),
  tasks: loose(exportRecordSchemas.tasks),
  rolloverSummaries: loose(exportRecordSchemas.rolloverSummaries),
  dailyInsights: z.array(z.looseObject({ ...exportRecordSchemas.dailyInsights.shape, id: z.string() })),
  weeklySummaries: z.array(z.looseObject({ ...exportRecordSchemas.weeklySummaries.shape, id: z.string() })),
  calendarSubscriptions: z.array(exportRecordSchemas.calendarSubscriptions.loose()),
  rolloverSettings: exportRecordSchemas.rolloverSettings.nullable(),
  aiAnalytics: z.object({ breakdowns: loose(exportRecordSchemas.aiBreakdowns), conversations: loose(exportRecordSchemas.aiConversations) }),
});
export type ExportDocument = z.input<typeof exportDocumentSchema>;

export const importBodySchema = z
  .object({
    format: z.enum(IMPORT_FORMATS, { error: `must be one of ${IMPORT_FORMATS.join(", ")}` }),
    content: z.string({ error: "must be the file's text" }),
    dryRun: z.boolean({ error: "must be true or false" }).default(false),
    /** Leaves out what looks like something the account already has (see `duplicates`). */
    skipDuplicates: z.boolean({ error: "must be true or false" }).default(false),
    /** Todoist's sections become goals; when false, each task notes its section in the description. */
    sectionsAsGoals: z.boolean({ error: "must be true or false" }).default(true),
  })
  .strict();
export type ImportBody = z.output<typeof importBodySchema>;
export type ImportInput = z.input<typeof importBodySchema>;

export const importPreviewRowSchema = z.object({
  row: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  date: z.string().nullable(),
  scheduledStartTime: z.string().nullable(),
  estimatedDuration: z.number().nullable(),
  goal: z.string().nullable(),
  recurrence: z.string().nullable(),
});

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(IMPORT_FORMATS),
  /** What will be (or was) added; the kinds after `skipped` come only from a Daywise export. */
  counts: z.object({
    tasks: z.number(),
    goals: z.number(),
    series: z.number(),
    skipped: z.number(),
    rolloverSettings: z.number(),
    rolloverSummaries: z.number(),
    dailyInsights: z.number(),
    weeklySummaries: z.number(),
    aiRecords: z.number(),
  }),
  preview: z.array(importPreviewRowSchema),
  /** Rows like ones the account has (same day, title and start; goal title; series rule, start and title). */
  duplicates: z.number(),
  /**
   * Every skipped row up to IMPORT_MAX_SKIPPED_LISTED; counts.skipped has them all. `section` names a
   * Daywise export's list other than its tasks, `row` then counting from 1 in that list.
   */
  skipped: z.array(z.object({ section: z.string().optional(), row: z.number(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;
