// Goal queries only. Every function takes the owner's id first, so a goal is only ever read or
// changed through its owner. Bind to the database or to a transaction: goalsRepository(trx).
import { type Kysely, sql } from "kysely";
import type { Database, GoalRow, GoalStatus } from "../../db/schema.ts";

export interface GoalWithTaskCounts {
  id: string;
  title: string;
  description: string | null;
  targetDate: string | null;
  status: GoalStatus;
  createdAt: string;
  updatedAt: string;
  completedTasksCount: number;
  totalTasksCount: number;
}

export type NewGoal = Omit<GoalRow, "userId">;

export interface GoalFieldsUpdate {
  title: string;
  description?: string | null;
  targetDate?: string | null;
  status?: GoalStatus;
  updatedAt: string;
}

export type GoalsRepository = ReturnType<typeof goalsRepository>;

export function goalsRepository(db: Kysely<Database>) {
  /**
   * The owner's goals with their task counts in one statement: the owner's linked tasks are counted
   * per goal in a grouped subquery (one range scan of the tasks (user_id, goal_id) index), joined to
   * the goals. Only done tasks count as completed. Aggregates are cast because PostgreSQL returns
   * bigint aggregates as strings.
   */
  function selectGoalsWithTaskCounts(userId: string) {
    const counts = db
      .selectFrom("tasks")
      .select([
        "tasks.goalId",
        sql<number>`cast(count(*) as integer)`.as("totalTasksCount"),
        sql<number>`cast(sum(case when ${sql.ref("tasks.status")} = 'done' then 1 else 0 end) as integer)`.as(
          "completedTasksCount",
        ),
      ])
      .where("tasks.userId", "=", userId)
      .where("tasks.goalId", "is not", null)
      .groupBy("tasks.goalId");

    return db
      .selectFrom("goals")
      .leftJoin(counts.as("counts"), "counts.goalId", "goals.id")
      .select([
        "goals.id",
        "goals.title",
        "goals.description",
        "goals.targetDate",
        "goals.status",
        "goals.createdAt",
        "goals.updatedAt",
        sql<number>`coalesce(${sql.ref("counts.completedTasksCount")}, 0)`.as("completedTasksCount"),
        sql<number>`coalesce(${sql.ref("counts.totalTasksCount")}, 0)`.as("totalTasksCount"),
      ])
      .where("goals.userId", "=", userId);
  }

  return {
    /** Newest first; goals created at the same instant are ordered by id so the order is stable. */
    async listGoalsWithTaskCounts(userId: string): Promise<GoalWithTaskCounts[]> {
      return selectGoalsWithTaskCounts(userId)
        .orderBy("goals.createdAt", "desc")
        .orderBy("goals.id", "desc")
        .execute();
    },

    async findGoalWithTaskCounts(userId: string, goalId: string): Promise<GoalWithTaskCounts | undefined> {
      return selectGoalsWithTaskCounts(userId).where("goals.id", "=", goalId).executeTakeFirst();
    },

    async insertGoal(userId: string, goal: NewGoal): Promise<void> {
      await db
        .insertInto("goals")
        .values({ ...goal, userId })
        .execute();
    },

    /** Returns whether the owner had such a goal. */
    async updateGoal(userId: string, goalId: string, fields: GoalFieldsUpdate): Promise<boolean> {
      const result = await db
        .updateTable("goals")
        .set(fields)
        .where("userId", "=", userId)
        .where("id", "=", goalId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Unlinks the owner's tasks from the goal; the tasks themselves are kept. */
    async unlinkTasksFromGoal(userId: string, goalId: string, updatedAt: string): Promise<void> {
      await db
        .updateTable("tasks")
        .set({ goalId: null, updatedAt })
        .where("userId", "=", userId)
        .where("goalId", "=", goalId)
        .execute();
    },

    /** Returns whether the owner had such a goal. */
    async deleteGoal(userId: string, goalId: string): Promise<boolean> {
      const result = await db
        .deleteFrom("goals")
        .where("userId", "=", userId)
        .where("id", "=", goalId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
