// Task queries only. Every function takes the owner's id first, so a task is only ever read or
// changed through its owner. Bind to the database or to a transaction: tasksRepository(trx, dialect).
import { type Compilable, type ExpressionBuilder, type Kysely, type RawBuilder, sql } from "kysely";
import type { Task, TaskStatus } from "../../../shared/api/tasks.ts";
import type { LifecycleFields } from "../../../shared/rules/task-lifecycle.ts";
import { prefixUpperBound, searchWords } from "../../../shared/rules/task-search.ts";
import { compiledQuery, type PreparedQuery } from "../../db/compiled-query.ts";
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

/** The statuses the partial (user_id, status) index holds (migration 0011). */
type PartiallyIndexedStatus = Extract<TaskStatus, "inprogress" | "stalled">;

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
  "tasks.position",
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

// A column's order (src/shared/rules/task-order.ts, decision 024): start time first, none last
// (written out: PostgreSQL and SQLite put nulls at opposite ends), then position, then creation.
const startTimeNoneLast = sql`case when ${sql.ref("tasks.scheduledStartTime")} is null then 1 else 0 end`;

function selectTasksOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("tasks")
    .leftJoin("goals", (join) => join.onRef("goals.id", "=", "tasks.goalId").onRef("goals.userId", "=", "tasks.userId"))
    .select([...taskColumns, "goals.title as goalTitle"])
    .where("tasks.userId", "=", userId);
}

/** The board's read, on every day change (bench budget: p99 under 15 ms at 50 connections). */
// Compiled once: every chat with the assistant reads it (its "today").
const userTimeZoneQuery = compiledQuery((db, p: { userId: string }) =>
  db.selectFrom("users").select("timeZone").where("id", "=", p.userId),
);

const tasksOfDayQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  selectTasksOf(db, p.userId)
    .where("tasks.date", "=", p.date)
    .orderBy(startTimeNoneLast)
    .orderBy("tasks.scheduledStartTime")
    .orderBy("tasks.position")
    .orderBy("tasks.createdAt")
    .orderBy("tasks.id"),
);

// The largest position of a day's tasks (or the unscheduled ones'): a new task goes one step past it.
const maxPositionOfDayQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  db
    .selectFrom("tasks")
    .select((eb) => eb.fn.max("position").as("maxPosition"))
    .where("userId", "=", p.userId)
    .where("date", "=", p.date),
);

/**
 * Search's order after the day (newest first): a day's tasks as its column; the unscheduled ones,
 * which no column shows and a limit cuts, newest first.
 */
function orderWithinDayForSearch<Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(query: Q): Q {
  return query
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then 0 when ${sql.ref("tasks.scheduledStartTime")} is null then 1 else 0 end`)
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then null else ${sql.ref("tasks.scheduledStartTime")} end`)
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then 0 else ${sql.ref("tasks.position")} end`)
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then ${sql.ref("tasks.createdAt")} end desc`)
    .orderBy(sql`${sql.ref("tasks.createdAt")}`);
}

/** A search word matching at most this many tasks drives the read (tasksRepository.searchTasks). */
const SEARCH_NARROW_MATCHES = 300;

// Task search's statements, compiled once per shape: a query of n words binds userId, its words
// w0.. and each word's next prefix u0.. (prefixUpperBound), and the limit. On PostgreSQL they
// run prepared, which spares the planning that cost more than running them (about 1 ms, measured
// with EXPLAIN ANALYZE on 10,000 tasks).
type SearchParams = Record<string, string | number>;
type SearchShape = "count" | "narrow" | "dated" | "unscheduled";

/** The user's words starting with word `index`: the range [w, u) on the (user_id, word, task_key) key. */
function wordsStartingWith(db: Kysely<Database>, p: SearchParams, index: number) {
  return db
    .selectFrom("taskWords")
    .select("taskWords.taskKey")
    .where("taskWords.userId", "=", p.userId as string)
    .where("taskWords.word", ">=", p[`w${index}`] as string)
    .where("taskWords.word", "<", p[`u${index}`] as string);
}

