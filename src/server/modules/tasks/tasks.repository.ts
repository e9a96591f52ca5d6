// Task queries only. Every function takes the owner's id first, so a task is only ever read or
// changed through its owner. Bind to the database or to a transaction: tasksRepository(trx, dialect).
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Task, TaskStatus } from "../../../shared/api/tasks.ts";
import type { LifecycleFields } from "../../../shared/rules/task-lifecycle.ts";
import { prefixUpperBound, searchWords } from "../../../shared/rules/task-search.ts";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database, NewTaskRow, TaskRowUpdate } from "../../db/schema.ts";

/** The fields a status change reads, plus what the stalled rule needs. */
export interface TaskState extends LifecycleFields {
  id: string;
  goalId: string | null;
  date: string | null;
  estimatedDuration: number | null;
  firstPlannedDate: string | null;
}

export type NewTask = Omit<NewTaskRow, "userId">;

/** What a goal's stored counts depend on: which goal a task is linked to, and whether it is done. */
export interface GoalCountedState {
  goalId: string | null;
  status: TaskStatus;
}
/** What a goal breakdown's prompt says of the goal's existing tasks. */
export interface GoalTaskOutline {
  title: string;
  status: TaskStatus;
  estimatedDuration: number | null;
  date: string | null;
}

export type TaskChanges = Omit<TaskRowUpdate, "id" | "userId" | "createdAt">;

export type TasksRepository = ReturnType<typeof tasksRepository>;

// The task columns every response carries; the goal's title comes from one left join (goal ids
// are primary keys, so it is one index probe per task, no second query).
const taskColumns = [
  "tasks.id",
  "tasks.userId",
  "tasks.goalId",
  "tasks.title",
  "tasks.description",
  "tasks.status",
  "tasks.date",
  "tasks.estimatedDuration",
  "tasks.scheduledStartTime",
  "tasks.firstStartedAt",
  "tasks.currentSessionStartedAt",
  "tasks.workSessionCount",
  "tasks.startedAt",
  "tasks.completedAt",
  "tasks.trackedMinutes",
  "tasks.rolloverCount",
  "tasks.firstPlannedDate",
  "tasks.rolledOverFromDate",
  "tasks.createdAt",
  "tasks.updatedAt",
] as const;

const stateColumns = [
  "id",
  "goalId",
  "date",
  "status",
  "estimatedDuration",
  "startedAt",
  "firstStartedAt",
  "currentSessionStartedAt",
  "workSessionCount",
  "trackedMinutes",
  "completedAt",
  "firstPlannedDate",
] as const;

function selectTasksOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("tasks")
    .leftJoin("goals", (join) => join.onRef("goals.id", "=", "tasks.goalId").onRef("goals.userId", "=", "tasks.userId"))
    .select([...taskColumns, "goals.title as goalTitle"])
    .where("tasks.userId", "=", userId);
}

/** The board's read, on every day change (bench budget: p99 under 15 ms at 50 connections). */
// Compiled once: every chat with the assistant reads it (its "today").
const userTimeZoneQuery = compiledQuery((db, p: { userId: string }) => db.selectFrom("users").select("timeZone").where("id", "=", p.userId));

const tasksOfDayQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  selectTasksOf(db, p.userId).where("tasks.date", "=", p.date).orderBy("tasks.createdAt").orderBy("tasks.id"),
);

/** A search word matching at most this many tasks drives the read (tasksRepository.searchTasks). */
const SEARCH_NARROW_MATCHES = 300;

