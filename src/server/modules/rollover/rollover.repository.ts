// Rollover queries only: settings, summaries and the tasks of the day being closed. Every function
// takes the owner's id first. Bind to the database or to a transaction: rolloverRepository(trx).
import { type Kysely, sql } from "kysely";
import type { ReflectionReason, RolloverSettings, RolloverSummary } from "../../../shared/api/rollover.ts";
import type { RolloverTaskChanges, RolloverTaskState } from "../../../shared/rules/rollover.ts";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Database, Flag } from "../../db/schema.ts";

/** A task of the day being closed: what the rules read, plus what the preview shows. */
export interface RolloverDayTask extends RolloverTaskState {
  title: string;
}

const dayTaskColumns = [
  "id",
  "title",
  "date",
  "status",
  "estimatedDuration",
  "rolloverCount",
  "firstPlannedDate",
  "startedAt",
  "firstStartedAt",
  "currentSessionStartedAt",
  "workSessionCount",
  "trackedMinutes",
  "completedAt",
] as const;

const settingsColumns = [
  "autoRolloverEnabled",
  "autoRolloverTime",
  "rolloverTodoTasks",
  "stallInProgressTasks",
  "deferLargeTasks",
  "maxRolloverDays",
  "requireConfirmation",
] as const;

const summaryColumns = [
  "id",
  "date",
  "rolledOverCount",
  "stalledCount",
  "deferredCount",
  "reviewCount",
  "taskIds",
  "completedCount",
  "totalCount",
  "plannedMinutes",
  "actualMinutes",
  "reflectionReasons",
  "createdAt",
] as const;

const toFlag = (value: boolean): Flag => (value ? 1 : 0);

// Closing a day reads these once or twice each, for every user the scheduler closes a day of:
// built and compiled once (db/compiled-query.ts), not for every call.
const settingsQuery = compiledQuery((db, p: { userId: string }) =>
  db.selectFrom("rolloverSettings").select(settingsColumns).where("userId", "=", p.userId),
);
const dayTasksQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  db
    .selectFrom("tasks")
    .select(dayTaskColumns)
    .where("userId", "=", p.userId)
    .where("date", "=", p.date)
    .orderBy("createdAt")
    .orderBy("id"),
);
const summaryQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  db.selectFrom("rolloverSummaries").select(summaryColumns).where("userId", "=", p.userId).where("date", "=", p.date),
);

export type RolloverRepository = ReturnType<typeof rolloverRepository>;

export function rolloverRepository(db: Kysely<Database>) {
  return {
    /** The user's saved settings, or undefined when they never saved any. */
    async findSettings(userId: string): Promise<RolloverSettings | undefined> {
      const row = await settingsQuery.takeFirst(db, { userId });
      if (!row) return undefined;
      return {
        autoRolloverEnabled: row.autoRolloverEnabled === 1,
        autoRolloverTime: row.autoRolloverTime,
        rolloverTodoTasks: row.rolloverTodoTasks === 1,
        stallInProgressTasks: row.stallInProgressTasks === 1,
        deferLargeTasks: row.deferLargeTasks === 1,
        maxRolloverDays: row.maxRolloverDays,
        requireConfirmation: row.requireConfirmation === 1,
      };
    },

    /** Writes every setting (one row per user). */
    async saveSettings(userId: string, settings: RolloverSettings, now: string): Promise<void> {
      const values = {
        autoRolloverEnabled: toFlag(settings.autoRolloverEnabled),
        autoRolloverTime: settings.autoRolloverTime,
        rolloverTodoTasks: toFlag(settings.rolloverTodoTasks),
        stallInProgressTasks: toFlag(settings.stallInProgressTasks),
        deferLargeTasks: toFlag(settings.deferLargeTasks),
        maxRolloverDays: settings.maxRolloverDays,
        requireConfirmation: toFlag(settings.requireConfirmation),
        updatedAt: now,
      };
      await db
        .insertInto("rolloverSettings")
        .values({ userId, ...values })
        .onConflict((conflict) => conflict.column("userId").doUpdateSet(values))
        .execute();
    },

    async findUserTimeZone(userId: string): Promise<string | undefined> {
      const user = await db.selectFrom("users").select("timeZone").where("id", "=", userId).executeTakeFirst();
      return user?.timeZone;
    },

    /** Every task of the day, done ones included, in the board's order (the (user_id, date) index). */
    async listDayTasks(userId: string, date: string): Promise<RolloverDayTask[]> {
      return dayTasksQuery.rows(db, { userId, date });
    },

    /**
     * Writes the same changes to several of the owner's tasks at once (a day's todo tasks usually
     * share theirs), so closing a day is a few statements rather than one per task.
     */
    async updateTasks(userId: string, taskIds: readonly string[], changes: RolloverTaskChanges): Promise<void> {
      if (taskIds.length === 0) return;
      await db
        .updateTable("tasks")
        .set(changes)
        .where("id", "in", taskIds)
        // Still only the owner's tasks, written so that no index can serve it: SQLite without
        // statistics otherwise walks all the user's tasks through (user_id, status) instead of
        // looking the ids up by primary key (measured: 2.5 ms instead of a fraction for 2,000 tasks).
        .where(sql<string>`${sql.ref("userId")} || ''`, "=", userId)
        .execute();
    },

    async findSummary(userId: string, date: string): Promise<RolloverSummary | undefined> {
      const row = await summaryQuery.takeFirst(db, { userId, date });
      if (!row) return undefined;
      return {
        ...row,
        taskIds: JSON.parse(row.taskIds) as RolloverSummary["taskIds"],
        reflectionReasons: JSON.parse(row.reflectionReasons) as ReflectionReason[],
      };
    },

    /**
     * Stores the day's summary unless the day already has one (the unique (user_id, date)
     * constraint); returns whether this call stored it. A concurrent insert of the same day waits
     * for the other transaction (PostgreSQL) and then stores nothing, so only one closes the day.
     */
    async insertSummary(userId: string, summary: RolloverSummary): Promise<boolean> {
      const inserted = await db
        .insertInto("rolloverSummaries")
        .values({
          ...summary,
          userId,
          taskIds: JSON.stringify(summary.taskIds),
          reflectionReasons: JSON.stringify(summary.reflectionReasons),
        })
        .onConflict((conflict) => conflict.columns(["userId", "date"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
