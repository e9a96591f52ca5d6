import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import {
  type CreateTaskBody,
  type CreateTaskRequest,
  type DayStatsResponse,
  type EditScope,
  type FutureTasksQuery,
  RECURRENCE_NEEDS_DATE_MESSAGE,
  type Task,
  type UpdateTaskBody,
} from "../../../shared/api/tasks.ts";
import { addDays } from "../../../shared/rules/dates.ts";
import {
  nextOccurrence,
  occurrencesBetween,
  seriesOccursOn,
  skippedDaysOf as skippedDays,
  validateRecurrence,
} from "../../../shared/rules/recurrence.ts";
import { overdueWindowStart } from "../../../shared/rules/future-tasks.ts";
import { statusChangeStamps } from "../../../shared/rules/task-lifecycle.ts";
import { positionBetween } from "../../../shared/rules/task-order.ts";
import { ESTIMATED_DURATION_MIN_MINUTES } from "../../../shared/api/task-limits.ts";
import { isPastStallThreshold, STALL_FACTOR, stallDeadline } from "../../../shared/rules/task-timing.ts";
import { AppError, notFound } from "../../app-error.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { writeUserData } from "../../db/user-data.ts";
import { taskSearchService } from "../task-search/task-search.service.ts";
import {
  type GoalCountedState,
  type GoalTaskOutline,
  type NewTask,
  type SeriesChanges,
  type SeriesRow,
  type TaskChanges,
  type TasksRepository,
  type TaskState,
  tasksRepository,
} from "./tasks.repository.ts";

const TASK_CHANGES: readonly ChangeKind[] = ["tasks"];

export type { GoalTaskOutline, NewTask, SeriesRow };

export interface TasksServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

const taskNotFound = () => notFound("Task");

type GoalCountChange = readonly [before: GoalCountedState | null, after: GoalCountedState | null];

// In the caller's transaction, so the goals' stored counts (migration 0003) move with the task writes: one update per goal.
async function adjustGoalCounts(repository: TasksRepository, userId: string, changes: readonly GoalCountChange[]): Promise<void> {
  const byGoal = new Map<string, { total: number; completed: number }>();
  const add = (goalId: string, total: number, completed: number) => {
    const sum = byGoal.get(goalId) ?? { total: 0, completed: 0 };
    byGoal.set(goalId, { total: sum.total + total, completed: sum.completed + completed });
  };
  for (const [before, after] of changes) {
    const wasDone = before?.status === "done" ? 1 : 0;
    const isDone = after?.status === "done" ? 1 : 0;
    const from = before?.goalId ?? null;
    const to = after?.goalId ?? null;
    if (from !== null && from === to) add(from, 0, isDone - wasDone);
    else {
      if (from !== null) add(from, -1, -wasDone);
      if (to !== null) add(to, 1, isDone);
    }
  }
  for (const [goalId, change] of byGoal) {
    if (change.total !== 0 || change.completed !== 0) await repository.adjustGoalTaskCounts(userId, goalId, change);
  }
}
const goalNotFound = () => notFound("Goal");

function invalidRecurrence(message: string): AppError {
  return new AppError("validation_failed", `Invalid body: recurrence: ${message}`);
}

function firstOccurrenceBetween(series: SeriesRow, from: string, to: string): string | undefined {
  const last = series.endDate !== null && series.endDate < to ? series.endDate : to;
  const skipped = skippedDays(series);
  return occurrencesBetween(series.recurrence, series.startDate, from, last).find((day) => !skipped.includes(day));
}

function isUntouched(task: TaskState): boolean {
  return task.status === "todo" && task.workSessionCount === 0;
}

function taskRow(task: Task, occurrenceDate: string | null): NewTask {
  const { goalTitle: _joined, userId: _owner, recurrence: _rule, ...row } = task;
  return { ...row, occurrenceDate };
}

