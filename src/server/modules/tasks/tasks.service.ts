import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { CreateTaskBody, DayStatsResponse, FutureTasksQuery, Task, UpdateTaskBody } from "../../../shared/api/tasks.ts";
import { todayInZone } from "../../../shared/rules/dates.ts";
import { overdueWindowStart } from "../../../shared/rules/future-tasks.ts";
import { statusChangeStamps } from "../../../shared/rules/task-lifecycle.ts";
import { positionBetween } from "../../../shared/rules/task-order.ts";
import { ESTIMATED_DURATION_MIN_MINUTES } from "../../../shared/api/task-limits.ts";
import { isPastStallThreshold, STALL_FACTOR, stallDeadline } from "../../../shared/rules/task-timing.ts";
import { notFound } from "../../app-error.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { writeUserData } from "../../db/user-data.ts";
import {
  type GoalCountedState,
  type GoalTaskOutline,
  type TaskChanges,
  type TasksRepository,
  type TaskState,
  tasksRepository,
} from "./tasks.repository.ts";

export type { GoalTaskOutline };

export interface TasksServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

export type TasksService = ReturnType<typeof tasksService>;

const taskNotFound = () => notFound("Task");

/**
 * Keeps the goals' stored task counts (migration 0003) in step with a task write, in the caller's
 * transaction: `before` is null for a new task, `after` null for a deleted one.
 */
async function adjustGoalCounts(
  repository: TasksRepository,
  userId: string,
  before: GoalCountedState | null,
  after: GoalCountedState | null,
): Promise<void> {
  const wasDone = before?.status === "done" ? 1 : 0;
  const isDone = after?.status === "done" ? 1 : 0;
  const from = before?.goalId ?? null;
  const to = after?.goalId ?? null;
  if (from !== null && from === to) {
    if (isDone !== wasDone) await repository.adjustGoalTaskCounts(userId, from, { total: 0, completed: isDone - wasDone });
    return;
  }
  if (from !== null) await repository.adjustGoalTaskCounts(userId, from, { total: -1, completed: -wasDone });
  if (to !== null) await repository.adjustGoalTaskCounts(userId, to, { total: 1, completed: isDone });
}
const goalNotFound = () => notFound("Goal");

/** A new task as the client will see it (todo, nothing tracked yet); its goal's title is filled in later. */
function newTask(userId: string, body: CreateTaskBody, createdAt: string, position: number): Task {
  const date = body.date ?? null;
  return {
    id: randomUUID(),
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
    createdAt,
    updatedAt: createdAt,
  };
}

