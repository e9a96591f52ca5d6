// Every table holding a user's rows, children first: deleting an account walks it in one transaction, and
// delete-account.test.ts fails until a new table is listed.
import type { Database } from "../../db/schema.ts";

export const userDataTables: ReadonlyArray<{ table: keyof Database; userColumn: string }> = [
  { table: "taskWords", userColumn: "userId" },
  { table: "tasks", userColumn: "userId" },
  { table: "taskSeries", userColumn: "userId" },
  { table: "aiBreakdowns", userColumn: "userId" },
  { table: "goals", userColumn: "userId" },
  { table: "rolloverSettings", userColumn: "userId" },
  { table: "rolloverSummaries", userColumn: "userId" },
  { table: "dailyInsights", userColumn: "userId" },
  { table: "weeklySummaries", userColumn: "userId" },
  { table: "aiConversations", userColumn: "userId" },
  { table: "aiProposals", userColumn: "userId" },
  { table: "calendarEvents", userColumn: "userId" },
  { table: "calendarSubscriptions", userColumn: "userId" },
  { table: "calendarFeeds", userColumn: "userId" },
  { table: "personalAccessTokens", userColumn: "userId" },
  { table: "idempotencyKeys", userColumn: "userId" },
  { table: "sessions", userColumn: "userId" },
  { table: "userIdentities", userColumn: "userId" },
  { table: "users", userColumn: "id" },
];

/** Rows keyed by a string that ends with the user's id (the assistant's per-user limits: `ai-minute:<id>`). */
export const userKeyedTables: ReadonlyArray<{ table: keyof Database; keyColumn: string }> = [{ table: "rateLimits", keyColumn: "key" }];

/** Tables with no user's data: migrations' bookkeeping and the scheduler's leases (keyed by job and day). */
export const tablesWithoutUserData: readonly string[] = ["kysely_migration", "kysely_migration_lock", "job_leases"];
