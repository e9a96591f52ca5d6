import { type Task, taskSchema } from "../../../shared/api/tasks.ts";
import { writeUserData } from "../../db/user-data.ts";
import { checklistText } from "../../db/checklist-column.ts";
import { emitWebhook } from "../webhooks/webhook-queue.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { adjustGoalCounts, TASK_CHANGES, type TasksServiceDeps } from "./task-rows.ts";
import { type NewTask, tasksRepository } from "./tasks.repository.ts";

export function restoreTasksUseCase({ kysely, dialect, now }: TasksServiceDeps) {
  return {
    /**
     * Puts tasks back as their snapshots were, all their fields (an assistant's proposal undone), in one write:
     * written over when they exist, else inserted with their ids, an occurrence back on its series' day. A goal gone since leaves one unlinked.
     */
    async restoreTasks(userId: string, restores: readonly { snapshot: Task; occurrenceDate?: string | null }[]): Promise<void> {
      if (restores.length === 0) return;
      await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        const recurrence = recurrenceService({ kysely: trx, dialect, now });
        const current = new Map(
          (
            await inTransaction.findTaskStates(
              userId,
              restores.map(({ snapshot }) => snapshot.id),
            )
          ).map((task) => [task.id, task]),
        );
        const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id) => id !== null))];
        const goals = new Set(await inTransaction.findGoalIds(userId, distinct(restores.map(({ snapshot }) => snapshot.goalId))));
        const gone = restores.filter(({ snapshot }) => !current.has(snapshot.id));
        const series = new Map(
          (await recurrence.findSeriesOf(userId, distinct(gone.map(({ snapshot }) => snapshot.seriesId)))).map((row) => [row.id, row]),
        );
        const unskipped = new Map<string, string[]>();
        const rows = restores.map(({ snapshot, occurrenceDate = null }): NewTask => {
          const { goalTitle: _joined, userId: _owner, recurrence: _series, checklist, ...fields } = snapshot;
          const row = { ...fields, checklist: checklistText(checklist) };
          if (row.goalId !== null && !goals.has(row.goalId)) row.goalId = null;
          if (current.has(row.id)) return { ...row, occurrenceDate: null };
          const of = row.seriesId === null ? undefined : series.get(row.seriesId);
          if (!of) row.seriesId = null;
          // Its day was skipped when it was deleted: back in the series, it is that day's occurrence again.
          const day = of && occurrenceDate !== null ? occurrenceDate : null;
          if (of && day !== null) unskipped.set(of.id, [...(unskipped.get(of.id) ?? []), day]);
          return { ...row, occurrenceDate: day };
        });
        for (const [seriesId, days] of unskipped) await recurrence.unskipDays(userId, series.get(seriesId)!, days);
        await inTransaction.restoreTasks(userId, rows, new Map([...current.values()].map((task) => [task.id, task.title])));
        await adjustGoalCounts(
          inTransaction,
          userId,
          rows.map((row) => [current.get(row.id) ?? null, { goalId: row.goalId ?? null, status: row.status }]),
        );
        for (const row of rows) {
          const task = (await inTransaction.findTask(userId, row.id))!;
          emitWebhook(trx, userId, current.has(row.id) ? "task.updated" : "task.created", taskSchema, task);
        }
      });
    },
  };
}
