// The export as a stream of text: one JSON document written a page of rows at a time, and the tasks
// as CSV, so that memory stays flat however many tasks there are (decision 037).
import type { CalendarSubscription } from "../../../shared/api/calendar.ts";
import { pipeline, Readable } from "node:stream";
import type { Kysely } from "kysely";
import { stringify } from "csv-stringify";
import type { z } from "zod";
import { EXPORT_FORMAT, EXPORT_VERSION, type exportRecordSchemas, TASKS_CSV_COLUMNS } from "../../../shared/api/data-transfer.ts";
import { notFound } from "../../app-error.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { aiBreakdownRecords } from "../ai-breakdown/ai-breakdown.service.ts";
import { aiConversationRecords } from "../ai-chat/ai-chat.service.ts";
import { goalsService } from "../goals/goals.service.ts";
import { insightRecords } from "../insights/insights.service.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { rolloverService } from "../rollover/rollover.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import type { UsersService } from "../user/user.service.ts";
import type { ChecklistItem } from "../../../shared/api/tasks.ts";
import { checklistCell } from "./import-plan.ts";
import { itemsOfTemplate } from "../../db/checklist-column.ts";
import { occurrencesBetween, skippedDaysOf } from "../../../shared/rules/recurrence.ts";

/** Rows a page: each table is read a page at a time in id order (keyset), whatever the account's size. */
export const EXPORT_PAGE_SIZE = 1000;

type Row = { id: string } & Record<string, unknown>;
type CsvRow = Row & { date: string | null };
type Page = (after: string) => Promise<Row[]>;

const withoutOwner = <R extends { userId?: unknown }>({ userId: _owner, ...row }: R) => row;

type Records = typeof exportRecordSchemas;
/** The row as its export record: a column the record's schema does not describe fails tsc, so the schema keeps up with the export. */
const recordOf = <K extends keyof Records, R extends z.input<Records[K]>>(
  _kind: K,
  row: R & Record<Exclude<keyof R, keyof z.input<Records[K]>>, never>,
): z.input<Records[K]> => row;

/** A list of the document: its pages and how each row is written. */
const section = <R extends Row>(name: string, page: (after: string) => Promise<R[]>, map: (row: NoInfer<R>) => unknown) =>
  [name, page, map] as [string, Page, (row: Row) => unknown];
const flag = (value: unknown) => value === 1 || value === true;
const parsed = (text: unknown) => {
  try {
    return JSON.parse(String(text)) as unknown;
  } catch {
    return text;
  }
};

async function* rowsOf<R extends Row>(page: (after: string) => Promise<R[]>): AsyncGenerator<R[]> {
  for (let after = ""; ;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows.at(-1)!.id;
  }
}