function newTask(userId: string, body: CreateTaskBody & { id?: string }, createdAt: string, position: number): Task {
  const date = body.date ?? null;
  return {
    id: body.id ?? randomUUID(),
    userId,
    goalId: body.goalId ?? null,
    goalTitle: null,
    title: body.title,
    description: body.description ?? null,
    status: "todo",
    date,
    estimatedDuration: body.estimatedDuration ?? null,
    scheduledStartTime: body.scheduledStartTime ?? null,
    firstStartedAt: null,
    currentSessionStartedAt: null,
    workSessionCount: 0,
    startedAt: null,
    completedAt: null,
    trackedMinutes: 0,
    rolloverCount: 0,
    firstPlannedDate: date,
    rolledOverFromDate: null,
    position: body.position ?? position,
    recurrence: null,
    seriesId: null,
    createdAt,
    updatedAt: createdAt,
  };
}

function occurrenceOf(userId: string, series: SeriesRow, day: string, createdAt: string, position: number): Task {
  const task = newTask(
    userId,
    {
      title: series.title,
      description: series.description,
      estimatedDuration: series.estimatedDuration,
      scheduledStartTime: series.scheduledStartTime,
      goalId: series.goalId,
      date: day,
    },
    createdAt,
    position,
  );
  return { ...task, seriesId: series.id, recurrence: series.recurrence };
}

export interface CreateTasksOptions {
  inTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

export function tasksService({ kysely, dialect, now }: TasksServiceDeps) {
  const repository = tasksRepository(kysely, dialect);
  const search = taskSearchService({ kysely });

  // One transaction: a goal that is not the user's (a 404) fails them all; each task is placed after the last, keeping the order given.
  async function createTasks(
    userId: string,
    bodies: readonly (CreateTaskBody & { id?: string })[],
    options: CreateTasksOptions = {},
  ): Promise<Task[]> {
    const start = now().getTime();
    const tasks: Task[] = [];
    const series: SeriesRow[] = [];
    for (const [index, body] of bodies.entries()) {
      if (body.recurrence == null) continue;
      if (body.date == null) throw invalidRecurrence(RECURRENCE_NEEDS_DATE_MESSAGE);
      const problem = validateRecurrence(body.recurrence, body.date);
      if (problem) throw invalidRecurrence(problem);
      const createdAt = new Date(start + index).toISOString();
      series.push({
        id: randomUUID(),
        recurrence: body.recurrence,
        startDate: body.date,
        endDate: null,
        skippedDays: "",
        title: body.title,
        description: body.description ?? null,
        estimatedDuration: body.estimatedDuration ?? null,
        scheduledStartTime: body.scheduledStartTime ?? null,
        goalId: body.goalId ?? null,
        createdAt,
        updatedAt: createdAt,
      });
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
      for (const row of series) await inTransaction.insertSeries(userId, row);
      await inTransaction.insertTasks(
        userId,
        tasks.map((task) => taskRow(task, task.seriesId === null ? null : task.date)),
      );
      for (const goalId of goalIds) {
        const total = tasks.filter((task) => task.goalId === goalId).length;
        await inTransaction.adjustGoalTaskCounts(userId, goalId, { total, completed: 0 });
      }
      await options.inTransaction?.(trx);
    });
    return tasks;
  }

