import { positionBetween } from "../../../shared/rules/task-order.ts";
import { itemsOfTemplate } from "../../db/checklist-column.ts";
import type { TaskSeriesRow } from "../../db/schema.ts";
import { writeUserData } from "../../db/user-data.ts";
import { newTask, TASK_CHANGES, type TasksServiceDeps, taskRow } from "./task-rows.ts";
import type { NewTask } from "./tasks.repository.ts";
import { tasksRepository } from "./tasks.repository.ts";

type Template = Omit<TaskSeriesRow, "userId">;

/** The recurrence module's occurrences as task rows, last in their day. Insert-or-ignore, so concurrent first reads (two tabs, two instances) still make each occurrence once. */
export async function insertOccurrences(
  { kysely, dialect, now }: TasksServiceDeps,
  userId: string,
  due: readonly { series: Template; day: string }[],
): Promise<void> {
  if (due.length === 0) return;
  const createdAt = now().toISOString();
  await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
    const inTransaction = tasksRepository(trx, dialect);
    const lastPositions = new Map<string, number>();
    const rows: NewTask[] = [];
    for (const { series, day } of due) {
      if (!lastPositions.has(day)) lastPositions.set(day, (await inTransaction.findMaxPosition(userId, day)) ?? 0);
      const position = positionBetween(lastPositions.get(day)!, null);
      lastPositions.set(day, position);
      const { title, description, estimatedDuration, scheduledStartTime, goalId } = series;
      const task = newTask(userId, { title, description, estimatedDuration, scheduledStartTime, goalId, date: day }, createdAt, position);
      const checklist = itemsOfTemplate(series.checklistTemplate);
      rows.push(taskRow({ ...task, seriesId: series.id, recurrence: series.recurrence, checklist }, day));
    }
    const written = await inTransaction.insertOccurrences(userId, rows);
    for (const row of written) {
      if (row.goalId) await inTransaction.adjustGoalTaskCounts(userId, row.goalId, { total: 1, completed: 0 });
    }
  });
}
