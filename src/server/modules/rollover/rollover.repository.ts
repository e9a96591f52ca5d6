// Rollover queries only: settings, summaries and the tasks of the day being rolled over. Every function
// takes the owner's id first. Bind to the database or to a transaction: rolloverRepository(trx).
import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import type { ReflectionReason, RolloverSettings, RolloverSummary } from "../../../shared/api/rollover.ts";
import type { SeriesDays } from "../../../shared/rules/recurrence.ts";
import type { RolloverRuleSettings, RolloverTaskChanges, RolloverTaskState } from "../../../shared/rules/rollover.ts";
import type { TaskStatus } from "../../../shared/rules/task-status.ts";
import { addDays } from "../../../shared/rules/dates.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { type ClosedDay, closedDayOf } from "../../../shared/rules/day-history.ts";
import { sendChangeNotices } from "../../db/change-notices.ts";
import { compiledQuery, unmappedRows } from "../../db/compiled-query.ts";
import { exportPages } from "../../db/export-pages.ts";
import { writeUserDataIfUnchanged } from "../../db/user-data.ts";
import type { Database, Flag, RolloverSummariesTable } from "../../db/schema.ts";

/** A task of the day being rolled over: what the rules read, plus what the preview shows. */
export interface RolloverDayTask extends RolloverTaskState {
  title: string;
  /** Of an occurrence of a repeating task: its series' days. */
  series: SeriesDays | null;
}

const dayTaskColumns = [
  "id",
  "title",
  "date",
  "status",
  "estimatedDuration",
  "rolloverCount",
  "firstPlannedDate",
  "startedAt",
  "firstStartedAt",
  "currentSessionStartedAt",
  "workSessionCount",
  "trackedMinutes",
  "completedAt",
  "seriesId",
] as const;

const seriesDayColumns = ["recurrence", "startDate", "endDate", "skippedDays"] as const;

const settingsColumns = [
  "autoRolloverEnabled",
  "autoRolloverTime",
  "rolloverTodoTasks",
  "stallInProgressTasks",
  "deferLargeTasks",
  "maxRolloverDays",
  "requireConfirmation",
] as const;

const summaryColumns = [
  "id",
  "date",
  "rolledOverCount",
  "stalledCount",
  "deferredCount",
  "reviewCount",
  "taskIds",
  "completedCount",
  "totalCount",
  "plannedMinutes",
  "actualMinutes",
  "reflectionReasons",
  "createdAt",
] as const;

const toFlag = (value: boolean): Flag => (value ? 1 : 0);

const settingsQuery = compiledQuery((db, p: { userId: string }) =>
  db.selectFrom("rolloverSettings").select(settingsColumns).where("userId", "=", p.userId),
);
const summaryQuery = compiledQuery((db, p: { userId: string; date: string }) =>
  db.selectFrom("rolloverSummaries").select(summaryColumns).where("userId", "=", p.userId).where("date", "=", p.date),
);

/** The settings the rules of a rollover read (RolloverRuleSettings). */
const ruleSettingsColumns = ["rolloverTodoTasks", "stallInProgressTasks", "deferLargeTasks", "maxRolloverDays"] as const;

/** Everything rolling over a day reads, in one round trip; narrow, since each column repeats on every task's row. */
const dayToRollOverRows = (db: Kysely<Database>, p: { date: string; nextDate: string }) =>
  db
    .selectFrom("users as u")
    .leftJoin("rolloverSettings as s", "s.userId", "u.id")
    .leftJoin("rolloverSummaries as r", (join) => join.onRef("r.userId", "=", "u.id").on("r.date", "=", p.date))
    .leftJoin("rolloverSummaries as n", (join) => join.onRef("n.userId", "=", "u.id").on("n.date", "=", p.nextDate))
    .leftJoin("tasks as t", (join) =>
      join
        .onRef("t.userId", "=", "u.id")
        .on("t.date", "=", p.date)
        .on((eb) => eb.or([eb("r.id", "is", null), eb("t.status", "<>", "done")])),
    )
    .leftJoin("taskSeries as ts", "ts.id", "t.seriesId")
    .select(seriesDayColumns.map((column) => `ts.${column} as series_${column}` as const))
    .select(["u.dataVersion", "u.timeZone"])
    .select(ruleSettingsColumns.map((column) => `s.${column}` as const))
    .select(["r.id as summaryId", "n.id as nextSummaryId"])
    .select(dayTaskColumns.map((column) => `t.${column} as task_${column}` as const))
    .orderBy("t.createdAt")
    .orderBy("t.id");
