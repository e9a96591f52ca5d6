// Export, import and the account's deletion (decision 037). Response schemas stay plain.
import { z } from "zod";
import { TASK_STATUSES } from "../rules/task-status.ts";

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
  ["completed at", "completedAt"],
  ["tracked minutes", "trackedMinutes"],
  ["rollover count", "rolloverCount"],
  ["created at", "createdAt"],
  ["id", "id"],
] as const;

export * from "./data-transfer-limits.ts";
import { IMPORT_FORMATS } from "./data-transfer-limits.ts";

export const importBodySchema = z
  .object({
    format: z.enum(IMPORT_FORMATS, { error: `must be one of ${IMPORT_FORMATS.join(", ")}` }),
    content: z.string({ error: "must be the file's text" }),
    dryRun: z.boolean({ error: "must be true or false" }).default(false),
    /** Leaves out what looks like something the account already has (see `duplicates`). */
    skipDuplicates: z.boolean({ error: "must be true or false" }).default(false),
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
