import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as initial from "./migrations/0001-initial.ts";
import * as goalProgressIndex from "./migrations/0002-tasks-goal-progress-index.ts";
import * as goalTaskCounts from "./migrations/0003-goal-task-counts.ts";
import * as userDataVersion from "./migrations/0004-user-data-version.ts";
import * as refreshTokensOnSession from "./migrations/0005-refresh-tokens-on-session.ts";
import * as autoRolloverSchedule from "./migrations/0006-auto-rollover-schedule.ts";
import * as aiAnalytics from "./migrations/0007-ai-analytics.ts";
import * as insights from "./migrations/0008-insights.ts";
import * as taskWords from "./migrations/0009-task-words.ts";
import * as taskSearchKeys from "./migrations/0010-task-search-keys.ts";
import * as tasksPartialIndexes from "./migrations/0011-tasks-partial-indexes.ts";
import * as writeNotifications from "./migrations/0012-write-notifications.ts";
import * as inProgressSessionsIndex from "./migrations/0013-in-progress-sessions-index.ts";
import * as taskPositions from "./migrations/0014-task-positions.ts";
import * as dropWriteNotifications from "./migrations/0015-drop-write-notifications.ts";
import * as aiProposals from "./migrations/0016-ai-proposals.ts";
import * as taskSeries from "./migrations/0017-task-series.ts";
import * as calendars from "./migrations/0018-calendars.ts";
import * as personalAccessTokens from "./migrations/0019-personal-access-tokens.ts";
import * as tasksUserIdIndex from "./migrations/0020-tasks-user-id-index.ts";
import * as stalledIndexCoversDate from "./migrations/0021-stalled-index-covers-date.ts";
import * as calendarFailures from "./migrations/0022-calendar-failures.ts";
import * as idempotencyKeys from "./migrations/0023-idempotency-keys.ts";
import * as unloggedIdempotencyKeys from "./migrations/0024-unlogged-idempotency-keys.ts";
import * as workingHours from "./migrations/0025-working-hours.ts";
import * as checklists from "./migrations/0026-checklists.ts";
import * as webhooks from "./migrations/0027-webhooks.ts";
import * as oauth from "./migrations/0028-oauth.ts";
import * as push from "./migrations/0029-push.ts";
import * as rolloverClosedBy from "./migrations/0030-rollover-closed-by.ts";

// Listed in code rather than read from a folder, so the same list runs under tsx, Vitest and the build.
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-tasks-goal-progress-index": goalProgressIndex,
  "0003-goal-task-counts": goalTaskCounts,
  "0004-user-data-version": userDataVersion,
  "0005-refresh-tokens-on-session": refreshTokensOnSession,
  "0006-auto-rollover-schedule": autoRolloverSchedule,
  "0007-ai-analytics": aiAnalytics,
  "0008-insights": insights,
  "0009-task-words": taskWords,
  "0010-task-search-keys": taskSearchKeys,
  "0011-tasks-partial-indexes": tasksPartialIndexes,
  "0012-write-notifications": writeNotifications,
  "0013-in-progress-sessions-index": inProgressSessionsIndex,
  "0014-task-positions": taskPositions,
  "0015-drop-write-notifications": dropWriteNotifications,
  "0016-ai-proposals": aiProposals,
  "0017-task-series": taskSeries,
  "0018-calendars": calendars,
  "0019-personal-access-tokens": personalAccessTokens,
  "0020-tasks-user-id-index": tasksUserIdIndex,
  "0021-stalled-index-covers-date": stalledIndexCoversDate,
  "0022-calendar-failures": calendarFailures,
  "0023-idempotency-keys": idempotencyKeys,
  "0024-unlogged-idempotency-keys": unloggedIdempotencyKeys,
  "0025-working-hours": workingHours,
  "0026-checklists": checklists,
  "0027-webhooks": webhooks,
  "0028-oauth": oauth,
  "0029-push": push,
  "0030-rollover-closed-by": rolloverClosedBy,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  // With a schema (PostgreSQL tests), Kysely's own tables must go there too, or it finds another schema's through the catalog.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