const dayToRollOverQuery = compiledQuery((db, p: { userId: string; date: string; nextDate: string }) =>
  dayToRollOverRows(db, p).where("u.id", "=", p.userId),
);

type Row = Record<string, unknown>;
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** dayToRollOverQuery's result columns (read unmapped: snake_case) of the settings, task and summary fields. */
const taskKeys = dayTaskColumns.map((column) => [column, `task_${snakeCase(column)}`] as const);
const seriesKeys = seriesDayColumns.map((column) => [column, `series_${snakeCase(column)}`] as const);

function settingsFromRow(row: Row): RolloverSettings {
  return {
    autoRolloverEnabled: row.autoRolloverEnabled === 1,
    autoRolloverTime: row.autoRolloverTime as string,
    rolloverTodoTasks: row.rolloverTodoTasks === 1,
    stallInProgressTasks: row.stallInProgressTasks === 1,
    deferLargeTasks: row.deferLargeTasks === 1,
    maxRolloverDays: row.maxRolloverDays as number,
    requireConfirmation: row.requireConfirmation === 1,
  };
}

function summaryFromRow(row: Omit<Selectable<RolloverSummariesTable>, "userId" | "closedBy">): RolloverSummary {
  return {
    ...row,
    taskIds: JSON.parse(row.taskIds) as RolloverSummary["taskIds"],
    reflectionReasons: JSON.parse(row.reflectionReasons) as ReflectionReason[],
  };
}

function taskOf(row: Row): RolloverDayTask {
  const task: Row = {};
  for (const [column, key] of taskKeys) task[column] = row[key];
  const series: Row = {};
  for (const [column, key] of seriesKeys) series[column] = row[key];
  task.series = row.series_recurrence === null ? null : series;
  return task as unknown as RolloverDayTask;
}

function dayToRollOverOf(rows: Row[], summary: RolloverSummary | undefined): DayToRollOver {
  const first = rows[0]!;
  return {
    dataVersion: Number(first.data_version),
    timeZone: first.time_zone as string,
    settings:
      first.rollover_todo_tasks === null
        ? undefined
        : {
            rolloverTodoTasks: first.rollover_todo_tasks === 1,
            stallInProgressTasks: first.stall_in_progress_tasks === 1,
            deferLargeTasks: first.defer_large_tasks === 1,
            maxRolloverDays: first.max_rollover_days as number,
          },
    summary,
    isNextDayRolledOver: first.next_summary_id !== null,
    tasks: first.task_id === null ? [] : rows.map(taskOf),
  };
}

export interface DayToRollOver {
  /** The user's data version when read: the rollover writes only if it is still that (db/user-data.ts). */
  dataVersion: number;
  timeZone: string;
  /** The saved settings the rules use, or undefined when the user never saved any. */
  settings: RolloverRuleSettings | undefined;
  /** The day's summary when it is already rolled over (then `tasks` holds its unfinished tasks only). */
  summary: RolloverSummary | undefined;
  /** Whether the next day is rolled over too (tasks moved onto it would wait there for a rollover again). */
  isNextDayRolledOver: boolean;
  tasks: RolloverDayTask[];
}

export interface DayRollover {
  summary: RolloverSummary;
  /** A rollover again of a rolled-over day: its stored summary is replaced by `summary` (same id). */
  isAgain: boolean;
  changedTasks: readonly { task: RolloverDayTask; changes: RolloverTaskChanges }[];
}

const summaryInsertColumns = ["id", "userId", ...summaryColumns.filter((column) => column !== "id")] as const;
type SummaryParams = Record<(typeof summaryInsertColumns)[number], string | number> & {
  userId: string;
  date: string;
  closedBy: "user" | "scheduler";
};

