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
  oauthTokens: { owner: "oauth", user: { column: "userId" } },
  oauthCodes: { owner: "oauth", user: { column: "userId" } },
  oauthGrants: { owner: "oauth", user: { column: "userId" } },
  oauthClients: { owner: "oauth", user: null },
  webhookDeliveries: { owner: "webhooks", user: { column: "userId" } },
  webhooks: { owner: "webhooks", user: { column: "userId" } },
  pushMessages: { owner: "push", user: { column: "userId" } },
  pushSubscriptions: { owner: "push", user: { column: "userId" } },
  pushSettings: { owner: "push", user: { column: "userId" } },
  pushRemindersSent: { owner: "push", user: { column: "userId" } },
  idempotencyKeys: { owner: "plugins/idempotency.ts", user: { column: "userId" } },
  sessions: { owner: "auth", user: { column: "userId" } },
  userIdentities: { owner: "auth", user: { column: "userId" } },
  users: { owner: "user", user: { column: "id" }, exportedAs: "profile" },
  rateLimits: { owner: "plugins/rate-limit.ts", user: { key: "key" } },
  jobLeases: { owner: "jobs/scheduler.ts", user: null },
  pushKeys: { owner: "push", user: null },
} as const satisfies Record<keyof Database, TableEntry>;

export type TableName = keyof typeof tableOwners;

export const tableEntries = Object.entries(tableOwners) as Array<[TableName, TableEntry]>;

/** A module naming a table it does not own, and why: mostly a hot path's one query, where asking the owner adds a round trip. */
export const foreignTableAllowances: ReadonlyArray<{ module: string; table: TableName; reason: string }> = [
  {
    module: "auth",
    table: "users",
    reason: "sign-in creates and updates the user with its identity in one transaction; each request's session check joins its user",
  },
  { module: "tokens", table: "users", reason: "each request's token check joins its user; creating a token locks the user row first" },
  { module: "oauth", table: "users", reason: "each request's access token check joins its user, as a personal token's does" },
  {
    module: "calendar",
    table: "users",
    reason: "the feed's one read per poll finds the secret's owner with their zone and data version (the ETag)",
  },
  {
    module: "tasks",
    table: "goals",
    reason: "a task row carries its goal's title (one join per read); a task write moves its goal's stored counts",
  },
  { module: "tasks", table: "taskSeries", reason: "a task row carries its series' rule (one join per read)" },
  { module: "task-search", table: "goals", reason: "search results are task rows: the same join for the goal's title" },
  { module: "task-search", table: "taskSeries", reason: "search results are task rows: the same join for the series' rule" },
  {
    module: "recurrence",
    table: "tasks",
    reason: "readyDay finds the series lacking an occurrence on the day in one anti-join, on every read of a day",
  },
  { module: "recurrence", table: "goals", reason: "the calendar feed's series carry their goal's title, as task rows do" },
  { module: "rollover", table: "tasks", reason: "the close reads and moves a day's tasks in one set-based statement per batch of users" },
  { module: "rollover", table: "taskSeries", reason: "the close skips series days in the same read" },
  {
    module: "rollover",
    table: "users",
    reason: "the automatic rollover's slot columns on users are rollover's; the close joins each user's zone",
  },
  { module: "insights", table: "users", reason: "a day's insights are read with the user's zone and data version in one query" },
  { module: "push", table: "users", reason: "the reminder check claims its due users with their zone in one query" },
  { module: "push", table: "tasks", reason: "the reminder check reads a user's timed tasks around today, once per due user" },
  { module: "push", table: "goals", reason: "the goal-deadline notice reads the user's active goals due within 3 days, once per due user" },
  { module: "push", table: "rolloverSummaries", reason: "the morning notice reads the user's last closes' counts, once per due user" },
];