  // Insert-or-ignore, so concurrent first reads (two tabs, two instances) still make each occurrence once.
  async function insertOccurrences(userId: string, due: readonly { series: SeriesRow; day: string }[]): Promise<void> {
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
        rows.push(taskRow(occurrenceOf(userId, series, day, createdAt, position), day));
      }
      const written = await inTransaction.insertOccurrences(userId, rows);
      for (const row of written) {
        if (row.goalId) await inTransaction.adjustGoalTaskCounts(userId, row.goalId, { total: 1, completed: 0 });
      }
    });
  }

  /** Makes the day's missing occurrences; once made, a read of the day computes no rule. */
  async function materialiseDay(userId: string, day: string): Promise<void> {
    const lacking = await repository.listSeriesLackingDay(userId, day);
    if (lacking.length === 0) return;
    await insertOccurrences(
      userId,
      lacking.filter((series) => seriesOccursOn(series, day)).map((series) => ({ series, day })),
    );
  }

  // Ends the series before the occurrence's day and, unless the rule goes, carries the rest on in a new series from
  // that day: the occurrences it still has take the changes, the others go (or, when worked on, leave the series).
  async function changeSeriesFrom(
    inTransaction: TasksRepository,
    userId: string,
    current: TaskState,
    body: UpdateTaskBody,
    at: string,
  ): Promise<string | null> {
    const day = current.occurrenceDate!;
    const series = await inTransaction.findSeries(userId, current.seriesId!);
    if (!series) return null;
    const rule = body.recurrence === undefined ? series.recurrence : body.recurrence;
    if (rule !== null) {
      const problem = validateRecurrence(rule, day);
      if (problem) throw invalidRecurrence(problem);
    }
    const fields: SeriesChanges = {};
    if (body.title !== undefined) fields.title = body.title;
    if (body.description !== undefined) fields.description = body.description;
    if (body.estimatedDuration !== undefined) fields.estimatedDuration = body.estimatedDuration;
    if (body.scheduledStartTime !== undefined) fields.scheduledStartTime = body.scheduledStartTime;
    if (body.goalId !== undefined) fields.goalId = body.goalId;
    const next: SeriesRow | null =
      rule === null
        ? null
        : {
            ...series,
            ...fields,
            id: randomUUID(),
            recurrence: rule,
            startDate: day,
            skippedDays: skippedDays(series)
              .filter((skipped) => skipped > day)
              .join(","),
            createdAt: at,
            updatedAt: at,
          };
    if (next) await inTransaction.insertSeries(userId, next);
    const { title: _title, ...taskFields } = fields;
    for (const task of await inTransaction.listOccurrencesFrom(userId, series.id, day)) {
      if (task.id === current.id) continue;
      if (next && seriesOccursOn(next, task.occurrenceDate!)) {
        const changes: TaskChanges = { ...taskFields, seriesId: next.id, updatedAt: at };
        if (fields.title !== undefined) changes.title = fields.title;
        await inTransaction.updateTask(userId, task.id, changes);
        if (fields.goalId !== undefined) {
          await adjustGoalCounts(inTransaction, userId, [[task, { goalId: fields.goalId, status: task.status }]]);
        }
      } else if (isUntouched(task)) {
        await inTransaction.deleteTask(userId, task.id);
        await adjustGoalCounts(inTransaction, userId, [[task, null]]);
      } else {
        await inTransaction.updateTask(userId, task.id, { seriesId: null, updatedAt: at });
      }
    }
    if (day <= series.startDate) {
      await inTransaction.updateTask(userId, current.id, { seriesId: next?.id ?? null });
      await inTransaction.deleteSeries(userId, series.id);
    } else {
      await inTransaction.updateSeries(userId, series.id, { endDate: addDays(day, -1), updatedAt: at });
    }
    return next?.id ?? null;
  }

  async function updateInTransaction(
    inTransaction: TasksRepository,
    userId: string,
    taskId: string,
    body: UpdateTaskBody,
    at: Date,
  ): Promise<void> {
    const current = await inTransaction.findTaskState(userId, taskId, { lock: true });
    if (!current) throw taskNotFound();
    if (body.goalId && body.goalId !== current.goalId) {
      if ((await inTransaction.findGoalTitle(userId, body.goalId)) === undefined) throw goalNotFound();
    }

    const changes: TaskChanges = { updatedAt: at.toISOString() };
    // A new rule always applies from this occurrence on: one day cannot repeat differently from its series.
    const wholeSeries = body.scope === "future" || body.recurrence !== undefined;
    if (current.seriesId !== null && current.occurrenceDate !== null && wholeSeries) {
      changes.seriesId = await changeSeriesFrom(inTransaction, userId, current, body, at.toISOString());
    } else if (current.seriesId === null && body.recurrence != null) {
      const full = (await inTransaction.findTask(userId, taskId))!;
      const day = body.date === undefined ? current.date : body.date;
      if (day === null) throw invalidRecurrence(RECURRENCE_NEEDS_DATE_MESSAGE);
      const problem = validateRecurrence(body.recurrence, day);
      if (problem) throw invalidRecurrence(problem);
      const stamp = at.toISOString();
      const series: SeriesRow = {
        id: randomUUID(),
        recurrence: body.recurrence,
        startDate: day,
        endDate: null,
        skippedDays: "",
        title: body.title ?? full.title,
        description: body.description === undefined ? full.description : body.description,
        estimatedDuration: body.estimatedDuration === undefined ? full.estimatedDuration : body.estimatedDuration,
        scheduledStartTime: body.scheduledStartTime === undefined ? full.scheduledStartTime : body.scheduledStartTime,
        goalId: body.goalId === undefined ? full.goalId : body.goalId,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await inTransaction.insertSeries(userId, series);
      changes.seriesId = series.id;
      changes.occurrenceDate = day;
    }
    if (body.title !== undefined) changes.title = body.title;
    if (body.description !== undefined) changes.description = body.description;
    if (body.estimatedDuration !== undefined) changes.estimatedDuration = body.estimatedDuration;
    if (body.scheduledStartTime !== undefined) changes.scheduledStartTime = body.scheduledStartTime;
    if (body.goalId !== undefined) changes.goalId = body.goalId;
    if (body.position !== undefined) changes.position = body.position;
    if (body.date !== undefined) {
      changes.date = body.date;
      if (body.date !== current.date && body.position === undefined) {
        changes.position = positionBetween((await inTransaction.findMaxPosition(userId, body.date)) ?? 0, null);
      }
      if (body.date !== null && current.firstPlannedDate === null) changes.firstPlannedDate = body.date;
      // Moved by hand: it did not arrive there by rollover ('(n rolled over)').
      if (body.date !== current.date) changes.rolledOverFromDate = null;
    }
    if (body.status !== undefined) {
      // A session past its deadline ended there whether or not the stalled rule has run yet: its minutes stop at
      // the deadline, and the new status is stamped from 'stalled' (so 'inprogress' is a Resume).
      const deadline = isPastStallThreshold(current, at) ? stallDeadline(current) : null;
      const stalled = deadline ? statusChangeStamps(current, "stalled", deadline) : {};
      Object.assign(changes, stalled, statusChangeStamps({ ...current, ...stalled }, body.status, at));
    }

    await inTransaction.updateTask(userId, taskId, changes);
    // The row is locked (PostgreSQL) or the database is (SQLite), so `current` is what changed.
    await adjustGoalCounts(inTransaction, userId, [
      [current, { goalId: changes.goalId !== undefined ? changes.goalId : current.goalId, status: changes.status ?? current.status }],
    ]);
  }

  async function stallOverdueSessions(userId: string, tasks: readonly TaskState[]): Promise<number> {
    const at = now();
    const overdue = tasks.filter((task) => task.currentSessionStartedAt && isPastStallThreshold(task, at));
    if (overdue.length === 0) return 0;
    return writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
      const inTransaction = tasksRepository(trx, dialect);
      let stalled = 0;
      for (const task of overdue) {
        const changes: TaskChanges = { ...statusChangeStamps(task, "stalled", stallDeadline(task) ?? at), updatedAt: at.toISOString() };
        if (await inTransaction.updateInProgressSession(userId, task.id, task.currentSessionStartedAt!, changes)) stalled++;
      }
      return stalled;
    });
  }

  return {
    async listTasksOfDay(userId: string, date: string): Promise<Task[]> {
      await materialiseDay(userId, date);
      return repository.listTasksOfDay(userId, date);
    },

    materialiseDay,

    async createTask(userId: string, body: CreateTaskRequest): Promise<Task> {
      const [task] = await createTasks(userId, [body]);
      return task!;
    },

    createTasks,

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
        await inTransaction.insertManySeries(userId, series);
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

    async updateTask(userId: string, taskId: string, body: UpdateTaskBody): Promise<Task> {
      const at = now();
      const task = await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        await updateInTransaction(inTransaction, userId, taskId, body, at);
        return inTransaction.findTask(userId, taskId);
      });
      if (!task) throw taskNotFound();
      return task;
    },

    /** Several updates in one write, each as updateTask's, in the order given. */
    async updateTasks(userId: string, updates: readonly { taskId: string; body: UpdateTaskBody }[]): Promise<void> {
      if (updates.length === 0) return;
      const at = now();
      await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        for (const { taskId, body } of updates) await updateInTransaction(inTransaction, userId, taskId, body, at);
      });
    },

    /** The user's tasks among `taskIds` (another user's or an unknown id is left out), in no order. */
    findTasks(userId: string, taskIds: readonly string[]): Promise<Task[]> {
      return repository.findTasks(userId, taskIds);
    },

    /**
     * Puts tasks back as their snapshots were, all their fields (an assistant's proposal undone), in one write:
     * written over when they exist, else inserted with their ids, an occurrence back on its series' day. A goal gone since leaves one unlinked.
     */
    async restoreTasks(userId: string, restores: readonly { snapshot: Task; occurrenceDate?: string | null }[]): Promise<void> {
      if (restores.length === 0) return;
      await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
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
          (await inTransaction.findSeriesOf(userId, distinct(gone.map(({ snapshot }) => snapshot.seriesId)))).map((row) => [row.id, row]),
        );
        const unskipped = new Map<string, string[]>();
        const rows = restores.map(({ snapshot, occurrenceDate = null }): NewTask => {
          const { goalTitle: _joined, userId: _owner, recurrence: _series, ...row } = snapshot;
          if (row.goalId !== null && !goals.has(row.goalId)) row.goalId = null;
          if (current.has(row.id)) return { ...row, occurrenceDate: null };
          const of = row.seriesId === null ? undefined : series.get(row.seriesId);
          if (!of) row.seriesId = null;
          // Its day was skipped when it was deleted: back in the series, it is that day's occurrence again.
          const day = of && occurrenceDate !== null ? occurrenceDate : null;
          if (of && day !== null) unskipped.set(of.id, [...(unskipped.get(of.id) ?? []), day]);
          return { ...row, occurrenceDate: day };
        });
        for (const [seriesId, days] of unskipped) {
          const kept = skippedDays(series.get(seriesId)!).filter((skipped) => !days.includes(skipped));
          await inTransaction.updateSeries(userId, seriesId, { skippedDays: kept.join(","), updatedAt: now().toISOString() });
        }
        await inTransaction.restoreTasks(userId, rows, new Map([...current.values()].map((task) => [task.id, task.title])));
        await adjustGoalCounts(
          inTransaction,
          userId,
          rows.map((row) => [current.get(row.id) ?? null, { goalId: row.goalId ?? null, status: row.status }]),
        );
      });
    },

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
        for (const series of await inTransaction.findSeriesOf(userId, [...skippedBySeries.keys()])) {
          const skipped = [...skippedDays(series), ...skippedBySeries.get(series.id)!].join(",");
          await inTransaction.updateSeries(userId, series.id, { skippedDays: skipped, updatedAt: now().toISOString() });
        }
        await adjustGoalCounts(
          inTransaction,
          userId,
          [...deleted.values()].map((task) => [task, null]),
        );
        return new Map([...deleted.values()].map((task) => [task.id, task.occurrenceDate]));
      });
    },

    async deleteTask(userId: string, taskId: string, scope: EditScope = "this"): Promise<void> {
      await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        const current = await inTransaction.findTaskState(userId, taskId, { lock: true });
        if (!current) throw taskNotFound();
        const series = current.seriesId ? await inTransaction.findSeries(userId, current.seriesId) : undefined;
        const day = current.occurrenceDate;
        if (series && day !== null && scope === "future") {
          for (const task of await inTransaction.listOccurrencesFrom(userId, series.id, day)) {
            await inTransaction.deleteTask(userId, task.id);
            await adjustGoalCounts(inTransaction, userId, [[task, null]]);
          }
          if (day <= series.startDate) await inTransaction.deleteSeries(userId, series.id);
          else await inTransaction.updateSeries(userId, series.id, { endDate: addDays(day, -1), updatedAt: now().toISOString() });
          return;
        }
        if (series && day !== null) {
          const skipped = [...skippedDays(series), day].join(",");
          await inTransaction.updateSeries(userId, series.id, { skippedDays: skipped, updatedAt: now().toISOString() });
        }
        const deleted = await inTransaction.deleteTask(userId, taskId);
        if (!deleted) throw taskNotFound();
        await adjustGoalCounts(inTransaction, userId, [[deleted, null]]);
      });
    },

    /** The stalled rule first, as listStalledTasks: the latest `limit` stalled tasks off `day`, and how many stalled tasks there are. */
    async latestStalledElsewhere(userId: string, day: string, limit: number): Promise<{ tasks: Task[]; total: number }> {
      await stallOverdueSessions(userId, await repository.listInProgressStates(userId));
      return repository.latestStalledElsewhere(userId, day, limit);
    },

    async listStalledTasks(userId: string): Promise<Task[]> {
      await stallOverdueSessions(userId, await repository.listInProgressStates(userId));
      return repository.listTasksWithStatus(userId, "stalled");
    },

    async stallOverdueSessionsOfEveryone(): Promise<number> {
      // No deadline comes sooner than 150% of the shortest estimate a task can have.
      const startedBy = new Date(now().getTime() - ESTIMATED_DURATION_MIN_MINUTES * STALL_FACTOR * 60_000).toISOString();
      const candidates = await repository.listInProgressStatesStartedBy(startedBy);
      const byUser = new Map<string, TaskState[]>();
      for (const task of candidates) {
        const tasks = byUser.get(task.userId);
        if (tasks) tasks.push(task);
        else byUser.set(task.userId, [task]);
      }
      let stalled = 0;
      for (const [userId, tasks] of byUser) stalled += await stallOverdueSessions(userId, tasks);
      return stalled;
    },

    /** `today` first (usersService.userToday): the overdue part of the list depends on it, and a cached answer is keyed by it. */
    // A series shows its next occurrence only, and a missed one is not carried as overdue.
    async listFutureTasks(userId: string, query: FutureTasksQuery, today: string): Promise<Task[]> {
      const window = { ...query, today, overdueSince: overdueWindowStart(today) };
      let tasks = await repository.listFutureTasks(userId, window);
      const active = await repository.listSeriesActiveBetween(userId, query.startDate, query.endDate);
      if (active.length > 0) {
        const shown = new Set(tasks.filter((task) => task.date !== null && task.date >= query.startDate).map((task) => task.seriesId));
        const due = active.flatMap((series) => {
          const day = shown.has(series.id) ? undefined : firstOccurrenceBetween(series, query.startDate, query.endDate);
          return day ? [{ series, day }] : [];
        });
        if (due.length > 0) {
          await insertOccurrences(userId, due);
          tasks = await repository.listFutureTasks(userId, window);
        }
      }
      const seen = new Set<string>();
      return tasks.filter((task) => {
        if (task.seriesId === null || task.date === null) return true;
        if (task.date < query.startDate || seen.has(task.seriesId)) return false;
        seen.add(task.seriesId);
        return true;
      });
    },

    listGoalTaskOutlines(userId: string, goalId: string, limit: number): Promise<GoalTaskOutline[]> {
      return repository.listGoalTaskOutlines(userId, goalId, limit);
    },

    /** The task search module's, for callers that hold the tasks service. */
    searchTasks(userId: string, words: readonly string[], limit: number): Promise<Task[]> {
      return search.searchTasks(userId, words, limit);
    },

    getDayStats(userId: string, date: string): Promise<DayStatsResponse> {
      return repository.countDayStats(userId, date);
    },
  };
}
