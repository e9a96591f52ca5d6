// Every table, the one module whose repository reads and writes it, and how a user's rows are found, in
// deletion order (children first). table-owners.test.ts fails when another module names a table; the
// account deletion (user module) walks this list and the export writes the tables it marks.
import type { Database } from "./schema.ts";

interface TableEntry {
  /** A folder of src/server/modules, or the cross-cutting path under src/server that owns it. */
  owner: string;
  /** The column holding the owner's user id, or, for `key`, the key ending with it (`ai-minute:<id>`). */
  user: { column: string } | { key: string } | null;
  /** The export document's key for these rows; "aiAnalytics.breakdowns" nests. */
  exportedAs?: string;
}

export const tableOwners = {
  taskWords: { owner: "task-search", user: { column: "userId" } },
  tasks: { owner: "tasks", user: { column: "userId" }, exportedAs: "tasks" },
  taskSeries: { owner: "recurrence", user: { column: "userId" }, exportedAs: "taskSeries" },
  aiBreakdowns: { owner: "ai-breakdown", user: { column: "userId" }, exportedAs: "aiAnalytics.breakdowns" },
  goals: { owner: "goals", user: { column: "userId" }, exportedAs: "goals" },
  rolloverSettings: { owner: "rollover", user: { column: "userId" }, exportedAs: "rolloverSettings" },
  rolloverSummaries: { owner: "rollover", user: { column: "userId" }, exportedAs: "rolloverSummaries" },
  dailyInsights: { owner: "insights", user: { column: "userId" }, exportedAs: "dailyInsights" },
  weeklySummaries: { owner: "insights", user: { column: "userId" }, exportedAs: "weeklySummaries" },
  aiConversations: { owner: "ai-chat", user: { column: "userId" }, exportedAs: "aiAnalytics.conversations" },
  aiProposals: { owner: "ai-proposals", user: { column: "userId" } },
  calendarEvents: { owner: "calendar", user: { column: "userId" } },
  calendarSubscriptions: { owner: "calendar", user: { column: "userId" }, exportedAs: "calendarSubscriptions" },
  calendarFeeds: { owner: "calendar", user: { column: "userId" } },
  personalAccessTokens: { owner: "tokens", user: { column: "userId" } },
  idempotencyKeys: { owner: "plugins/idempotency.ts", user: { column: "userId" } },
  sessions: { owner: "auth", user: { column: "userId" } },
  userIdentities: { owner: "auth", user: { column: "userId" } },
  users: { owner: "user", user: { column: "id" }, exportedAs: "profile" },
  rateLimits: { owner: "plugins/rate-limit.ts", user: { key: "key" } },
  jobLeases: { owner: "jobs/scheduler.ts", user: null },
} as const satisfies Record<keyof Database, TableEntry>;

export type TableName = keyof typeof tableOwners;

export const tableEntries = Object.entries(tableOwners) as Array<[TableName, TableEntry]>;

/**
 * A module naming a table it does not own, and why it stays so: each a hot path's one query, where
 * asking the owner would add a round trip. Everything else goes through the owner's service.
 */
export const foreignTableAllowances: ReadonlyArray<{ module: string; table: TableName; reason: string }> = [
  { module: "ai-analytics", table: "aiConversations", reason: "not yet moved to the owner" },
  { module: "ai-analytics", table: "aiBreakdowns", reason: "not yet moved to the owner" },
  { module: "calendar", table: "tasks", reason: "not yet moved to the owner" },
  { module: "calendar", table: "goals", reason: "not yet moved to the owner" },
  { module: "calendar", table: "taskSeries", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "users", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "tasks", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "goals", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "taskSeries", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "rolloverSummaries", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "dailyInsights", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "weeklySummaries", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "aiBreakdowns", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "aiConversations", reason: "not yet moved to the owner" },
  { module: "data-transfer", table: "rolloverSettings", reason: "not yet moved to the owner" },
  { module: "goals", table: "tasks", reason: "not yet moved to the owner" },
  { module: "insights", table: "tasks", reason: "not yet moved to the owner" },
  { module: "insights", table: "goals", reason: "not yet moved to the owner" },
  { module: "live", table: "sessions", reason: "not yet moved to the owner" },
  { module: "live", table: "personalAccessTokens", reason: "not yet moved to the owner" },
  { module: "live", table: "users", reason: "not yet moved to the owner" },
  { module: "rollover", table: "users", reason: "not yet moved to the owner" },
  { module: "rollover", table: "tasks", reason: "not yet moved to the owner" },
  { module: "rollover", table: "taskSeries", reason: "not yet moved to the owner" },
  { module: "task-search", table: "goals", reason: "not yet moved to the owner" },
  { module: "task-search", table: "taskSeries", reason: "not yet moved to the owner" },
  { module: "tasks", table: "goals", reason: "not yet moved to the owner" },
  { module: "tasks", table: "taskSeries", reason: "not yet moved to the owner" },
  { module: "recurrence", table: "tasks", reason: "not yet moved to the owner" },
  { module: "auth", table: "users", reason: "not yet moved to the owner" },
  { module: "calendar", table: "users", reason: "not yet moved to the owner" },
  { module: "insights", table: "users", reason: "not yet moved to the owner" },
  { module: "tokens", table: "users", reason: "not yet moved to the owner" },
];