/** What a rollover again rewrites in a stored summary: its counts, task ids and figures (not its reasons or time). */
const summaryAgainColumns = summaryColumns.filter(
  (column) => column !== "id" && column !== "date" && column !== "reflectionReasons" && column !== "createdAt",
);

const ROLLOVER_CHANGES: readonly ChangeKind[] = ["tasks", "rollover"];

const replaceSummaryQuery = compiledQuery((db, p: SummaryParams) =>
  db
    .updateTable("rolloverSummaries")
    .set(Object.fromEntries(summaryAgainColumns.map((column) => [column, p[column]])))
    .where("userId", "=", p.userId)
    .where("date", "=", p.date),
);
const summaryRow = (p: SummaryParams) =>
  ({
    ...Object.fromEntries(summaryInsertColumns.map((column) => [column, p[column]])),
    closedBy: p.closedBy,
  }) as unknown as Insertable<RolloverSummariesTable>;
const insertSummaryQuery = compiledQuery((db, p: SummaryParams) =>
  db
    .insertInto("rolloverSummaries")
    .values(summaryRow(p))
    .onConflict((conflict) => conflict.columns(["userId", "date"]).doNothing())
    .returning("id"),
);

/**
 * Still only the owner's tasks, written so that no index can serve it: SQLite without statistics
 * otherwise walks all the user's tasks through (user_id, status) instead of the primary key.
 */
const ownerOnly = (userId: string) => sql<boolean>`${sql.ref("tasks.userId")} || '' = ${userId}`;

const ownersOnly = (userIds: readonly string[]) => sql<boolean>`${sql.ref("tasks.userId")} || '' in (${sql.join(userIds)})`;

/** Ids per statement, well under either database's limit of bound parameters. */
const IDS_PER_STATEMENT = 5_000;

const summaryParams = (userId: string, summary: RolloverSummary, closedBy: SummaryParams["closedBy"]): SummaryParams => ({
  ...summary,
  userId,
  closedBy,
  taskIds: JSON.stringify(summary.taskIds),
  reflectionReasons: JSON.stringify(summary.reflectionReasons),
});

/**
 * The changed tasks grouped by identical changes (a day's todo tasks mostly share theirs), so one
 * UPDATE per group sets only the changed columns: a database rewrites the index entries of every
 * indexed column in the SET list.
 */
function groupByChanges(changedTasks: DayRollover["changedTasks"]) {
  const groups = new Map<string, { ids: string[]; changes: RolloverTaskChanges }>();
  for (const { task, changes } of changedTasks) {
    const key = JSON.stringify(changes);
    const group = groups.get(key);
    if (group) group.ids.push(task.id);
    else groups.set(key, { ids: [task.id], changes });
  }
  return [...groups.values()].flatMap(({ ids, changes }) =>
    Array.from({ length: Math.ceil(ids.length / IDS_PER_STATEMENT) }, (_, i) => ({
      ids: ids.slice(i * IDS_PER_STATEMENT, (i + 1) * IDS_PER_STATEMENT),
      changes,
    })),
  );
}

export type RolloverRepository = ReturnType<typeof rolloverRepository>;

