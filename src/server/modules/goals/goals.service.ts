import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type CreateGoalBody, type Goal, goalSchema, type UpdateGoalBody } from "../../../shared/api/goals.ts";
import { webhookDeletedSchema } from "../../../shared/api/webhooks.ts";
import { goalProgressFraction } from "../../../shared/rules/goal-progress.ts";
import { AppError, notFound } from "../../app-error.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { writeUserData } from "../../db/user-data.ts";
import type { Dialect } from "../../db/database.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { emitWebhook } from "../webhooks/webhook-queue.ts";
import { type GoalFieldsUpdate, type GoalWithTaskCounts, goalsRepository, type NewGoal } from "./goals.repository.ts";

export type { NewGoal };

const GOAL_CHANGES: readonly ChangeKind[] = ["goals"];

export interface GoalsServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

const goalNotFound = () => notFound("Goal");

function withProgress(goal: GoalWithTaskCounts): Goal {
  return { ...goal, progressPercentage: goalProgressFraction(goal.completedTasksCount, goal.totalTasksCount) };
}

export function goalsService({ kysely, dialect, now }: GoalsServiceDeps) {
  const repository = goalsRepository(kysely);

  return {
    pageForExport: repository.pageForExport,
    listForInsights: repository.listForInsights,

    async listGoals(userId: string): Promise<Goal[]> {
      const goals = await repository.listGoalsWithTaskCounts(userId);
      return goals.map(withProgress);
    },

    async getGoal(userId: string, goalId: string): Promise<Goal> {
      const goal = await repository.findGoalWithTaskCounts(userId, goalId);
      if (!goal) throw goalNotFound();
      return withProgress(goal);
    },

    async createGoal(userId: string, body: CreateGoalBody & { id?: string }): Promise<Goal> {
      const at = now().toISOString();
      const goal = {
        id: body.id ?? randomUUID(),
        title: body.title,
        description: body.description,
        targetDate: body.targetDate,
        status: body.status,
        createdAt: at,
        updatedAt: at,
      };
      await writeUserData(kysely, userId, GOAL_CHANGES, async (trx) => {
        const inTransaction = goalsRepository(trx);
        if (body.id !== undefined && (await inTransaction.isGoalIdTaken(body.id))) {
          throw new AppError("conflict", "A goal with this id already exists: a new goal needs a new id");
        }
        await inTransaction.insertGoal(userId, goal);
        emitWebhook(trx, userId, "goal.changed", goalSchema, withProgress({ ...goal, completedTasksCount: 0, totalTasksCount: 0 }));
      });
      return withProgress({ ...goal, completedTasksCount: 0, totalTasksCount: 0 });
    },

    /** Many goals in one write (an import); inside a caller's transaction they join it. Counts start at 0: the tasks raise them. */
    async insertGoals(userId: string, goals: readonly NewGoal[]): Promise<void> {
      if (goals.length === 0) return;
      await writeUserData(kysely, userId, GOAL_CHANGES, async (trx) => {
        const inTransaction = goalsRepository(trx);
        for (const goal of goals) await inTransaction.insertGoal(userId, goal);
      });
    },

    async updateGoal(userId: string, goalId: string, body: UpdateGoalBody): Promise<Goal> {
      const fields: GoalFieldsUpdate = { title: body.title, updatedAt: now().toISOString() };
      if (body.description !== undefined) fields.description = body.description;
      if (body.targetDate !== undefined) fields.targetDate = body.targetDate;
      if (body.status !== undefined) fields.status = body.status;

      const goal = await writeUserData(kysely, userId, GOAL_CHANGES, async (trx) => {
        const inTransaction = goalsRepository(trx);
        if (!(await inTransaction.updateGoal(userId, goalId, fields))) throw goalNotFound();
        const updated = await inTransaction.findGoalWithTaskCounts(userId, goalId);
        if (updated) emitWebhook(trx, userId, "goal.changed", goalSchema, withProgress(updated));
        return updated;
      });
      if (!goal) throw goalNotFound();
      return withProgress(goal);
    },

    async deleteGoal(userId: string, goalId: string): Promise<void> {
      const at = now().toISOString();
      await writeUserData(kysely, userId, GOAL_CHANGES, async (trx) => {
        const inTransaction = goalsRepository(trx);
        await tasksService({ kysely: trx, dialect, now }).unlinkGoal(userId, goalId, at);
        // Not the owner's goal: throwing rolls the unlink back too.
        if (!(await inTransaction.deleteGoal(userId, goalId))) throw goalNotFound();
        emitWebhook(trx, userId, "goal.changed", webhookDeletedSchema, { id: goalId, deleted: true });
      });
    },
  };
}
