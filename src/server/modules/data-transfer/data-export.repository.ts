// The export's reads: every table of the user's, a page at a time in id order (keyset), so that an
// account of any size streams without being held in memory; and what an import would meet.
// Read-only; writes go through the services.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export const EXPORT_PAGE_SIZE = 1000;

type PagedTable = "goals" | "taskSeries" | "rolloverSummaries" | "dailyInsights" | "weeklySummaries" | "aiBreakdowns" | "aiConversations";

export function dataExportRepository(db: Kysely<Database>) {
  return {
    async findProfile(userId: string) {
      return db
        .selectFrom("users")
        .select(["name", "email", "avatarUrl", "timeZone", "createdAt"])
        .where("id", "=", userId)
        .executeTakeFirst();
    },

    async tasksAfter(userId: string, after: string, limit = EXPORT_PAGE_SIZE) {
      return db
        .selectFrom("tasks")
        .leftJoin("goals", (join) => join.onRef("goals.id", "=", "tasks.goalId").onRef("goals.userId", "=", "tasks.userId"))
        .leftJoin("taskSeries", "taskSeries.id", "tasks.seriesId")
        .select([
          "tasks.id",
          "tasks.goalId",
          "goals.title as goalTitle",
          "tasks.title",
          "tasks.description",
          "tasks.status",
          "tasks.date",
          "tasks.estimatedDuration",
          "tasks.scheduledStartTime",
          "tasks.firstStartedAt",
          "tasks.currentSessionStartedAt",
          "tasks.workSessionCount",
          "tasks.startedAt",
          "tasks.completedAt",
          "tasks.trackedMinutes",
          "tasks.rolloverCount",
          "tasks.firstPlannedDate",
          "tasks.rolledOverFromDate",
          "tasks.position",
          "tasks.seriesId",
          "taskSeries.recurrence as recurrence",
          "tasks.occurrenceDate",
          "tasks.createdAt",
          "tasks.updatedAt",
        ])
        .where("tasks.userId", "=", userId)
        .where("tasks.id", ">", after)
        .orderBy("tasks.id")
        .limit(limit)
        .execute();
    },

    /** A page of one of the user's tables with an id, whole rows. */
    async rowsAfter(table: PagedTable, userId: string, after: string) {
      return db
        .selectFrom(table)
        .selectAll()
        .where("userId", "=", userId)
        .where("id", ">", after)
        .orderBy("id")
        .limit(EXPORT_PAGE_SIZE)
        .execute();
    },

    /** The days, weeks and AI records (provider and time) the user has, which an import does not add again. */
    async findHistoryKeys(userId: string) {
      const aiKey = (row: { provider: string; createdAt: string }) => `${row.provider}\u0000${row.createdAt}`;
      const summaries = await db.selectFrom("rolloverSummaries").select("date").where("userId", "=", userId).execute();
      const insights = await db.selectFrom("dailyInsights").select("date").where("userId", "=", userId).execute();
      const weeks = await db.selectFrom("weeklySummaries").select("weekStartDate").where("userId", "=", userId).execute();
      const breakdowns = await db.selectFrom("aiBreakdowns").select(["provider", "createdAt"]).where("userId", "=", userId).execute();
      const conversations = await db.selectFrom("aiConversations").select(["provider", "createdAt"]).where("userId", "=", userId).execute();
      return {
        aiKey,
        summaryDays: new Set(summaries.map((row) => row.date)),
        insightDays: new Set(insights.map((row) => row.date)),
        weeks: new Set(weeks.map((row) => row.weekStartDate)),
        breakdowns: new Set(breakdowns.map(aiKey)),
        conversations: new Set(conversations.map(aiKey)),
      };
    },

    /** The user's series and tasks (those without a day, or with a day or occurrence day in [from, to]) that an import may repeat. */
    async findImportMatches(userId: string, days: { from: string; to: string } | null) {
      const series = await db
        .selectFrom("taskSeries")
        .select(["id", "recurrence", "startDate", "title"])
        .where("userId", "=", userId)
        .execute();
      const tasks = await db
        .selectFrom("tasks")
        .select(["id", "title", "date", "scheduledStartTime", "seriesId", "occurrenceDate"])
        .where("userId", "=", userId)
        .where((eb) =>
          eb.or([
            eb("date", "is", null),
            ...(days ? [eb.between("date", days.from, days.to), eb.between("occurrenceDate", days.from, days.to)] : []),
          ]),
        )
        .execute();
      return { series, tasks };
    },

    async findRolloverSettings(userId: string) {
      return db.selectFrom("rolloverSettings").selectAll().where("userId", "=", userId).executeTakeFirst();
    },
  };
}