/** The task has a word starting with word `index` (its own word rows, by the (task_key, word) index). */
function hasWord(p: SearchParams, index: number) {
  return ({ exists, selectFrom }: ExpressionBuilder<Database, "tasks">) =>
    exists(
      selectFrom("taskWords as own")
        .select("own.taskKey")
        .whereRef("own.taskKey", "=", "tasks.searchKey")
        .where("own.word", ">=", p[`w${index}`] as string)
        .where("own.word", "<", p[`u${index}`] as string),
    );
}

function buildSearch(shape: SearchShape, wordCount: number) {
  const wordIndexes = Array.from({ length: wordCount }, (_, index) => index);
  return (db: Kysely<Database>, p: SearchParams) => {
    switch (shape) {
      case "count":
        // Every word's matches counted up to one past the narrow plan's bound, in one statement.
        return db.selectNoFrom((eb) =>
          wordIndexes.map((index) =>
            eb
              .selectFrom(
                wordsStartingWith(db, p, index)
                  .limit(SEARCH_NARROW_MATCHES + 1)
                  .as("matches"),
              )
              .select((inner) => inner.fn.countAll<number | string>().as("n"))
              .$asScalar()
              .as(`c${index}`),
          ),
        );
      case "narrow": {
        // Word 0 is the narrowest. A cross join: SQLite then keeps its matches as the outer loop
        // (it would otherwise walk all the user's tasks by date, to spare the sort of at most 300
        // rows); PostgreSQL plans it as an inner join. Distinct: two words of one title may start
        // with the same prefix. The matches are sorted on their keys and sort columns alone, and
        // only the first `limit` are then read whole (with their goal's title): sorting up to 300
        // whole rows of 21 columns to keep 20 cost more than the rest of the statement.
        let first = db
          .selectFrom(wordsStartingWith(db, p, 0).distinct().as("matches"))
          .crossJoin("tasks")
          .select("tasks.searchKey as foundKey")
          .whereRef("tasks.searchKey", "=", "matches.taskKey")
          .where("tasks.userId", "=", p.userId as string);
        for (const index of wordIndexes.slice(1)) first = first.where(hasWord(p, index));
        first = orderWithinDayForSearch(first.orderBy("tasks.date", (order) => order.desc().nullsLast()))
          .orderBy("tasks.id")
          .limit(p.limit as number);
        return orderWithinDayForSearch(
          db
            .selectFrom(first.as("found"))
            .crossJoin("tasks")
            .leftJoin("goals", (join) => join.onRef("goals.id", "=", "tasks.goalId").onRef("goals.userId", "=", "tasks.userId"))
            .select([...taskColumns, "goals.title as goalTitle"])
            .whereRef("tasks.searchKey", "=", "found.foundKey")
            .where("tasks.userId", "=", p.userId as string)
            .orderBy("tasks.date", (order) => order.desc().nullsLast()),
        ).orderBy("tasks.id");
      }
      case "dated": {
        // Newest first: the (user_id, date) index read backwards, stopped at the limit.
        let query = selectTasksOf(db, p.userId as string).where("tasks.date", "is not", null);
        for (const index of wordIndexes) query = query.where(hasWord(p, index));
        return query
          .orderBy("tasks.date", "desc")
          .orderBy(startTimeNoneLast)
          .orderBy("tasks.scheduledStartTime")
          .orderBy("tasks.position")
          .orderBy("tasks.createdAt")
          .orderBy("tasks.id")
          .limit(p.limit as number);
      }
      case "unscheduled": {
        let query = selectTasksOf(db, p.userId as string).where("tasks.date", "is", null);
        for (const index of wordIndexes) query = query.where(hasWord(p, index));
        return query
          .orderBy("tasks.createdAt", "desc")
          .orderBy("tasks.id")
          .limit(p.limit as number);
      }
    }
  };
}

const searchQueries = new Map<string, PreparedQuery<SearchParams, Record<string, unknown>>>();

function searchQuery(shape: SearchShape, wordCount: number): PreparedQuery<SearchParams, Record<string, unknown>> {
  const key = `${shape}:${wordCount}`;
  let query = searchQueries.get(key);
  if (!query) {
    query = compiledQuery(buildSearch(shape, wordCount) as (db: Kysely<Database>, p: SearchParams) => Compilable<Record<string, unknown>>);
    searchQueries.set(key, query);
  }
  return query;
}

