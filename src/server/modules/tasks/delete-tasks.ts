import type { EditScope } from "../../../shared/api/tasks.ts";
import { webhookDeletedSchema } from "../../../shared/api/webhooks.ts";
import { writeUserData } from "../../db/user-data.ts";
import { emitWebhook } from "../webhooks/webhook-queue.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { adjustGoalCounts, TASK_CHANGES, type TasksServiceDeps, taskNotFound } from "./task-rows.ts";
import { tasksRepository } from "./tasks.repository.ts";

export function deleteTasksUseCase({ kysely, dialect, now }: TasksServiceDeps) {
  return {
    /** Deletes each task as deleteTask does one, in one write, or none (a 404) when one is not the user's. Answers their series days. */
    async deleteTasks(userId: string, taskIds: readonly string[]): Promise<Map<string, string | null>> {
      if (taskIds.length === 0) return new Map();
      return writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        const deleted = new Map((await inTransaction.deleteTasks(userId, taskIds)).map((task) => [task.id, task]));
        if (deleted.size !== new Set(taskIds).size) throw taskNotFound();
        const skippedBySeries = new Map<string, string[]>();
        for (const task of [...new Set(taskIds)].map((taskId) => deleted.get(taskId)!)) {
          if (task.seriesId !== null && task.occurrenceDate !== null) {
            skippedBySeries.set(task.seriesId, [...(skippedBySeries.get(task.seriesId) ?? []), task.occurrenceDate]);
          }
        }
        await recurrenceService({ kysely: trx, dialect, now }).skipDays(userId, skippedBySeries);
        await adjustGoalCounts(
          inTransaction,
          userId,
          [...deleted.values()].map((task) => [task, null]),
        );
        for (const taskId of deleted.keys()) emitWebhook(trx, userId, "task.deleted", webhookDeletedSchema, { id: taskId, deleted: true });
        return new Map([...deleted.values()].map((task) => [task.id, task.occurrenceDate]));
      });
    },

    async deleteTask(userId: string, taskId: string, scope: EditScope = "this"): Promise<void> {
      await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        // One event for the task asked for, also when "future" takes its following occurrences with it.
        emitWebhook(trx, userId, "task.deleted", webhookDeletedSchema, { id: taskId, deleted: true });
        const inTransaction = tasksRepository(trx, dialect);
        const recurrence = recurrenceService({ kysely: trx, dialect, now });
        const current = await inTransaction.findTaskState(userId, taskId, { lock: true });
        if (!current) throw taskNotFound();
        const series = current.seriesId ? await recurrence.findSeries(userId, current.seriesId) : undefined;
        const day = current.occurrenceDate;
        if (series && day !== null && scope === "future") {
          for (const task of await inTransaction.listOccurrencesFrom(userId, series.id, day)) {
            await inTransaction.deleteTask(userId, task.id);
            await adjustGoalCounts(inTransaction, userId, [[task, null]]);
          }
          await recurrence.endBefore(userId, series, day);
          return;
        }
        if (series && day !== null) await recurrence.skipDays(userId, new Map([[series.id, [day]]]));
        const deleted = await inTransaction.deleteTask(userId, taskId);
        if (!deleted) throw taskNotFound();
        await adjustGoalCounts(inTransaction, userId, [[deleted, null]]);
      });
    },

    /** In the goal's deletion: its tasks stay, without it (its stored counts go with it). */
    async unlinkGoal(userId: string, goalId: string, at: string): Promise<void> {
      await tasksRepository(kysely, dialect).unlinkGoal(userId, goalId, at);
    },
  };
}
