// Every function takes the owner's id first: a goal is only ever read or changed through its owner.
import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import { exportPages } from "../../db/export-pages.ts";
import type { Database, GoalRow } from "../../db/schema.ts";
import type { InsightGoal } from "../../../shared/rules/daily-insights.ts";

export type GoalWithTaskCounts = Omit<GoalRow, "userId">;

export type NewGoal = Omit<GoalRow, "userId" | "totalTasksCount" | "completedTasksCount">;

export type GoalFieldsUpdate = Pick<GoalRow, "title" | "updatedAt"> & Partial<Pick<GoalRow, "description" | "targetDate" | "status">>;

function selectGoalsWithTaskCounts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("goals")
    .select(["id", "title", "description", "targetDate", "status", "createdAt", "updatedAt", "completedTasksCount", "totalTasksCount"])
    .where("userId", "=", userId);
}

const goalsListQuery = compiledQuery((db, p: { userId: string }) =>
  selectGoalsWithTaskCounts(db, p.userId).orderBy("createdAt", "desc").orderBy("id", "desc"),
);

const goalWithTaskCountsQuery = compiledQuery((db, p: { userId: string; goalId: string }) =>
  selectGoalsWithTaskCounts(db, p.userId).where("id", "=", p.goalId),
);

export function goalsRepository(db: Kysely<Database>) {
  return {
    async listGoalsWithTaskCounts(userId: string): Promise<GoalWithTaskCounts[]> {
      return goalsListQuery.rows(db, { userId });
    },

    async findGoalWithTaskCounts(userId: string, goalId: string): Promise<GoalWithTaskCounts | undefined> {
      return goalWithTaskCountsQuery.takeFirst(db, { userId, goalId });
    },

    pageForExport: exportPages(db.selectFrom("goals").selectAll()),

    async listForInsights(userId: string): Promise<InsightGoal[]> {
      const rows = await db
        .selectFrom("goals")
        .select(["id", "title", "status", "completedTasksCount", "totalTasksCount"])
        .where("userId", "=", userId)
        .execute();
      return rows.map((row) => ({
        ...row,
        completedTasksCount: Number(row.completedTasksCount),
        totalTasksCount: Number(row.totalTasksCount),
      }));
    },

    async isGoalIdTaken(goalId: string): Promise<boolean> {
      return (await db.selectFrom("goals").select("id").where("id", "=", goalId).executeTakeFirst()) !== undefined;
    },

    async insertGoal(userId: string, goal: NewGoal): Promise<void> {
      await db
        .insertInto("goals")
        .values({ ...goal, userId })
        .execute();
    },

    async updateGoal(userId: string, goalId: string, fields: GoalFieldsUpdate): Promise<boolean> {
      const result = await db.updateTable("goals").set(fields).where("userId", "=", userId).where("id", "=", goalId).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteGoal(userId: string, goalId: string): Promise<boolean> {
      const result = await db.deleteFrom("goals").where("userId", "=", userId).where("id", "=", goalId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
