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

export const IMPORT_FORMATS = ["daywise-json", "todoist-csv", "ticktick-csv", "csv"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  "daywise-json": "Daywise export (JSON)",
  "todoist-csv": "Todoist CSV",
  "ticktick-csv": "TickTick backup CSV",
  csv: "CSV (title, description, date, start time, estimate, status, goal)",
};

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_TOO_LARGE_MESSAGE = "The file is larger than the 10 MB import limit: split it into smaller files";
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_MAX_SKIPPED_LISTED = 1000;

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
    /** 1 when the file's rollover settings replace the account's defaults. */
    rolloverSettings: z.number(),
    rolloverSummaries: z.number(),
    dailyInsights: z.number(),
    weeklySummaries: z.number(),
    /** AI breakdowns and conversations (when, provider, token counts). */
    aiRecords: z.number(),
  }),
  preview: z.array(importPreviewRowSchema),
  /**
   * Rows like ones the account has, skipped or not: a task of the same day, title and start time, a goal of
   * the same title, a repeating task of the same rule, start and title (titles in any case).
   */
  duplicates: z.number(),
  /**
   * Every skipped row up to IMPORT_MAX_SKIPPED_LISTED; counts.skipped has them all. `section` names a
   * Daywise export's list other than its tasks, `row` then counting from 1 in that list.
   */
  skipped: z.array(z.object({ section: z.string().optional(), row: z.number(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The format a file's first lines say it is in, or undefined (the user picks). */
export function guessImportFormat(text: string): ImportFormat | undefined {
  const head = text.replace(/^\uFEFF/, "").slice(0, 4096);
  if (/^\s*\{/.test(head)) return "daywise-json";
  if (/"Folder Name","List Name","Title"/.test(head)) return "ticktick-csv";
  const firstLine = (head.split(/\r?\n/)[0] ?? "").toUpperCase();
  if (/(^|,)"?TYPE"?,"?CONTENT"?/.test(firstLine)) return "todoist-csv";
  if (/(^|,)"?TITLE"?(,|$)/.test(firstLine)) return "csv";
  return undefined;
}
