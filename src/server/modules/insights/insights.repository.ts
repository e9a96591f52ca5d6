import type { Kysely, Selectable } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import { exportPages } from "../../db/export-pages.ts";
import { dueUserClaims } from "../../db/due-user-claims.ts";
import type { DailyInsightsTable, Database, Flag, UserRow, WeeklySummariesTable } from "../../db/schema.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { writeUserData } from "../../db/user-data.ts";

const INSIGHT_CHANGES: readonly ChangeKind[] = ["insights"];

class NoStoredDay extends Error {}

export type StoredDailyInsights = Pick<Selectable<DailyInsightsTable>, "insights" | "viewed" | "provider" | "sourceVersion">;

export type WeeklySummaryRow = Omit<Selectable<WeeklySummariesTable>, "userId">;

export type NewWeeklySummaryRow = Omit<WeeklySummaryRow, "viewed">;

const weeklyColumns = [
  "id",
  "weekStartDate",
  "tasksTotal",
  "tasksCompleted",
  "goalsProgressed",
  "insights",
  "summaryText",
  "generatedAt",
  "viewed",
  "createdAt",
] as const;

const userStateWithDayQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  db
    .selectFrom("users")
    .leftJoin("dailyInsights", (join) => join.onRef("dailyInsights.userId", "=", "users.id").on("dailyInsights.date", "=", p.date))
    .select([
      "users.timeZone",
      "users.dataVersion",
      "dailyInsights.insights",
      "dailyInsights.viewed",
      "dailyInsights.provider",
      "dailyInsights.sourceVersion",
    ])
    .where("users.id", "=", p.userId),
);

export type DueWeeklySummaryUser = Pick<UserRow, "id" | "timeZone" | "weeklySummaryNextAt">;