/** The parameters of a search for `words`, in that order. */
function searchParams(userId: string, words: readonly string[], limit: number): SearchParams {
  const params: SearchParams = { userId, limit };
  words.forEach((word, index) => {
    params[`w${index}`] = word;
    params[`u${index}`] = prefixUpperBound(word);
  });
  return params;
}

/**
 * A write of a few rows whose statement depends only on its number of rows (and columns) is
 * compiled once per shape, as the search's statements are: building a multi-row insert through
 * Kysely (a value node per column of every row, the CamelCasePlugin over the tree, the compile)
 * cost more CPU than SQLite's insert itself (10 tasks: 21 columns x 10 rows). Bigger batches
 * (seeding, tests) are built each time, so that no statement of thousands of parameters is kept.
 */
const MAX_COMPILED_ROWS = 10;
/** The words of up to MAX_COMPILED_ROWS tasks: a title has a handful of words; longer lists are built each time. */
const MAX_COMPILED_WORD_ROWS = 100;

type RowParams = Record<string, unknown>;
const insertTasksQueries = new Map<string, PreparedQuery<RowParams, { id: string; searchKey: number | string | null }>>();

/**
 * The multi-row insert of `rowCount` tasks of these columns, returning each one's search key.
 * Row i's column c is the parameter `${c}_${i}`; on SQLite each row's key is one past the largest,
 * plus its place (insertTasks).
 */
function insertTasksQuery(dialect: Dialect, rowCount: number, columns: readonly string[]) {
  const key = `${dialect}:${rowCount}:${columns.join(",")}`;
  let query = insertTasksQueries.get(key);
  if (!query) {
    query = compiledQuery((db, p: RowParams) =>
      db
        .insertInto("tasks")
        .values(
          Array.from({ length: rowCount }, (_, index) => {
            const row: Record<string, unknown> = { userId: p.userId };
            for (const column of columns) row[column] = p[`${column}_${index}`];
            if (dialect === "sqlite") row.searchKey = sql<number>`(select coalesce(max(search_key), 0) from tasks) + ${index + 1}`;
            return row as unknown as NewTaskRow;
          }),
        )
        .returning(["id", "searchKey"]),
    );
    insertTasksQueries.set(key, query);
  }
  return query;
}

const insertWordsQueries = new Map<number, PreparedQuery<RowParams, unknown>>();

/** The multi-row insert of `rowCount` word rows of one user: parameters userId, w0.., k0... */
function insertWordsQuery(rowCount: number) {
  let query = insertWordsQueries.get(rowCount);
  if (!query) {
    query = compiledQuery((db, p: RowParams) =>
      db.insertInto("taskWords").values(
        Array.from({ length: rowCount }, (_, index) => ({
          userId: p.userId as string,
          word: p[`w${index}`] as string,
          taskKey: p[`k${index}`] as number,
        })),
      ),
    );
    insertWordsQueries.set(rowCount, query);
  }
  return query;
}

/** The columns every task of the batch gives (undefined ones left to their defaults), or null when they differ. */
function sharedColumns(tasks: readonly NewTask[]): string[] | null {
  const columns = Object.keys(tasks[0]!).filter((column) => (tasks[0] as Record<string, unknown>)[column] !== undefined);
  for (const task of tasks) {
    const defined = Object.keys(task).filter((column) => (task as Record<string, unknown>)[column] !== undefined);
    if (defined.length !== columns.length || defined.some((column, index) => column !== columns[index])) return null;
  }
  return columns;
}

const findGoalTitleQuery = compiledQuery((db, p: { userId: string; goalId: string }) =>
  db.selectFrom("goals").select("title").where("userId", "=", p.userId).where("id", "=", p.goalId),
);

const adjustGoalTaskCountsQuery = compiledQuery((db, p: { userId: string; goalId: string; total: number; completed: number }) =>
  db
    .updateTable("goals")
    .set((eb) => ({
      totalTasksCount: eb("totalTasksCount", "+", p.total),
      completedTasksCount: eb("completedTasksCount", "+", p.completed),
    }))
    .where("userId", "=", p.userId)
    .where("id", "=", p.goalId),
);