export function rolloverRepository(db: Kysely<Database>) {
  return {
    async findSettings(userId: string): Promise<RolloverSettings | undefined> {
      const row = await settingsQuery.takeFirst(db, { userId });
      return row && settingsFromRow(row);
    },

    async findSettingsRow(userId: string) {
      return db.selectFrom("rolloverSettings").selectAll().where("userId", "=", userId).executeTakeFirst();
    },

    summaryPageForExport: exportPages(db.selectFrom("rolloverSummaries").selectAll()),

    /** The days the user has a summary of, which an import does not add again. */
    async listSummaryDays(userId: string): Promise<string[]> {
      return (await db.selectFrom("rolloverSummaries").select("date").where("userId", "=", userId).execute()).map((row) => row.date);
    },

    async findSettingsOf(userIds: readonly string[]): Promise<Map<string, RolloverSettings>> {
      const rows = await db
        .selectFrom("rolloverSettings")
        .select(["userId", ...settingsColumns])
        .where("userId", "in", userIds)
        .execute();
      return new Map(rows.map((row) => [row.userId, settingsFromRow(row)]));
    },

    async listUsersWithSeries(userIds: readonly string[]): Promise<Set<string>> {
      const rows = await db.selectFrom("taskSeries").select("userId").distinct().where("userId", "in", userIds).execute();
      return new Set(rows.map((row) => row.userId));
    },

    async saveSettings(userId: string, settings: RolloverSettings, now: string): Promise<void> {
      const values = {
        autoRolloverEnabled: toFlag(settings.autoRolloverEnabled),
        autoRolloverTime: settings.autoRolloverTime,
        rolloverTodoTasks: toFlag(settings.rolloverTodoTasks),
        stallInProgressTasks: toFlag(settings.stallInProgressTasks),
        deferLargeTasks: toFlag(settings.deferLargeTasks),
        maxRolloverDays: settings.maxRolloverDays,
        requireConfirmation: toFlag(settings.requireConfirmation),
        updatedAt: now,
      };
      await db
        .insertInto("rolloverSettings")
        .values({ userId, ...values })
        .onConflict((conflict) => conflict.column("userId").doUpdateSet(values))
        .execute();
    },

    /** The closed days in [from, to] and the tasks each close moved off its day. */
    async listClosedDays(userId: string, from: string, to: string): Promise<ClosedDay[]> {
      const rows = await db
        .selectFrom("rolloverSummaries")
        .select(["date", "taskIds"])
        .where("userId", "=", userId)
        .where("date", ">=", from)
        .where("date", "<=", to)
        .orderBy("date")
        .execute();
      return rows.map((row) => closedDayOf({ date: row.date, taskIds: JSON.parse(row.taskIds) as RolloverSummary["taskIds"] }));
    },

    async findSummary(userId: string, date: string): Promise<RolloverSummary | undefined> {
      const row = await summaryQuery.takeFirst(db, { userId, date });
      return row && summaryFromRow(row);
    },

    /** A summary as it is (an import's), unless the user already has one for its day; whether it stored it. */
    async insertSummaryOnce(userId: string, summary: RolloverSummary): Promise<boolean> {
      const params: SummaryParams = {
        ...summary,
        userId,
        closedBy: "user",
        taskIds: JSON.stringify(summary.taskIds),
        reflectionReasons: JSON.stringify(summary.reflectionReasons),
      };
      return (await insertSummaryQuery.takeFirst(db, params)) !== undefined;
    },

    /**
     * The unfinished tasks of the users' rolled-over days from `from` up to `before` (excluded), with
     * each day's reviewed task ids: where the scheduler looks for tasks added to a day after its
     * rollover. One range of the (user_id, date) index per user.
     */
    async listUnfinishedTasksOfRolledOverDays(
      userIds: readonly string[],
      from: string,
      before: string,
    ): Promise<Array<{ userId: string; id: string; status: TaskStatus; date: string; taskIds: RolloverSummary["taskIds"] }>> {
      const rows = await db
        .selectFrom("tasks as t")
        .innerJoin("rolloverSummaries as r", (join) => join.onRef("r.userId", "=", "t.userId").onRef("r.date", "=", "t.date"))
        .select(["t.userId", "t.id", "t.status", "r.date", "r.taskIds"])
        .where("t.userId", "in", userIds)
        .where("t.date", ">=", from)
        .where("t.date", "<", before)
        .where("t.status", "<>", "done")
        .orderBy("r.date")
        .execute();
      return rows.map((row) => ({ ...row, taskIds: JSON.parse(row.taskIds) as RolloverSummary["taskIds"] }));
    },

    /** Everything rolling over `date` reads, in one query (dayToRollOverQuery); undefined for an unknown user. */
    async findDayToRollOver(userId: string, date: string): Promise<DayToRollOver | undefined> {
      const rows = await dayToRollOverQuery.unmappedRows(db, { userId, date, nextDate: addDays(date, 1) });
      const first = rows[0];
      if (!first) return undefined;
      return dayToRollOverOf(rows, first.summary_id === null ? undefined : await this.findSummary(userId, date));
    },

    /** findDayToRollOver of several users' same day, in one query; the days already rolled over are left out. */
    async findDaysNotRolledOver(userIds: readonly string[], date: string): Promise<Map<string, DayToRollOver>> {
      const query = dayToRollOverRows(db, { date, nextDate: addDays(date, 1) })
        .select("u.id as userId")
        .where("u.id", "in", userIds)
        .where("r.id", "is", null);
      const byUser = new Map<string, Row[]>();
      for (const row of await unmappedRows(db, query)) {
        const rows = byUser.get(row.user_id as string);
        if (rows) rows.push(row);
        else byUser.set(row.user_id as string, [row]);
      }
      return new Map([...byUser].map(([userId, rows]) => [userId, dayToRollOverOf(rows, undefined)]));
    },

    /**
     * Stores a day's rollover all or nothing, only while the data version is still the one its read saw and, for a
     * first rollover, the day has no summary yet (only one first rollover of a day moves tasks). Whether it stored it.
     */
    async storeRollover(userId: string, dataVersion: number, rollover: DayRollover, closedBy: SummaryParams["closedBy"]): Promise<boolean> {
      const summary = summaryParams(userId, rollover.summary, closedBy);
      const outcome = await writeUserDataIfUnchanged(db, userId, dataVersion, ROLLOVER_CHANGES, async (trx) => {
        if (rollover.isAgain) {
          if ((await replaceSummaryQuery.execute(trx, summary)).numAffectedRows === 0n) return false;
        } else if (!(await insertSummaryQuery.takeFirst(trx, summary))) return false;
        for (const group of groupByChanges(rollover.changedTasks)) {
          await trx.updateTable("tasks").set(group.changes).where("id", "in", group.ids).where(ownerOnly(userId)).execute();
        }
        return true;
      });
      return outcome.written && outcome.result;
    },

    /** storeRollover of several users' first rollovers in one transaction, set-based (decision 045); the users it stored. */
    async storeFirstRollovers(
      rollovers: ReadonlyArray<{ userId: string; dataVersion: number; rollover: DayRollover }>,
    ): Promise<Set<string>> {
      if (rollovers.some(({ rollover }) => rollover.isAgain)) throw new Error("storeFirstRollovers stores first rollovers only");
      if (rollovers.length === 0) return new Set();
      return db.transaction().execute(async (trx) => {
        const raised = await trx
          .updateTable("users")
          .set({ dataVersion: sql<number>`${sql.ref("dataVersion")} + 1` })
          .where((eb) =>
            eb.or(rollovers.map(({ userId, dataVersion }) => eb.and([eb("id", "=", userId), eb("dataVersion", "=", dataVersion)]))),
          )
          .returning(["id", "dataVersion"])
          .execute();
        const raisedIds = new Set(raised.map((row) => row.id));
        const summaries = rollovers
          .filter(({ userId }) => raisedIds.has(userId))
          .map(({ userId, rollover }) => summaryParams(userId, rollover.summary, "scheduler"));
        const inserted =
          summaries.length === 0
            ? []
            : await trx
                .insertInto("rolloverSummaries")
                .values(summaries.map(summaryRow))
                .onConflict((conflict) => conflict.columns(["userId", "date"]).doNothing())
                .returning("userId")
                .execute();
        const stored = new Set(inserted.map((row) => row.userId));
        const changed = rollovers.filter(({ userId }) => stored.has(userId)).flatMap(({ rollover }) => rollover.changedTasks);
        for (const group of groupByChanges(changed)) {
          await trx
            .updateTable("tasks")
            .set(group.changes)
            .where("id", "in", group.ids)
            .where(ownersOnly([...stored]))
            .execute();
        }
        // Decision 006's batch raises its users' versions itself, so it sends their notices itself.
        await sendChangeNotices(
          trx,
          raised.map(({ id, dataVersion }) => ({ userId: id, version: Number(dataVersion), kinds: [...ROLLOVER_CHANGES] })),
        );
        return stored;
      });
    },
  };
}