export function tasksRepository(db: Kysely<Database>, dialect: Dialect) {
  const selectTasks = (userId: string) => selectTasksOf(db, userId);

  /** The titles' words of new (or renamed) tasks, for search. */
  async function insertWords(userId: string, tasks: readonly { id: string; title: string }[]): Promise<void> {
    const rows = tasks.flatMap((task) => searchWords(task.title).map((word) => ({ userId, word, taskId: task.id })));
    if (rows.length > 0) await db.insertInto("taskWords").values(rows).execute();
  }

  return {
    /** The day's tasks, oldest first (the (user_id, date) index). */
    async listTasksOfDay(userId: string, date: string): Promise<Task[]> {
      return tasksOfDayQuery.rows(db, { userId, date });
    },

    /** The (user_id, status) index. */
    async listTasksWithStatus(userId: string, status: TaskStatus): Promise<Task[]> {
      return selectTasks(userId)
        .where("tasks.status", "=", status)
        .orderBy("tasks.createdAt")
        .orderBy("tasks.id")
        .execute();
    },

    /**
     * Unscheduled tasks, tasks dated startDate..endDate, and not-done tasks dated from
     * overdueSince to the day before today; unscheduled first, then by date and creation.
     */
    async listFutureTasks(
      userId: string,
      window: { startDate: string; endDate: string; today: string; overdueSince: string },
    ): Promise<Task[]> {
      return selectTasks(userId)
        .where((eb: ExpressionBuilder<Database, "tasks">) =>
          eb.or([
            eb("tasks.date", "is", null),
            eb.and([eb("tasks.date", ">=", window.startDate), eb("tasks.date", "<=", window.endDate)]),
            eb.and([
              eb("tasks.date", ">=", window.overdueSince),
              eb("tasks.date", "<", window.today),
              eb("tasks.status", "!=", "done"),
            ]),
          ]),
        )
        .orderBy(sql`case when ${sql.ref("tasks.date")} is null then 0 else 1 end`)
        .orderBy("tasks.date")
        .orderBy("tasks.createdAt")
        .orderBy("tasks.id")
        .execute();
    },

    async findTask(userId: string, taskId: string): Promise<Task | undefined> {
      return selectTasks(userId).where("tasks.id", "=", taskId).executeTakeFirst();
    },

    /**
     * The fields a change is computed from. Inside a transaction on PostgreSQL the row is locked,
     * so two concurrent status changes cannot both count the same work session.
     */
    async findTaskState(userId: string, taskId: string, options: { lock?: boolean } = {}): Promise<TaskState | undefined> {
      let query = db.selectFrom("tasks").select(stateColumns).where("userId", "=", userId).where("id", "=", taskId);
      // SQLite has no row locks; its transactions take the database's write lock instead.
      if (options.lock && dialect === "postgres") query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async listInProgressStates(userId: string): Promise<TaskState[]> {
      return db
        .selectFrom("tasks")
        .select(stateColumns)
        .where("userId", "=", userId)
        .where("status", "=", "inprogress")
        .execute();
    },

    /** One multi-row insert, and one of their titles' words (task search). */
    async insertTasks(userId: string, tasks: readonly NewTask[]): Promise<void> {
      if (tasks.length === 0) return;
      await db
        .insertInto("tasks")
        .values(tasks.map((task) => ({ ...task, userId })))
        .execute();
      await insertWords(userId, tasks);
    },

    /** The goal's tasks, newest first, at most `limit` (the (user_id, goal_id, status) index). */
    async listGoalTaskOutlines(userId: string, goalId: string, limit: number): Promise<GoalTaskOutline[]> {
      return db
        .selectFrom("tasks")
        .select(["title", "status", "estimatedDuration", "date"])
        .where("userId", "=", userId)
        .where("goalId", "=", goalId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    /** Returns whether the owner had such a task. A new title replaces the task's words. */
    async updateTask(userId: string, taskId: string, changes: TaskChanges): Promise<boolean> {
      const result = await db
        .updateTable("tasks")
        .set(changes)
        .where("userId", "=", userId)
        .where("id", "=", taskId)
        .executeTakeFirst();
      const updated = result.numUpdatedRows > 0n;
      if (updated && typeof changes.title === "string") {
        await db.deleteFrom("taskWords").where("taskId", "=", taskId).execute();
        await insertWords(userId, [{ id: taskId, title: changes.title }]);
      }
      return updated;
    },

    /**
     * Tasks of every day whose title has a word starting with each query word (task-search.ts):
     * dated ones newest first, then unscheduled ones. Two plans: when some word's prefix matches
     * few tasks (at most SEARCH_NARROW_MATCHES, counted on the (user_id, word) key), those tasks
     * are read and the other words checked on each; when every word matches many (a short prefix
     * while typing), the user's tasks are read newest first and the first matches kept.
     */
    async searchTasks(userId: string, words: readonly string[], limit: number): Promise<Task[]> {
      if (words.length === 0) return [];
      // The user's words starting with `word`: the range [word, next prefix) on the primary key.
      const wordsStartingWith = (word: string) =>
        db
          .selectFrom("taskWords")
          .select("taskWords.taskId")
          .where("taskWords.userId", "=", userId)
          .where("taskWords.word", ">=", word)
          .where("taskWords.word", "<", prefixUpperBound(word));
      // Every word's matches counted up to the limit, in one statement (one round trip).
      const countRow = await db
        .selectNoFrom((eb) =>
          words.map((word, index) =>
            eb
              .selectFrom(wordsStartingWith(word).limit(SEARCH_NARROW_MATCHES + 1).as("matches"))
              .select((inner) => inner.fn.countAll<number | string>().as("n"))
              .$asScalar()
              .as(`c${index}`),
          ),
        )
        .executeTakeFirstOrThrow();
      const counts = words.map((word, index) => ({ word, count: Number((countRow as Record<string, unknown>)[`c${index}`]) }));
      const narrowest = counts.reduce((best, next) => (next.count < best.count ? next : best));
      if (narrowest.count === 0) return [];
      let query = selectTasks(userId);
      if (narrowest.count <= SEARCH_NARROW_MATCHES) {
        query = query.where("tasks.id", "in", wordsStartingWith(narrowest.word));
      }
      for (const { word } of narrowest.count <= SEARCH_NARROW_MATCHES ? counts.filter((entry) => entry !== narrowest) : counts) {
        query = query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom("taskWords as other")
              .select("other.taskId")
              .whereRef("other.taskId", "=", "tasks.id")
              .where("other.userId", "=", userId)
              .where("other.word", ">=", word)
              .where("other.word", "<", prefixUpperBound(word)),
          ),
        );
      }
      return query
        .orderBy("tasks.date", (order) => order.desc().nullsLast())
        .orderBy("tasks.createdAt", "desc")
        .orderBy("tasks.id")
        .limit(limit)
        .execute();
    },

    /**
     * Changes an in-progress task only if the session read earlier is still the running one, so two
     * concurrent stall checks cannot both apply (and count the session twice). Returns whether it did.
     */
    async updateInProgressSession(userId: string, taskId: string, sessionStartedAt: string, changes: TaskChanges): Promise<boolean> {
      const result = await db
        .updateTable("tasks")
        .set(changes)
        .where("userId", "=", userId)
        .where("id", "=", taskId)
        .where("status", "=", "inprogress")
        .where("currentSessionStartedAt", "=", sessionStartedAt)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Returns the deleted task's goal and status, or undefined when the owner had no such task. */
    async deleteTask(userId: string, taskId: string): Promise<GoalCountedState | undefined> {
      return db
        .deleteFrom("tasks")
        .where("userId", "=", userId)
        .where("id", "=", taskId)
        .returning(["goalId", "status"])
        .executeTakeFirst();
    },

    /**
     * Adds to a goal's stored task counts (migration 0003). Relative updates, so that concurrent
     * changes add up; only the owner's goal is touched, as only the owner's tasks count.
     */
    async adjustGoalTaskCounts(userId: string, goalId: string, change: { total: number; completed: number }): Promise<void> {
      await db
        .updateTable("goals")
        .set((eb) => ({
          totalTasksCount: eb("totalTasksCount", "+", change.total),
          completedTasksCount: eb("completedTasksCount", "+", change.completed),
        }))
        .where("userId", "=", userId)
        .where("id", "=", goalId)
        .execute();
    },

    /** The title of the owner's goal, or undefined when the owner has no such goal. */
    async findGoalTitle(userId: string, goalId: string): Promise<string | undefined> {
      const goal = await db
        .selectFrom("goals")
        .select("title")
        .where("userId", "=", userId)
        .where("id", "=", goalId)
        .executeTakeFirst();
      return goal?.title;
    },

    async findUserTimeZone(userId: string): Promise<string | undefined> {
      const user = await userTimeZoneQuery.takeFirst(db, { userId });
      return user?.timeZone;
    },

    /** The day's task count and how many of them arrived by rollover; aggregates cast for PostgreSQL. */
    async countDayStats(userId: string, date: string): Promise<{ totalTasks: number; rolledOver: number }> {
      const row = await db
        .selectFrom("tasks")
        .select([
          sql<number>`cast(count(*) as integer)`.as("totalTasks"),
          sql<number>`cast(coalesce(sum(case when ${sql.ref("rolledOverFromDate")} is not null then 1 else 0 end), 0) as integer)`.as(
            "rolledOver",
          ),
        ])
        .where("userId", "=", userId)
        .where("date", "=", date)
        .executeTakeFirstOrThrow();
      return { totalTasks: Number(row.totalTasks), rolledOver: Number(row.rolledOver) };
    },
  };
}