export function tasksRepository(db: Kysely<Database>, dialect: Dialect) {
  const selectTasks = (userId: string) => selectTasksOf(db, userId);

  /** The titles' words of new (or renamed) tasks, for search: one multi-row insert. */
  async function insertWords(userId: string, tasks: readonly { key: number | string; title: string }[]): Promise<void> {
    const rows = tasks.flatMap((task) => searchWords(task.title).map((word) => ({ userId, word, taskKey: task.key })));
    if (rows.length === 0) return;
    if (rows.length > MAX_COMPILED_WORD_ROWS) {
      await db.insertInto("taskWords").values(rows).execute();
      return;
    }
    const params: RowParams = { userId };
    rows.forEach((row, index) => {
      params[`w${index}`] = row.word;
      params[`k${index}`] = row.taskKey;
    });
    await insertWordsQuery(rows.length).execute(db, params);
  }

  return {
    /** The day's tasks in the column order (the (user_id, date) index). */
    async listTasksOfDay(userId: string, date: string): Promise<Task[]> {
      return tasksOfDayQuery.rows(db, { userId, date });
    },

    /**
     * The (user_id, status) index, which holds only in-progress and stalled tasks (migration 0011):
     * the status is a literal, so that both databases see the query is within the index.
     */
    async listTasksWithStatus(userId: string, status: PartiallyIndexedStatus): Promise<Task[]> {
      return selectTasks(userId)
        .where("tasks.status", "=", sql.lit(status))
        .orderBy(startTimeNoneLast)
        .orderBy("tasks.scheduledStartTime")
        .orderBy("tasks.position")
        .orderBy("tasks.createdAt")
        .orderBy("tasks.id")
        .execute();
    },

    /**
     * Unscheduled tasks, tasks dated startDate..endDate, and not-done tasks dated from
     * overdueSince to the day before today; unscheduled first, then by date, then as a column.
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
            eb.and([eb("tasks.date", ">=", window.overdueSince), eb("tasks.date", "<", window.today), eb("tasks.status", "!=", "done")]),
          ]),
        )
        .orderBy(sql`case when ${sql.ref("tasks.date")} is null then 0 else 1 end`)
        .orderBy("tasks.date")
        .orderBy(startTimeNoneLast)
        .orderBy("tasks.scheduledStartTime")
        .orderBy("tasks.position")
        .orderBy("tasks.createdAt")
        .orderBy("tasks.id")
        .execute();
    },

    /** The largest position among the day's tasks (date null: the unscheduled ones), or null when there are none. */
    async findMaxPosition(userId: string, date: string | null): Promise<number | null> {
      const row =
        date === null
          ? await db
              .selectFrom("tasks")
              .select((eb) => eb.fn.max("position").as("maxPosition"))
              .where("userId", "=", userId)
              .where("date", "is", null)
              .executeTakeFirst()
          : await maxPositionOfDayQuery.takeFirst(db, { userId, date });
      return row?.maxPosition === null || row?.maxPosition === undefined ? null : Number(row.maxPosition);
    },

    async findTask(userId: string, taskId: string): Promise<Task | undefined> {
      return selectTasks(userId).where("tasks.id", "=", taskId).executeTakeFirst();
    },

    async findTasks(userId: string, taskIds: readonly string[]): Promise<Task[]> {
      if (taskIds.length === 0) return [];
      return selectTasks(userId).where("tasks.id", "in", taskIds).execute();
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
      return (
        db
          .selectFrom("tasks")
          .select(stateColumns)
          .where("userId", "=", userId)
          // A literal: the partial (user_id, status) index (listTasksWithStatus).
          .where("status", "=", sql.lit("inprogress"))
          .execute()
      );
    },

    /**
     * Every user's in-progress tasks whose session started by `startedBy` (an ISO instant), with
     * their owner: the scheduler's stalled rule (migration 0013's partial index).
     */
    async listInProgressStatesStartedBy(startedBy: string): Promise<(TaskState & { userId: string })[]> {
      return db
        .selectFrom("tasks")
        .select([...stateColumns, "userId"])
        .where("status", "=", sql.lit("inprogress"))
        .where("currentSessionStartedAt", "<=", startedBy)
        .execute();
    },

    /**
     * One multi-row insert, and one of their titles' words (task search), which refer to each
     * task's search key (migration 0010): PostgreSQL's identity gives it; on SQLite, one past the
     * largest key, counted by each row in the statement itself, so the keys are new and increasing
     * whether or not the caller holds a transaction.
     */
    async insertTasks(userId: string, tasks: readonly NewTask[]): Promise<void> {
      if (tasks.length === 0) return;
      const columns = tasks.length <= MAX_COMPILED_ROWS ? sharedColumns(tasks) : null;
      let inserted: { id: string; searchKey: number | string | null }[];
      if (columns) {
        const params: RowParams = { userId };
        tasks.forEach((task, index) => {
          for (const column of columns) params[`${column}_${index}`] = (task as Record<string, unknown>)[column];
        });
        inserted = await insertTasksQuery(dialect, tasks.length, columns).rows(db, params);
      } else {
        inserted = await db
          .insertInto("tasks")
          .values(
            tasks.map((task, index) =>
              dialect === "sqlite"
                ? { ...task, userId, searchKey: sql<number>`(select coalesce(max(search_key), 0) from tasks) + ${index + 1}` }
                : { ...task, userId },
            ),
          )
          .returning(["id", "searchKey"])
          .execute();
      }
      const keys = new Map(inserted.map((row) => [row.id, row.searchKey!]));
      await insertWords(
        userId,
        tasks.map((task) => ({ key: keys.get(task.id)!, title: task.title })),
      );
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
      const update = db.updateTable("tasks").set(changes).where("userId", "=", userId).where("id", "=", taskId);
      if (typeof changes.title !== "string") return (await update.executeTakeFirst()).numUpdatedRows > 0n;
      const renamed = await update.returning("searchKey").executeTakeFirst();
      if (!renamed) return false;
      const key = renamed.searchKey;
      if (key !== null) {
        await db.deleteFrom("taskWords").where("taskKey", "=", key).execute();
        await insertWords(userId, [{ key, title: changes.title }]);
      }
      return true;
    },

    /**
     * Tasks of every day whose title has a word starting with each query word (task-search.ts):
     * dated ones newest day first (a day's as its column), then unscheduled ones, newest first. Each word's matches are first counted (up to
     * SEARCH_NARROW_MATCHES + 1, on the (user_id, word, task_key) key). When some word matches at
     * most that many tasks, those tasks are read (the word rows lead, so the user's other tasks
     * are never visited) and the other words checked on each; when every word matches more (a
     * short prefix while typing), the user's dated tasks are walked newest first until `limit`
     * match, then the unscheduled ones. A word is checked on one task through the task's own word
     * rows (the (task_key, word) index): a few rows, whatever the user's number of tasks.
     */
    async searchTasks(userId: string, words: readonly string[], limit: number): Promise<Task[]> {
      if (words.length === 0) return [];
      const countRow = (await searchQuery("count", words.length).takeFirst(db, searchParams(userId, words, limit)))!;
      const counts = words.map((word, index) => ({ word, count: Number(countRow[`c${index}`]) }));
      const narrowest = counts.reduce((best, next) => (next.count < best.count ? next : best));
      if (narrowest.count === 0) return [];
      if (narrowest.count <= SEARCH_NARROW_MATCHES) {
        const ordered = [narrowest.word, ...words.filter((word) => word !== narrowest.word)];
        return (await searchQuery("narrow", ordered.length).rows(db, searchParams(userId, ordered, limit))) as unknown as Task[];
      }
      const found = (await searchQuery("dated", words.length).rows(db, searchParams(userId, words, limit))) as unknown as Task[];
      if (found.length === limit) return found;
      const unscheduled = await searchQuery("unscheduled", words.length).rows(db, searchParams(userId, words, limit - found.length));
      return [...found, ...(unscheduled as unknown as Task[])];
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
      await adjustGoalTaskCountsQuery.execute(db, { userId, goalId, ...change });
    },

    /** The title of the owner's goal, or undefined when the owner has no such goal. */
    async findGoalTitle(userId: string, goalId: string): Promise<string | undefined> {
      const goal = await findGoalTitleQuery.takeFirst(db, { userId, goalId });
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