export function insightsRepository(db: Kysely<Database>) {
  const weeklySummaryClaims = dueUserClaims(db, "weeklySummaryNextAt", ["id", "timeZone", "weeklySummaryNextAt"] as const);
  return {
    dailyPageForExport: exportPages(db.selectFrom("dailyInsights").selectAll()),

    weeklyPageForExport: exportPages(db.selectFrom("weeklySummaries").selectAll()),

    /** The days and weeks the user has insights for, which an import does not add again. */
    async listDaysAndWeeks(userId: string): Promise<{ days: string[]; weeks: string[] }> {
      const days = await db.selectFrom("dailyInsights").select("date").where("userId", "=", userId).execute();
      const weeks = await db.selectFrom("weeklySummaries").select("weekStartDate").where("userId", "=", userId).execute();
      return { days: days.map((row) => row.date), weeks: weeks.map((row) => row.weekStartDate) };
    },

    async findUserStateWithDay(userId: string, date: string) {
      const row = await userStateWithDayQuery.takeFirst(db, { userId, date });
      if (!row) return undefined;
      const stored: StoredDailyInsights | null =
        row.insights === null || row.insights === undefined
          ? null
          : {
              insights: row.insights,
              viewed: Number(row.viewed) as Flag,
              provider: row.provider ?? null,
              sourceVersion: Number(row.sourceVersion),
            };
      return { timeZone: row.timeZone, dataVersion: Number(row.dataVersion), stored };
    },

    async upsertDailyInsights(
      userId: string,
      row: Omit<Selectable<DailyInsightsTable>, "userId" | "createdAt" | "updatedAt"> & { at: string },
    ): Promise<void> {
      await db
        .insertInto("dailyInsights")
        .values({
          id: row.id,
          userId,
          date: row.date,
          insights: row.insights,
          viewed: row.viewed,
          provider: row.provider,
          sourceVersion: row.sourceVersion,
          createdAt: row.at,
          updatedAt: row.at,
        })
        .onConflict((conflict) =>
          conflict.columns(["userId", "date"]).doUpdateSet({
            insights: row.insights,
            viewed: row.viewed,
            provider: row.provider,
            sourceVersion: row.sourceVersion,
            updatedAt: row.at,
          }),
        )
        .execute();
    },

    /** A day's insights as they are (an import's), unless the user already has that day's; whether it stored them. */
    async insertDailyInsightsOnce(userId: string, row: Omit<Selectable<DailyInsightsTable>, "userId">): Promise<boolean> {
      const result = await db
        .insertInto("dailyInsights")
        .values({ ...row, userId })
        .onConflict((conflict) => conflict.columns(["userId", "date"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    // The viewed flag is part of the cached answer, so this raises the data version like a task write; it changes
    // no task or goal, so the days stored at the version before it move to the new one.
    async markDailyInsightsViewed(userId: string, date: string, at: string): Promise<StoredDailyInsights | undefined> {
      try {
        return await writeUserData(db, userId, INSIGHT_CHANGES, async (trx) => {
          const row = await trx
            .updateTable("dailyInsights")
            .set({ viewed: 1, updatedAt: at })
            .where("userId", "=", userId)
            .where("date", "=", date)
            .returning(["insights", "viewed", "provider", "sourceVersion"])
            .executeTakeFirst();
          // Undoes the raised version: nothing changed.
          if (!row) throw new NoStoredDay();
          const { dataVersion } = await trx.selectFrom("users").select("dataVersion").where("id", "=", userId).executeTakeFirstOrThrow();
          const version = Number(dataVersion);
          await trx
            .updateTable("dailyInsights")
            .set({ sourceVersion: version })
            .where("userId", "=", userId)
            .where("sourceVersion", "=", version - 1)
            .execute();
          const sourceVersion = Number(row.sourceVersion);
          return {
            insights: row.insights,
            viewed: Number(row.viewed) as Flag,
            provider: row.provider,
            sourceVersion: sourceVersion === version - 1 ? version : sourceVersion,
          };
        });
      } catch (error) {
        if (error instanceof NoStoredDay) return undefined;
        throw error;
      }
    },

    async findWeeklySummary(userId: string, weekStartDate: string): Promise<WeeklySummaryRow | undefined> {
      return db
        .selectFrom("weeklySummaries")
        .select(weeklyColumns)
        .where("userId", "=", userId)
        .where("weekStartDate", "=", weekStartDate)
        .executeTakeFirst();
    },

    /** Unread unless `viewed` says otherwise (an import's). */
    async insertWeeklySummaryOnce(userId: string, row: NewWeeklySummaryRow & { viewed?: Flag }): Promise<boolean> {
      const result = await db
        .insertInto("weeklySummaries")
        .values({ viewed: 0, ...row, userId })
        .onConflict((conflict) => conflict.columns(["userId", "weekStartDate"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async updateWeeklySummary(
      userId: string,
      id: string,
      changes: Pick<
        WeeklySummaryRow,
        "tasksTotal" | "tasksCompleted" | "goalsProgressed" | "insights" | "summaryText" | "generatedAt" | "viewed"
      >,
    ): Promise<void> {
      await db.updateTable("weeklySummaries").set(changes).where("userId", "=", userId).where("id", "=", id).execute();
    },

    async listWeeklySummaries(userId: string, limit: number): Promise<WeeklySummaryRow[]> {
      return db
        .selectFrom("weeklySummaries")
        .select(weeklyColumns)
        .where("userId", "=", userId)
        .orderBy("weekStartDate", "desc")
        .limit(limit)
        .execute();
    },

    async markWeeklySummaryViewed(userId: string, id: string): Promise<WeeklySummaryRow | undefined> {
      const result = await db
        .updateTable("weeklySummaries")
        .set({ viewed: 1 })
        .where("userId", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return db.selectFrom("weeklySummaries").select(weeklyColumns).where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
    },

    /** Through users.weekly_summary_next_at (migration 0008). */
    async claimDueWeeklySummaryUsers(now: string, limit: number, leaseUntil: string): Promise<DueWeeklySummaryUser[]> {
      return weeklySummaryClaims.claimDueUsers(now, limit, leaseUntil);
    },

    async moveWeeklySummarySlot(userId: string, leaseUntil: string, nextAt: string): Promise<void> {
      await weeklySummaryClaims.moveSlot(userId, leaseUntil, { weeklySummaryNextAt: nextAt });
    },
  };
}