async function* jsonArray<R extends Row>(page: (after: string) => Promise<R[]>, map: (row: NoInfer<R>) => unknown): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const rows of rowsOf(page)) {
    let chunk = "";
    for (const row of rows) {
      chunk += (first ? "" : ",") + JSON.stringify(map(row));
      first = false;
    }
    yield chunk;
  }
  yield "]";
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP's CSV injection advice). */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function dataExportService(deps: {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  users: UsersService;
  /** Subscriptions as Settings shows them: the address shortened to its host, never the secret URL. */
  calendars: { listSubscriptions(userId: string): Promise<CalendarSubscription[]> };
}) {
  const owners = { kysely: deps.kysely, dialect: deps.dialect, now: deps.now };
  const tasks = tasksService(owners);
  const goals = goalsService(owners);
  const recurrence = recurrenceService(owners);
  const rollover = rolloverService(owners);
  const insights = insightRecords(deps.kysely);
  const breakdowns = aiBreakdownRecords(deps.kysely);
  const conversations = aiConversationRecords(deps.kysely);

  async function profileOf(userId: string) {
    const profile = await deps.users.findProfile(userId);
    if (!profile) throw notFound("User");
    return profile;
  }

  async function* exportDocument(userId: string, profile: Awaited<ReturnType<typeof profileOf>>): AsyncGenerator<string> {
    const head = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: deps.now().toISOString(), profile };
    yield JSON.stringify(head).slice(0, -1);
    const settings = await rollover.findSettingsRow(userId);
    const sections: Array<[string, Page, (row: Row) => unknown]> = [
      section(
        "goals",
        (after) => goals.pageForExport(userId, after, EXPORT_PAGE_SIZE),
        (row) => recordOf("goals", withoutOwner(row)),
      ),
      section(
        "taskSeries",
        (after) => recurrence.pageForExport(userId, after, EXPORT_PAGE_SIZE),
        (row) => recordOf("taskSeries", { ...withoutOwner(row), checklistTemplate: parsed(row.checklistTemplate) as string[] }),
      ),
      section(
        "tasks",
        (after) => tasks.pageForExport(userId, after, EXPORT_PAGE_SIZE),
        (row) => recordOf("tasks", withoutOwner(row)),
      ),
      section(
        "rolloverSummaries",
        (after) => rollover.summaryPageForExport(userId, after, EXPORT_PAGE_SIZE),
        (row) => ({ ...withoutOwner(row), taskIds: parsed(row.taskIds), reflectionReasons: parsed(row.reflectionReasons) }),
      ),
      section(
        "dailyInsights",
        (after) => insights.dailyPageForExport(userId, after, EXPORT_PAGE_SIZE),
        (row) => ({ ...withoutOwner(row), insights: parsed(row.insights), viewed: flag(row.viewed) }),
      ),
      section(
        "weeklySummaries",
        (after) => insights.weeklyPageForExport(userId, after, EXPORT_PAGE_SIZE),
        (row) => ({ ...withoutOwner(row), insights: parsed(row.insights), viewed: flag(row.viewed) }),
      ),
    ];
    for (const [name, page, map] of sections) {
      yield `,${JSON.stringify(name)}:`;
      yield* jsonArray(page, map);
    }
    const rolloverSettings = settings && {
      autoRolloverEnabled: flag(settings.autoRolloverEnabled),
      autoRolloverTime: settings.autoRolloverTime,
      rolloverTodoTasks: flag(settings.rolloverTodoTasks),
      stallInProgressTasks: flag(settings.stallInProgressTasks),
      deferLargeTasks: flag(settings.deferLargeTasks),
      maxRolloverDays: settings.maxRolloverDays,
      requireConfirmation: flag(settings.requireConfirmation),
      updatedAt: settings.updatedAt,
    };
    yield `,"calendarSubscriptions":${JSON.stringify(await deps.calendars.listSubscriptions(userId))}`;
    yield `,"rolloverSettings":${JSON.stringify(rolloverSettings ?? null)},"aiAnalytics":{"breakdowns":`;
    yield* jsonArray((after) => breakdowns.pageForExport(userId, after, EXPORT_PAGE_SIZE), withoutOwner);
    yield `,"conversations":`;
    yield* jsonArray((after) => conversations.pageForExport(userId, after, EXPORT_PAGE_SIZE), withoutOwner);
    yield "}}";
  }

  /** Occurrences up to today that have no task row (their day was never opened), by date: no id, as planned. */
  async function unreadOccurrences(userId: string, today: string): Promise<CsvRow[]> {
    const [series, made] = await Promise.all([recurrence.listStartedBy(userId, today), tasks.listOccurrenceDays(userId, today)]);
    const madeDays = new Set(made.map((row) => `${row.seriesId}|${row.occurrenceDate}`));
    const rows: CsvRow[] = [];
    for (const one of series) {
      const last = one.endDate !== null && one.endDate < today ? one.endDate : today;
      const skipped = new Set(skippedDaysOf(one));
      for (const day of occurrencesBetween(one.recurrence, one.startDate, one.startDate, last)) {
        if (skipped.has(day) || madeDays.has(`${one.id}|${day}`)) continue;
        const { id: _series, startDate: _start, endDate: _end, skippedDays: _skipped, checklistTemplate, ...fields } = one;
        const checklist = itemsOfTemplate(checklistTemplate);
        rows.push({ ...fields, id: "", date: day, status: "todo", checklist, completedAt: null, trackedMinutes: 0, rolloverCount: 0 });
      }
    }
    return rows.sort((a, b) => a.date!.localeCompare(b.date!));
  }

  /** Every task by date, the unread occurrences merged in after their day's tasks, then the undated ones. */
  async function* csvRows(userId: string, today: string): AsyncGenerator<CsvRow> {
    const unread = await unreadOccurrences(userId, today);
    let next = 0;
    for (let after: { date: string; id: string } | null = null; ;) {
      const rows = await tasks.pageByDateForExport(userId, after, EXPORT_PAGE_SIZE);
      for (const row of rows) {
        while (next < unread.length && unread[next]!.date! < row.date!) yield unread[next++]!;
        yield row;
      }
      if (rows.length < EXPORT_PAGE_SIZE) break;
      after = { date: rows.at(-1)!.date!, id: rows.at(-1)!.id };
    }
    yield* unread.slice(next);
    for await (const rows of rowsOf((after) => tasks.pageUndatedForExport(userId, after, EXPORT_PAGE_SIZE))) yield* rows;
  }

  async function* taskRecords(userId: string, today: string): AsyncGenerator<Record<string, unknown>> {
    for await (const row of csvRows(userId, today)) {
      const record: Record<string, unknown> = {};
      for (const [column, field] of TASKS_CSV_COLUMNS) {
        const value = field === "checklist" ? checklistCell(row.checklist as ChecklistItem[]) : row[field];
        record[column] = typeof value === "string" ? spreadsheetSafe(value) : value;
      }
      yield record;
    }
  }

  return {
    /** The file's name (the user's today) and the document, read only as the client takes it. */
    async exportJson(userId: string): Promise<{ filename: string; stream: Readable }> {
      const profile = await profileOf(userId);
      const today = await deps.users.userToday(userId);
      return { filename: `daywise-export-${today}.json`, stream: Readable.from(exportDocument(userId, profile)) };
    },

    async exportTasksCsv(userId: string): Promise<{ filename: string; stream: Readable }> {
      await profileOf(userId);
      const today = await deps.users.userToday(userId);
      const csv = stringify({ header: true, bom: true, columns: TASKS_CSV_COLUMNS.map(([column]) => column), record_delimiter: "windows" });
      // pipeline, not pipe: a failed read destroys the answer instead of leaving it open.
      const stream = pipeline(Readable.from(taskRecords(userId, today)), csv, () => {});
      return { filename: `daywise-tasks-${today}.csv`, stream };
    },
  };
}