export interface CreateTasksOptions {
  /** More work for the same transaction (e.g. counting a breakdown's accepted suggestions): a failure creates no task. */
  inTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

export function tasksService({ kysely, dialect, now }: TasksServiceDeps) {
  const repository = tasksRepository(kysely, dialect);

  /** The user's IANA time zone (UTC when the user is not found). */
  async function userTimeZone(userId: string): Promise<string> {
    return (await repository.findUserTimeZone(userId)) ?? "UTC";
  }

  /** The user's today in their zone (product-decisions.md: never the server's zone). */
  async function userToday(userId: string): Promise<string> {
    return todayInZone(now(), await userTimeZone(userId));
  }

  /**
   * Creates the tasks in one transaction: all of them or, if any fails (a goal that is not the
   * user's is a 404), none. Each is a millisecond younger than the one before it, and one position
   * step after the last of its day (unless given one), so they go to the end of their columns in
   * the order given.
   */
  async function createTasks(userId: string, bodies: readonly CreateTaskBody[], options: CreateTasksOptions = {}): Promise<Task[]> {
    const start = now().getTime();
    const tasks: Task[] = [];
    await writeUserData(kysely, userId, async (trx) => {
      const inTransaction = tasksRepository(trx, dialect);
      const lastPositions = new Map<string | null, number | null>();
      for (const [index, body] of bodies.entries()) {
        const date = body.date ?? null;
        if (!lastPositions.has(date)) lastPositions.set(date, await inTransaction.findMaxPosition(userId, date));
        const position = positionBetween(lastPositions.get(date) ?? 0, null);
        const task = newTask(userId, body, new Date(start + index).toISOString(), position);
        lastPositions.set(date, Math.max(task.position, lastPositions.get(date) ?? -Infinity));
        tasks.push(task);
      }
      const goalIds = [...new Set(tasks.flatMap((task) => (task.goalId ? [task.goalId] : [])))];
      for (const goalId of goalIds) {
        const title = await inTransaction.findGoalTitle(userId, goalId);
        if (title === undefined) throw goalNotFound();
        for (const task of tasks) if (task.goalId === goalId) task.goalTitle = title;
      }
      await inTransaction.insertTasks(
        userId,
        tasks.map(({ goalTitle: _joined, userId: _owner, ...row }) => row),
      );
      // New tasks are todo: each adds one to its goal's total, none to its completed count.
      for (const goalId of goalIds) {
        const total = tasks.filter((task) => task.goalId === goalId).length;
        await inTransaction.adjustGoalTaskCounts(userId, goalId, { total, completed: 0 });
      }
      await options.inTransaction?.(trx);
    });
    return tasks;
  }

  /** Stalls those of `tasks` (the user's, in progress) whose session ran past its deadline; returns how many. */
  async function stallOverdueSessions(userId: string, tasks: readonly TaskState[]): Promise<number> {
    const at = now();
    const overdue = tasks.filter((task) => task.currentSessionStartedAt && isPastStallThreshold(task, at));
    if (overdue.length === 0) return 0;
    // One transaction for the user's stalls (one raise of their data version).
    return writeUserData(kysely, userId, async (trx) => {
      const inTransaction = tasksRepository(trx, dialect);
      let stalled = 0;
      for (const task of overdue) {
        const changes: TaskChanges = { ...statusChangeStamps(task, "stalled", stallDeadline(task) ?? at), updatedAt: at.toISOString() };
        // Conditional on the session read: a concurrent change or stall check wins cleanly.
        if (await inTransaction.updateInProgressSession(userId, task.id, task.currentSessionStartedAt!, changes)) stalled++;
      }
      return stalled;
    });
  }

  return {
    listTasksOfDay(userId: string, date: string): Promise<Task[]> {
      return repository.listTasksOfDay(userId, date);
    },

    async createTask(userId: string, body: CreateTaskBody): Promise<Task> {
      const [task] = await createTasks(userId, [body]);
      return task!;
    },

    createTasks,

    /**
     * Applies the fields present in the body; a status change is stamped by statusChangeStamps
     * (product-decisions.md "Task lifecycle"). The first date a task gets is kept as firstPlannedDate.
     */
    async updateTask(userId: string, taskId: string, body: UpdateTaskBody): Promise<Task> {
      const at = now();
      const task = await writeUserData(kysely, userId, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        const current = await inTransaction.findTaskState(userId, taskId, { lock: true });
        if (!current) throw taskNotFound();
        if (body.goalId && body.goalId !== current.goalId) {
          if ((await inTransaction.findGoalTitle(userId, body.goalId)) === undefined) throw goalNotFound();
        }

        const changes: TaskChanges = { updatedAt: at.toISOString() };
        if (body.title !== undefined) changes.title = body.title;
        if (body.description !== undefined) changes.description = body.description;
        if (body.estimatedDuration !== undefined) changes.estimatedDuration = body.estimatedDuration;
        if (body.scheduledStartTime !== undefined) changes.scheduledStartTime = body.scheduledStartTime;
        if (body.goalId !== undefined) changes.goalId = body.goalId;
        if (body.position !== undefined) changes.position = body.position;
        if (body.date !== undefined) {
          changes.date = body.date;
          // Moved to another day without a place: last in its column there, as a new task.
          if (body.date !== current.date && body.position === undefined) {
            changes.position = positionBetween((await inTransaction.findMaxPosition(userId, body.date)) ?? 0, null);
          }
          if (body.date !== null && current.firstPlannedDate === null) changes.firstPlannedDate = body.date;
          // Moved by hand to another day: it did not arrive there by rollover ('(n rolled over)').
          if (body.date !== current.date) changes.rolledOverFromDate = null;
        }
        if (body.status !== undefined) {
          // A session past its deadline ended there, as the stalled rule has it, whether or not a
          // tick or a read has applied the rule yet: its minutes stop at the deadline, and the new
          // status is stamped from 'stalled' (so 'inprogress' is a Resume, with a new session).
          const deadline = isPastStallThreshold(current, at) ? stallDeadline(current) : null;
          const stalled = deadline ? statusChangeStamps(current, "stalled", deadline) : {};
          Object.assign(changes, stalled, statusChangeStamps({ ...current, ...stalled }, body.status, at));
        }

        await inTransaction.updateTask(userId, taskId, changes);
        // The row is locked (PostgreSQL) or the database is (SQLite), so `current` is what changed.
        await adjustGoalCounts(inTransaction, userId, current, {
          goalId: changes.goalId !== undefined ? changes.goalId : current.goalId,
          status: changes.status ?? current.status,
        });
        return inTransaction.findTask(userId, taskId);
      });
      if (!task) throw taskNotFound();
      return task;
    },

    /** The user's tasks among `taskIds` (another user's or an unknown id is left out), in no order. */
    findTasks(userId: string, taskIds: readonly string[]): Promise<Task[]> {
      return repository.findTasks(userId, taskIds);
    },

    /**
     * Puts a task back as `snapshot` was, all its fields (an assistant's proposal undone): updated
     * when it exists, else inserted with its id. A goal gone since leaves it unlinked.
     */
    async restoreTask(userId: string, snapshot: Task): Promise<void> {
      await writeUserData(kysely, userId, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        const current = await inTransaction.findTaskState(userId, snapshot.id, { lock: true });
        const { goalTitle: _joined, userId: _owner, id, createdAt, ...fields } = snapshot;
        if (fields.goalId !== null && (await inTransaction.findGoalTitle(userId, fields.goalId)) === undefined) fields.goalId = null;
        if (current) await inTransaction.updateTask(userId, id, fields);
        else await inTransaction.insertTasks(userId, [{ id, createdAt, ...fields }]);
        await adjustGoalCounts(inTransaction, userId, current ?? null, fields);
      });
    },

