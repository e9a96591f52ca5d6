// A Daywise export's history (rollover settings and summaries, insights, weekly summaries, AI records)
// read into records to add, each checked against the API's own schemas (an insight keeps the fields it
// was stored with); a record that fails is skipped with its reason. Ids are the file's: the import
// service gives new ones and maps the references.
import type { z } from "zod";
import { exportRecordSchemas } from "../../../shared/api/data-transfer.ts";

export interface SkippedRow {
  section?: string;
  row: number;
  reason: string;
}

const {
  rolloverSettings: settingsRecord,
  rolloverSummaries: summaryRecord,
  dailyInsights: dailyInsightsRecord,
  weeklySummaries: weeklySummaryRecord,
  aiConversations: conversationRecord,
  aiBreakdowns: breakdownRecord,
  calendarSubscriptions: subscriptionRecord,
} = exportRecordSchemas;

export const HISTORY_SECTIONS = {
  rolloverSettings: "Rollover settings",
  rolloverSummaries: "Rollover summaries",
  dailyInsights: "Daily insights",
  weeklySummaries: "Weekly summaries",
  aiBreakdowns: "AI breakdowns",
  aiConversations: "AI conversations",
  calendarSubscriptions: "Calendar subscriptions",
} as const;

type Rows<T> = Array<{ row: number; record: T }>;

export interface PlannedHistory {
  rolloverSettings: Rows<z.infer<typeof settingsRecord>>;
  rolloverSummaries: Rows<z.infer<typeof summaryRecord>>;
  dailyInsights: Rows<z.infer<typeof dailyInsightsRecord>>;
  weeklySummaries: Rows<z.infer<typeof weeklySummaryRecord>>;
  aiBreakdowns: Rows<z.infer<typeof breakdownRecord>>;
  aiConversations: Rows<z.infer<typeof conversationRecord>>;
}

export function emptyHistory(): PlannedHistory {
  return { rolloverSettings: [], rolloverSummaries: [], dailyInsights: [], weeklySummaries: [], aiBreakdowns: [], aiConversations: [] };
}

export const problemOf = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return issue.path.length > 0 ? `${issue.path.join(".")} ${issue.message}` : issue.message;
};

/** The history sections of an export `document` (already checked to be one of this version). */
export function readHistory(document: Record<string, unknown>): { history: PlannedHistory; skipped: SkippedRow[] } {
  const history = emptyHistory();
  const skipped: SkippedRow[] = [];
  const read = <T>(name: keyof PlannedHistory, list: unknown, schema: z.ZodType<T>, into: Rows<T>) => {
    if (!Array.isArray(list)) return;
    list.forEach((value, index) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) into.push({ row: index + 1, record: parsed.data });
      else skipped.push({ section: HISTORY_SECTIONS[name], row: index + 1, reason: `Not a valid record: ${problemOf(parsed.error)}` });
    });
  };
  const settings = document.rolloverSettings;
  read("rolloverSettings", settings === null || settings === undefined ? [] : [settings], settingsRecord, history.rolloverSettings);
  read("rolloverSummaries", document.rolloverSummaries, summaryRecord, history.rolloverSummaries);
  read("dailyInsights", document.dailyInsights, dailyInsightsRecord, history.dailyInsights);
  read("weeklySummaries", document.weeklySummaries, weeklySummaryRecord, history.weeklySummaries);
  const ai =
    document.aiAnalytics !== null && typeof document.aiAnalytics === "object" ? (document.aiAnalytics as Record<string, unknown>) : {};
  read("aiBreakdowns", ai.breakdowns, breakdownRecord, history.aiBreakdowns);
  read("aiConversations", ai.conversations, conversationRecord, history.aiConversations);
  // The export shortens a subscription's address to its host: the secret URL it needs is not in the file.
  if (Array.isArray(document.calendarSubscriptions)) {
    document.calendarSubscriptions.forEach((value, index) => {
      const subscription = subscriptionRecord.safeParse(value);
      const name = subscription.success ? `The calendar "${subscription.data.name}"` : "The calendar";
      const host = subscription.success ? ` (${subscription.data.url})` : "";
      skipped.push({
        section: HISTORY_SECTIONS.calendarSubscriptions,
        row: index + 1,
        reason: `${name} is not imported: an export keeps its address shortened${host}, not the secret address it needs; add it again in Settings → Calendars`,
      });
    });
  }
  return { history, skipped };
}
