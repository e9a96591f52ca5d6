// Every function takes the owner's id first: a task is only ever read or changed through its owner.
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Task, TaskStatus } from "../../../shared/api/tasks.ts";
import type { InsightTask } from "../../../shared/rules/daily-insights.ts";
import { compiledQuery, type PreparedQuery } from "../../db/compiled-query.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database, NewTaskRow, TaskRow, TaskRowUpdate } from "../../db/schema.ts";
import { deleteTaskWords, writeTaskWords } from "../task-search/task-words.ts";
import { selectTasksOf, startTimeNoneLast, taskColumns } from "./task-columns.ts";

export type TaskState = Pick<TaskRow, (typeof stateColumns)[number]>;

export type NewTask = Omit<NewTaskRow, "userId">;

export type GoalCountedState = Pick<TaskRow, "goalId" | "status">;
export type GoalTaskOutline = Pick<TaskRow, "title" | "status" | "estimatedDuration" | "date">;

export type TaskChanges = Omit<TaskRowUpdate, "id" | "userId" | "createdAt">;

type PartiallyIndexedStatus = Extract<TaskStatus, "inprogress" | "stalled">;

export type TasksRepository = ReturnType<typeof tasksRepository>;

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
  "seriesId",
  "occurrenceDate",
] as const;

const tasksOfDayQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  selectTasksOf(db, p.userId)
    .where("tasks.date", "=", p.date)
    .orderBy(startTimeNoneLast)
    .orderBy("tasks.scheduledStartTime")
    .orderBy("tasks.position")
    .orderBy("tasks.createdAt")
    .orderBy("tasks.id"),
);

// The ids of the latest stalled tasks off the day first, from the status index and each row's date alone, so that only
// those few are joined and read whole. The order is an expression, so SQLite does not walk the user's whole date index;
// the limit a literal, so SQLite keeps only that many rows while it sorts.
const latestStalledElsewhereQueries = new Map<
  number,
  PreparedQuery<{ userId: string; day: string }, Task & { elsewhere: number | string | null }>
>();

function latestStalledElsewhereQuery(limit: number) {
  let query = latestStalledElsewhereQueries.get(limit);
  if (!query) {
    const latestFirst = sql`coalesce(${sql.ref("tasks.date")}, '')`;
    query = compiledQuery((db, p: { userId: string; day: string }) => {
      const stalledOffDay = (eb: ExpressionBuilder<Database, "tasks">) =>
        eb.and([
          eb("tasks.userId", "=", p.userId),
          eb("tasks.status", "=", sql.lit("stalled")),
          eb.or([eb("tasks.date", "is", null), eb("tasks.date", "!=", p.day)]),
        ]);
      return selectTasksOf(db, p.userId)
        .select((eb) => eb.selectFrom("tasks").select(eb.fn.countAll<number | string>().as("n")).where(stalledOffDay).as("elsewhere"))
        .where("tasks.id", "in", (eb) =>
          eb
            .selectFrom("tasks")
            .select("tasks.id")
            .where(stalledOffDay)
            .orderBy(latestFirst, "desc")
            .orderBy("tasks.id")
            .limit(sql.lit(limit)),
        )
        .orderBy(latestFirst, "desc")
        .orderBy("tasks.id");
    });
    latestStalledElsewhereQueries.set(limit, query);
  }
  return query;
}

// A literal status: the partial (user_id, status) index (listTasksWithStatus).
const inProgressStatesQuery = compiledQuery((db, p: { userId: string }) =>
  db.selectFrom("tasks").select(stateColumns).where("userId", "=", p.userId).where("status", "=", sql.lit("inprogress")),
);

const maxPositionOfDayQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  db
    .selectFrom("tasks")
    .select((eb) => eb.fn.max("position").as("maxPosition"))
    .where("userId", "=", p.userId)
    .where("date", "=", p.date),
);

// Statements stay under both databases' limits on bound parameters (an import writes thousands).
const MAX_ROWS_PER_STATEMENT = 500;

// What a restore writes over the row of the same id: all but its identity, search key and series day.
const overwrittenColumns = taskColumns
  .map((column) => column.slice("tasks.".length))
  .filter((column) => !["id", "userId", "createdAt"].includes(column));