    async deleteTask(userId: string, taskId: string): Promise<void> {
      await writeUserData(kysely, userId, async (trx) => {
        const inTransaction = tasksRepository(trx, dialect);
        const deleted = await inTransaction.deleteTask(userId, taskId);
        if (!deleted) throw taskNotFound();
        await adjustGoalCounts(inTransaction, userId, deleted, null);
      });
    },

    /**
     * Applies the stalled rule, then lists the stalled tasks. A session that ran past 150% of its
     * estimate is taken to have ended at that deadline: the tracked minutes stop there, so a task
     * left running overnight does not count the night as work.
     */
    async listStalledTasks(userId: string): Promise<Task[]> {
      await stallOverdueSessions(userId, await repository.listInProgressStates(userId));
      return repository.listTasksWithStatus(userId, "stalled");
    },

    /**
     * The stalled rule for every user (the scheduler's turn, jobs/stalled-sessions.job.ts): stalls
     * the in-progress tasks past their deadline. Returns how many it stalled.
     */
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

    /** The user's today first: the overdue part of the list depends on it (and a cached answer is keyed by it). */
    userToday,
    userTimeZone,

    listFutureTasks(userId: string, query: FutureTasksQuery, today: string): Promise<Task[]> {
      return repository.listFutureTasks(userId, { ...query, today, overdueSince: overdueWindowStart(today) });
    },

    /** The goal's newest tasks, in brief (a goal breakdown's prompt lists them so none is suggested twice). */
    listGoalTaskOutlines(userId: string, goalId: string, limit: number): Promise<GoalTaskOutline[]> {
      return repository.listGoalTaskOutlines(userId, goalId, limit);
    },

    /**
     * Task search across days (issue 17), from the database: the tasks whose titles have a word
     * starting with each of `words` (queryWords); no words find nothing.
     */
    searchTasks(userId: string, words: readonly string[], limit: number): Promise<Task[]> {
      return repository.searchTasks(userId, words, limit);
    },

    getDayStats(userId: string, date: string): Promise<DayStatsResponse> {
      return repository.countDayStats(userId, date);
    },
  };
}
