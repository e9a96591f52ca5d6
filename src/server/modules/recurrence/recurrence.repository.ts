// The series rows (task_series): a repeating task's rule, its fields and its skipped days (decision 034).
import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Dialect } from "../../db/database.ts";
import { exportPages } from "../../db/export-pages.ts";
import type { Database, TaskSeriesRow } from "../../db/schema.ts";

const MAX_ROWS_PER_STATEMENT = 500;

export type SeriesRow = Omit<TaskSeriesRow, "userId">;
export type SeriesChanges = Partial<Omit<TaskSeriesRow, "id" | "userId" | "createdAt">>;

const seriesColumns = [
  "taskSeries.id",
  "taskSeries.recurrence",
  "taskSeries.startDate",
  "taskSeries.endDate",
  "taskSeries.skippedDays",
  "taskSeries.title",
  "taskSeries.description",
  "taskSeries.estimatedDuration",
  "taskSeries.scheduledStartTime",
  "taskSeries.goalId",
  "taskSeries.checklistTemplate",
  "taskSeries.createdAt",
  "taskSeries.updatedAt",
] as const;

// The series that may occur on the day and have no occurrence for it yet: none once a day has been read.
const seriesLackingDayQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  db
    .selectFrom("taskSeries")
    .leftJoin("tasks", (join) => join.onRef("tasks.seriesId", "=", "taskSeries.id").on("tasks.occurrenceDate", "=", p.date))
    .select(seriesColumns)
    .where("taskSeries.userId", "=", p.userId)
    .where("taskSeries.startDate", "<=", p.date)
    .where((eb) => eb.or([eb("taskSeries.endDate", "is", null), eb("taskSeries.endDate", ">=", p.date)]))
    .where("tasks.id", "is", null),
);

export type RecurrenceRepository = ReturnType<typeof recurrenceRepository>;

/** What making a series' occurrences outside the day's read needs: the feed and the tasks CSV. */
const SERIES_OCCURRENCE_COLUMNS = [
  "taskSeries.id",
  "taskSeries.title",
  "taskSeries.description",
  "taskSeries.recurrence",
  "taskSeries.startDate",
  "taskSeries.endDate",
  "taskSeries.skippedDays",
  "taskSeries.scheduledStartTime",
  "taskSeries.estimatedDuration",
] as const;

export function recurrenceRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    async listSeriesLackingDay(userId: string, date: string): Promise<SeriesRow[]> {
      return seriesLackingDayQuery.rows(db, { userId, date });
    },

    async listSeriesActiveBetween(userId: string, from: string, to: string): Promise<SeriesRow[]> {
      return db
        .selectFrom("taskSeries")
        .select(seriesColumns)
        .where("userId", "=", userId)
        .where("startDate", "<=", to)
        .where((eb) => eb.or([eb("endDate", "is", null), eb("endDate", ">=", from)]))
        .execute();
    },

    pageForExport: exportPages(db.selectFrom("taskSeries").selectAll()),

    async listRules(userId: string) {
      return db.selectFrom("taskSeries").select(["id", "recurrence", "startDate", "title"]).where("userId", "=", userId).execute();
    },

    async listForFeed(userId: string, from: string, to: string) {
      return db
        .selectFrom("taskSeries")
        .leftJoin("goals", "goals.id", "taskSeries.goalId")
        .select([...SERIES_OCCURRENCE_COLUMNS, "taskSeries.updatedAt", "goals.title as goalTitle"])
        .where("taskSeries.userId", "=", userId)
        .where("taskSeries.startDate", "<=", to)
        .where((eb) => eb.or([eb("taskSeries.endDate", "is", null), eb("taskSeries.endDate", ">=", from)]))
        .orderBy("taskSeries.startDate")
        .orderBy("taskSeries.id")
        .execute();
    },

    /** Series begun by a day, with their goal's title: the tasks CSV lists their occurrences. */
    async listStartedBy(userId: string, to: string) {
      return db
        .selectFrom("taskSeries")
        .leftJoin("goals", "goals.id", "taskSeries.goalId")
        .select([...SERIES_OCCURRENCE_COLUMNS, "taskSeries.checklistTemplate", "taskSeries.createdAt", "goals.title as goalTitle"])
        .where("taskSeries.userId", "=", userId)
        .where("taskSeries.startDate", "<=", to)
        .orderBy("taskSeries.startDate")
        .orderBy("taskSeries.id")
        .execute();
    },

    async findSeries(userId: string, seriesId: string): Promise<SeriesRow | undefined> {
      let query = db.selectFrom("taskSeries").select(seriesColumns).where("userId", "=", userId).where("id", "=", seriesId);
      if (dialect === "postgres") query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async findSeriesOf(userId: string, seriesIds: readonly string[]): Promise<SeriesRow[]> {
      if (seriesIds.length === 0) return [];
      let query = db.selectFrom("taskSeries").select(seriesColumns).where("userId", "=", userId).where("id", "in", seriesIds);
      if (dialect === "postgres") query = query.forUpdate();
      return query.execute();
    },

    async insertSeries(userId: string, series: SeriesRow): Promise<void> {
      await db
        .insertInto("taskSeries")
        .values({ ...series, userId })
        .execute();
    },

    async insertManySeries(userId: string, series: readonly SeriesRow[]): Promise<void> {
      for (let start = 0; start < series.length; start += MAX_ROWS_PER_STATEMENT) {
        await db
          .insertInto("taskSeries")
          .values(series.slice(start, start + MAX_ROWS_PER_STATEMENT).map((row) => ({ ...row, userId })))
          .execute();
      }
    },

    async updateSeries(userId: string, seriesId: string, changes: SeriesChanges): Promise<void> {
      await db.updateTable("taskSeries").set(changes).where("userId", "=", userId).where("id", "=", seriesId).execute();
    },

    async deleteSeries(userId: string, seriesId: string): Promise<void> {
      await db.deleteFrom("taskSeries").where("userId", "=", userId).where("id", "=", seriesId).execute();
    },
  };
}
