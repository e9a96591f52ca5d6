import type { Transaction } from "kysely";
import { type CreateTaskBody, type CreateTaskRequest, type Task, taskSchema } from "../../../shared/api/tasks.ts";
import { addDays } from "../../../shared/rules/dates.ts";
import { nextOccurrence } from "../../../shared/rules/recurrence.ts";
import { positionBetween } from "../../../shared/rules/task-order.ts";
import { AppError } from "../../app-error.ts";
import type { Database } from "../../db/schema.ts";
import { writeUserData } from "../../db/user-data.ts";
import { emitWebhook } from "../webhooks/webhook-queue.ts";
import { recurrenceService, type SeriesRow, seriesOfBody } from "../recurrence/recurrence.service.ts";
import { goalNotFound, newTask, TASK_CHANGES, type TasksServiceDeps, taskRow } from "./task-rows.ts";
import { type NewTask, tasksRepository } from "./tasks.repository.ts";

export interface CreateTasksOptions {
  inTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

export function createTasksUseCase({ kysely, dialect, now }: TasksServiceDeps) {
  // One transaction: a goal that is not the user's (a 404) fails them all; each task is placed after the last, keeping the order given.
  async function createTasks(
    userId: string,
    bodies: readonly (CreateTaskBody & { id?: string; steps?: readonly string[] })[],
    options: CreateTasksOptions = {},
  ): Promise<Task[]> {
    const start = now().getTime();
    const tasks: Task[] = [];
    const series: SeriesRow[] = [];
    for (const [index, body] of bodies.entries()) {
      if (body.recurrence != null)
        series.push(seriesOfBody({ ...body, recurrence: body.recurrence }, new Date(start + index).toISOString()));
    }
    const clientIds = bodies.flatMap((body) => (body.id === undefined ? [] : [body.id]));
    await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
      const inTransaction = tasksRepository(trx, dialect);
      // After the version's raise, which queues the user's writes: a create sent twice at once finds the first's row.
      if (clientIds.length > 0 && (await inTransaction.findTakenTaskIds(clientIds)).length > 0) {
        throw new AppError("conflict", "A task with this id already exists: a new task needs a new id");
      }
      const lastPositions = new Map<string | null, number | null>();
      let seriesIndex = 0;
      for (const [index, given] of bodies.entries()) {
        const of = given.recurrence != null && given.date != null ? series[seriesIndex++] : undefined;
        // The first occurrence is the first day from the task's date on which the rule occurs.
        const body = of ? { ...given, date: nextOccurrence(of.recurrence, of.startDate, addDays(of.startDate, -1)) } : given;
        const date = body.date ?? null;
        if (!lastPositions.has(date)) lastPositions.set(date, await inTransaction.findMaxPosition(userId, date));
        const position = positionBetween(lastPositions.get(date) ?? 0, null);
        const task = newTask(userId, body, new Date(start + index).toISOString(), position);
        if (of) Object.assign(task, { seriesId: of.id, recurrence: of.recurrence });
        lastPositions.set(date, Math.max(task.position, lastPositions.get(date) ?? -Infinity));
        tasks.push(task);
      }
      const goalIds = [...new Set(tasks.flatMap((task) => (task.goalId ? [task.goalId] : [])))];
      for (const goalId of goalIds) {
        const title = await inTransaction.findGoalTitle(userId, goalId);
        if (title === undefined) throw goalNotFound();
        for (const task of tasks) if (task.goalId === goalId) task.goalTitle = title;
      }
      const recurrence = recurrenceService({ kysely: trx, dialect, now });
      for (const row of series) await recurrence.startSeries(userId, row);
      await inTransaction.insertTasks(
        userId,
        tasks.map((task) => taskRow(task, task.seriesId === null ? null : task.date)),
      );
      for (const goalId of goalIds) {
        const total = tasks.filter((task) => task.goalId === goalId).length;
        await inTransaction.adjustGoalTaskCounts(userId, goalId, { total, completed: 0 });
      }
      await options.inTransaction?.(trx);
      for (const task of tasks) emitWebhook(trx, userId, "task.created", taskSchema, task);
    });
    return tasks;
  }

  return {
    createTasks,

    async createTask(userId: string, body: CreateTaskRequest): Promise<Task> {
      const [task] = await createTasks(userId, [body]);
      return task!;
    },

    /**
     * Whole rows with their ids (an import): series first, then the tasks, the goals' counts raised by what
     * each goal gained, in one write that joins a caller's transaction. A task without a position goes last in its day.
     */
    async insertImportedTasks(
      userId: string,
      series: readonly SeriesRow[],
      tasks: readonly (NewTask & { position?: number })[],
    ): Promise<void> {
      if (tasks.length === 0 && series.length === 0) return;
      await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        await recurrenceService({ kysely: trx, dialect, now }).insertImportedSeries(userId, series);
        const lastPositions = new Map<string | null, number>();
        const rows: NewTask[] = [];
        for (const task of tasks) {
          const date = task.date ?? null;
          if (task.position !== undefined) {
            rows.push(task);
            continue;
          }
          if (!lastPositions.has(date)) lastPositions.set(date, (await inTransaction.findMaxPosition(userId, date)) ?? 0);
          const position = positionBetween(lastPositions.get(date)!, null);
          lastPositions.set(date, position);
          rows.push({ ...task, position });
        }
        await inTransaction.insertTasks(userId, rows);
        const gains = new Map<string, { total: number; completed: number }>();
        for (const task of rows) {
          if (!task.goalId) continue;
          const gain = gains.get(task.goalId) ?? { total: 0, completed: 0 };
          gain.total += 1;
          if (task.status === "done") gain.completed += 1;
          gains.set(task.goalId, gain);
        }
        for (const [goalId, gain] of gains) await inTransaction.adjustGoalTaskCounts(userId, goalId, gain);
      });
    },
  };
}