function insertTasksStatement(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: unknown,
  rows: Record<string, unknown>[],
  overwrite: boolean,
) {
  const insert = db.insertInto("tasks").values(
    rows.map((row, index) => {
      const values: Record<string, unknown> = { ...row, userId };
      if (dialect === "sqlite") values.searchKey = sql<number>`(select coalesce(max(search_key), 0) from tasks) + ${index + 1}`;
      return values as unknown as NewTaskRow;
    }),
  );
  if (!overwrite) return insert.returning(["id", "searchKey"]);
  return insert
    .onConflict((conflict) =>
      conflict
        .column("id")
        .doUpdateSet((eb) =>
          Object.fromEntries(overwrittenColumns.map((column) => [column, eb.ref(`excluded.${column}` as "excluded.title")])),
        )
        .where("tasks.userId", "=", userId as string),
    )
    .returning(["id", "searchKey"]);
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

/** What the calendar feed shows of a task, for a single task and a series' occurrence alike. */
const FEED_COLUMNS = [
  "tasks.id",
  "tasks.title",
  "tasks.description",
  "tasks.status",
  "tasks.date",
  "tasks.scheduledStartTime",
  "tasks.estimatedDuration",
  "tasks.updatedAt",
  "goals.title as goalTitle",
] as const;

export function tasksRepository(db: Kysely<Database>, dialect: Dialect) {
  const selectTasks = (userId: string) => selectTasksOf(db, userId);

  async function writeTaskRows(
    userId: string,
    tasks: readonly NewTask[],
    overwrite: boolean,
  ): Promise<Map<string, number | string | null>> {
    const keys = new Map<string, number | string | null>();
    for (let start = 0; start < tasks.length; start += MAX_ROWS_PER_STATEMENT) {
      const rows = tasks.slice(start, start + MAX_ROWS_PER_STATEMENT) as unknown as Record<string, unknown>[];
      for (const row of await insertTasksStatement(db, dialect, userId, rows, overwrite).execute()) keys.set(row.id, row.searchKey);
    }
    return keys;
  }

  return {
    async listTasksOfDay(userId: string, date: string): Promise<Task[]> {
      return tasksOfDayQuery.rows(db, { userId, date });
    },

    // The status is a literal so that both databases see the query lies within the partial index (migration 0011).
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

    // The latest stalled tasks not on `day`, and how many stalled tasks there are in all: a year can leave hundreds.
    async latestStalledElsewhere(userId: string, day: string, limit: number): Promise<{ tasks: Task[]; total: number }> {
      const rows = await latestStalledElsewhereQuery(limit).rows(db, { userId, day });
      return { tasks: rows.map(({ elsewhere: _, ...task }) => task), total: Number(rows[0]?.elsewhere ?? 0) };
    },

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

    async findChecklist(userId: string, taskId: string): Promise<Task["checklist"] | undefined> {
      const row = await db.selectFrom("tasks").select("checklist").where("userId", "=", userId).where("id", "=", taskId).executeTakeFirst();
      return row?.checklist;
    },

    async findTask(userId: string, taskId: string): Promise<Task | undefined> {
      return selectTasks(userId).where("tasks.id", "=", taskId).executeTakeFirst();
    },

    // Locked on PostgreSQL so two concurrent status changes cannot both count one work session.
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
      if (options.lock && dialect === "postgres") query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async findTaskStates(userId: string, taskIds: readonly string[]): Promise<(TaskState & { title: string })[]> {
      if (taskIds.length === 0) return [];
      let query = db
        .selectFrom("tasks")
        .select([...stateColumns, "title"])
        .where("userId", "=", userId)
        .where("id", "in", taskIds);
      if (dialect === "postgres") query = query.forUpdate();
      return query.execute();
    },

    async listInProgressStates(userId: string): Promise<TaskState[]> {
      return inProgressStatesQuery.rows(db, { userId });
    },

    async listInProgressStatesStartedBy(startedBy: string): Promise<(TaskState & { userId: string })[]> {
      return db
        .selectFrom("tasks")
        .select([...stateColumns, "userId"])
        .where("status", "=", sql.lit("inprogress"))
        .where("currentSessionStartedAt", "<=", startedBy)
        .execute();
    },

    // PostgreSQL's identity gives each search key; on SQLite each row counts one past the largest in the statement
    // itself, so the keys are new and increasing whether or not the caller holds a transaction.
    async insertTasks(userId: string, tasks: readonly NewTask[]): Promise<void> {
      const keys = await writeTaskRows(userId, tasks, false);
      await writeTaskWords(
        db,
        userId,
        tasks.map((task) => ({ key: keys.get(task.id)!, title: task.title, checklist: task.checklist })),
      );
    },

    /**
     * Writes each task back whole by its id (an undone proposal): inserted when gone, else written over,
     * keeping its search key and series day. `previousTitles`: the existing ones' titles, whose words change with them.
     */
    async restoreTasks(userId: string, tasks: readonly NewTask[], previousTitles: ReadonlyMap<string, string>): Promise<void> {
      const keys = await writeTaskRows(userId, tasks, true);
      // Written over whole, checklist included: its words are written again too.
      const worded = tasks.filter((task) => keys.get(task.id) != null);
      const stale = worded.filter((task) => previousTitles.has(task.id)).map((task) => keys.get(task.id)!);
      await deleteTaskWords(db, stale);
      await writeTaskWords(
        db,
        userId,
        worded.map((task) => ({ key: keys.get(task.id)!, title: task.title, checklist: task.checklist })),
      );
    },

    /** Insert-or-ignore on (series, day): of concurrent readers, one inserts each occurrence. Answers the inserted ones. */
    async insertOccurrences(userId: string, tasks: readonly NewTask[]): Promise<NewTask[]> {
      const keys = new Map<string, number | string>();
      for (let start = 0; start < tasks.length; start += MAX_ROWS_PER_STATEMENT) {
        const inserted = await db
          .insertInto("tasks")
          .values(
            tasks
              .slice(start, start + MAX_ROWS_PER_STATEMENT)
              .map((task, index) =>
                dialect === "sqlite"
                  ? { ...task, userId, searchKey: sql<number>`(select coalesce(max(search_key), 0) from tasks) + ${index + 1}` }
                  : { ...task, userId },
              ),
          )
          .onConflict((conflict) => conflict.columns(["seriesId", "occurrenceDate"]).doNothing())
          .returning(["id", "searchKey"])
          .execute();
        for (const row of inserted) keys.set(row.id, row.searchKey!);
      }
      const written = tasks.filter((task) => keys.has(task.id));
      await writeTaskWords(
        db,
        userId,
        written.map((task) => ({ key: keys.get(task.id)!, title: task.title, checklist: task.checklist })),
      );
      return written;
    },

    /** The series' occurrences on fromDay and after, in day order. */
    async listOccurrencesFrom(userId: string, seriesId: string, fromDay: string): Promise<TaskState[]> {
      return db
        .selectFrom("tasks")
        .select(stateColumns)
        .where("userId", "=", userId)
        .where("seriesId", "=", seriesId)
        .where("occurrenceDate", ">=", fromDay)
        .orderBy("occurrenceDate")
        .execute();
    },

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

    async updateTask(userId: string, taskId: string, changes: TaskChanges): Promise<boolean> {
      const update = db.updateTable("tasks").set(changes).where("userId", "=", userId).where("id", "=", taskId);
      if (changes.title === undefined && changes.checklist === undefined) return (await update.executeTakeFirst()).numUpdatedRows > 0n;
      const worded = await update.returning(["searchKey", "title", "checklist"]).executeTakeFirst();
      if (!worded) return false;
      const key = worded.searchKey;
      if (key !== null) {
        await deleteTaskWords(db, [key]);
        await writeTaskWords(db, userId, [{ key, title: worded.title, checklist: worded.checklist }]);
      }
      return true;
    },

    // Only while the session read earlier still runs, so two concurrent stall checks cannot count it twice.
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

    async deleteTask(userId: string, taskId: string): Promise<GoalCountedState | undefined> {
      return db
        .deleteFrom("tasks")
        .where("userId", "=", userId)
        .where("id", "=", taskId)
        .returning(["goalId", "status"])
        .executeTakeFirst();
    },

    async deleteTasks(
      userId: string,
      taskIds: readonly string[],
    ): Promise<(GoalCountedState & Pick<TaskRow, "id" | "seriesId" | "occurrenceDate">)[]> {
      if (taskIds.length === 0) return [];
      return db
        .deleteFrom("tasks")
        .where("userId", "=", userId)
        .where("id", "in", taskIds)
        .returning(["id", "goalId", "status", "seriesId", "occurrenceDate"])
        .execute();
    },

    // Relative updates, so that concurrent changes add up.
    async adjustGoalTaskCounts(userId: string, goalId: string, change: { total: number; completed: number }): Promise<void> {
      await adjustGoalTaskCountsQuery.execute(db, { userId, goalId, ...change });
    },

    async findTakenTaskIds(ids: readonly string[]): Promise<string[]> {
      const rows = await db.selectFrom("tasks").select("id").where("id", "in", ids).execute();
      return rows.map((row) => row.id);
    },

    async findGoalTitle(userId: string, goalId: string): Promise<string | undefined> {
      const goal = await findGoalTitleQuery.takeFirst(db, { userId, goalId });
      return goal?.title;
    },

    async findGoalIds(userId: string, goalIds: readonly string[]): Promise<string[]> {
      if (goalIds.length === 0) return [];
      const goals = await db.selectFrom("goals").select("id").where("userId", "=", userId).where("id", "in", goalIds).execute();
      return goals.map((goal) => goal.id);
    },

    /** A page of the user's tasks in id order (the export's keyset), with their goal's title and series' rule. */
    async pageForExport(userId: string, after: string, limit: number) {
      return selectTasks(userId).select("tasks.occurrenceDate").where("tasks.id", ">", after).orderBy("tasks.id").limit(limit).execute();
    },

    /** The tasks CSV's pages: dated tasks by (date, id), after the given one; then the undated by id. */
    async pageByDateForExport(userId: string, after: { date: string; id: string } | null, limit: number) {
      let query = selectTasks(userId).where("tasks.date", "is not", null);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb("tasks.date", ">", after.date), eb.and([eb("tasks.date", "=", after.date), eb("tasks.id", ">", after.id)])]),
        );
      }
      return query.orderBy("tasks.date").orderBy("tasks.id").limit(limit).execute();
    },

    async pageUndatedForExport(userId: string, after: string, limit: number) {
      return selectTasks(userId).where("tasks.date", "is", null).where("tasks.id", ">", after).orderBy("tasks.id").limit(limit).execute();
    },

    /** Which occurrences up to a day have their task row (wherever it was moved since). */
    async listOccurrenceDays(userId: string, to: string) {
      return db
        .selectFrom("tasks")
        .select(["seriesId", "occurrenceDate"])
        .where("userId", "=", userId)
        .where("seriesId", "is not", null)
        .where("occurrenceDate", "<=", to)
        .execute();
    },

    /** Tasks without a day, or with a day, occurrence day or first planned day in [from, to]: what an import may repeat. */
    async findImportMatches(userId: string, days: { from: string; to: string } | null) {
      return db
        .selectFrom("tasks")
        .select(["id", "title", "date", "scheduledStartTime", "seriesId", "occurrenceDate", "firstPlannedDate"])
        .where("userId", "=", userId)
        .where((eb) =>
          eb.or([
            eb("date", "is", null),
            ...(days
              ? [
                  eb.between("date", days.from, days.to),
                  eb.between("occurrenceDate", days.from, days.to),
                  eb.between("firstPlannedDate", days.from, days.to),
                ]
              : []),
          ]),
        )
        .execute();
    },

    async listForInsights(userId: string, from: string, to: string): Promise<InsightTask[]> {
      const rows = await db
        .selectFrom("tasks")
        .select([
          "id",
          "title",
          "status",
          "date",
          "goalId",
          "estimatedDuration",
          "scheduledStartTime",
          "firstStartedAt",
          "completedAt",
          "rolloverCount",
        ])
        .where("userId", "=", userId)
        .where("date", ">=", from)
        .where("date", "<=", to)
        .execute();
      return rows.map((row) => ({ ...row, rolloverCount: Number(row.rolloverCount) }));
    },

    async listForFeed(userId: string, from: string, to: string) {
      return db
        .selectFrom("tasks")
        .leftJoin("goals", "goals.id", "tasks.goalId")
        .select(FEED_COLUMNS)
        .where("tasks.userId", "=", userId)
        .where("tasks.seriesId", "is", null)
        .where("tasks.date", ">=", from)
        .where("tasks.date", "<=", to)
        .orderBy("tasks.date")
        .orderBy("tasks.id")
        .execute();
    },

    /** Occurrences of a series planned for, or moved to, a day in [from, to]: the feed overrides its rule with them. */
    async listOccurrencesForFeed(userId: string, from: string, to: string) {
      return db
        .selectFrom("tasks")
        .leftJoin("goals", "goals.id", "tasks.goalId")
        .select([...FEED_COLUMNS, "tasks.seriesId", "tasks.occurrenceDate"])
        .where("tasks.userId", "=", userId)
        .where("tasks.seriesId", "is not", null)
        .where((eb) =>
          eb.or([
            eb.and([eb("tasks.occurrenceDate", ">=", from), eb("tasks.occurrenceDate", "<=", to)]),
            eb.and([eb("tasks.date", ">=", from), eb("tasks.date", "<=", to)]),
          ]),
        )
        .orderBy("tasks.occurrenceDate")
        .orderBy("tasks.id")
        .execute();
    },

    // Only for a goal being deleted: its stored counts go with it.
    async unlinkGoal(userId: string, goalId: string, updatedAt: string): Promise<void> {
      await db.updateTable("tasks").set({ goalId: null, updatedAt }).where("userId", "=", userId).where("goalId", "=", goalId).execute();
    },

    /** Which of `ids` are the user's tasks on the day. */
    async findIdsOnDay(userId: string, date: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("tasks")
        .select("id")
        .where("userId", "=", userId)
        .where("date", "=", date)
        .where("id", "in", ids)
        .execute();
      return rows.map((row) => row.id);
    },

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
