// Repeating tasks (decision 034): the series rows, "this and following" splits, skipped days, and the one entry that
// makes a day's occurrences before it is read (`readyDay`). An occurrence is a task row, written by the tasks module.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type CreateTaskBody, RECURRENCE_NEEDS_DATE_MESSAGE } from "../../../shared/api/tasks.ts";
import { addDays } from "../../../shared/rules/dates.ts";
import { occurrencesBetween, seriesOccursOn, skippedDaysOf, validateRecurrence } from "../../../shared/rules/recurrence.ts";
import { AppError } from "../../app-error.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { insertOccurrences } from "../tasks/insert-occurrences.ts";
import { recurrenceRepository, type SeriesChanges, type SeriesRow } from "./recurrence.repository.ts";

export type { SeriesChanges, SeriesRow };

export interface RecurrenceServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

export type RecurrenceService = ReturnType<typeof recurrenceService>;

export function invalidRecurrence(message: string): AppError {
  return new AppError("validation_failed", `Invalid body: recurrence: ${message}`);
}

export function checkRule(rule: string, day: string | null): void {
  if (day === null) throw invalidRecurrence(RECURRENCE_NEEDS_DATE_MESSAGE);
  const problem = validateRecurrence(rule, day);
  if (problem) throw invalidRecurrence(problem);
}

type SeriesFields = Pick<SeriesRow, "title" | "description" | "estimatedDuration" | "scheduledStartTime" | "goalId"> &
  Partial<Pick<SeriesRow, "checklistTemplate">>;

export function newSeries(rule: string, startDate: string | null, fields: SeriesFields, at: string): SeriesRow {
  checkRule(rule, startDate);
  return {
    id: randomUUID(),
    recurrence: rule,
    startDate: startDate!,
    endDate: null,
    skippedDays: "",
    checklistTemplate: "[]",
    ...fields,
    createdAt: at,
    updatedAt: at,
  };
}

export function seriesOfBody(body: CreateTaskBody & { recurrence: string }, at: string): SeriesRow {
  return newSeries(
    body.recurrence,
    body.date ?? null,
    {
      title: body.title,
      description: body.description ?? null,
      estimatedDuration: body.estimatedDuration ?? null,
      scheduledStartTime: body.scheduledStartTime ?? null,
      goalId: body.goalId ?? null,
    },
    at,
  );
}

function firstOccurrenceBetween(series: SeriesRow, from: string, to: string): string | undefined {
  const last = series.endDate !== null && series.endDate < to ? series.endDate : to;
  const skipped = skippedDaysOf(series);
  return occurrencesBetween(series.recurrence, series.startDate, from, last).find((day) => !skipped.includes(day));
}

export function recurrenceService({ kysely, dialect, now }: RecurrenceServiceDeps) {
  const repository = recurrenceRepository(kysely, dialect);
  const stamp = () => now().toISOString();

  return {
    /** Makes the day's missing occurrences; once made, a read of the day computes no rule. */
    async readyDay(userId: string, day: string): Promise<void> {
      const lacking = await repository.listSeriesLackingDay(userId, day);
      if (lacking.length === 0) return;
      const due = lacking.filter((series) => seriesOccursOn(series, day)).map((series) => ({ series, day }));
      await insertOccurrences({ kysely, dialect, now }, userId, due);
    },

    /** Makes the first occurrence in [from, to] of each active series not in `shown`; answers whether it made any. */
    async readyFirstOccurrences(userId: string, from: string, to: string, shown: ReadonlySet<string | null>): Promise<boolean> {
      const active = await repository.listSeriesActiveBetween(userId, from, to);
      const due = active.flatMap((series) => {
        const day = shown.has(series.id) ? undefined : firstOccurrenceBetween(series, from, to);
        return day ? [{ series, day }] : [];
      });
      if (due.length === 0) return false;
      await insertOccurrences({ kysely, dialect, now }, userId, due);
      return true;
    },

    async startSeries(userId: string, series: SeriesRow): Promise<void> {
      await repository.insertSeries(userId, series);
    },

    insertImportedSeries(userId: string, series: readonly SeriesRow[]): Promise<void> {
      return repository.insertManySeries(userId, series);
    },

    pageForExport: repository.pageForExport,
    listStartedBy: repository.listStartedBy,
    listRules: repository.listRules,
    /** The calendar feed's series active in [from, to], with their goal's title. */
    listForFeed: repository.listForFeed,

    /** Locked on PostgreSQL: the caller changes it or its occurrences next. */
    findSeries(userId: string, seriesId: string): Promise<SeriesRow | undefined> {
      return repository.findSeries(userId, seriesId);
    },

    findSeriesOf(userId: string, seriesIds: readonly string[]): Promise<SeriesRow[]> {
      return repository.findSeriesOf(userId, seriesIds);
    },

    async skipDays(userId: string, daysBySeries: ReadonlyMap<string, readonly string[]>): Promise<void> {
      for (const series of await repository.findSeriesOf(userId, [...daysBySeries.keys()])) {
        const skipped = [...skippedDaysOf(series), ...daysBySeries.get(series.id)!].join(",");
        await repository.updateSeries(userId, series.id, { skippedDays: skipped, updatedAt: stamp() });
      }
    },

    async unskipDays(userId: string, series: SeriesRow, days: readonly string[]): Promise<void> {
      const kept = skippedDaysOf(series).filter((skipped) => !days.includes(skipped));
      await repository.updateSeries(userId, series.id, { skippedDays: kept.join(","), updatedAt: stamp() });
    },

    /**
     * "This and following" from `day`: unless the rule goes (null), a new series from that day with the changes and the
     * old one's later skipped days. The caller moves the occurrences, then calls `endBefore` on the old series.
     */
    async carryOn(userId: string, series: SeriesRow, day: string, rule: string | null, fields: SeriesChanges, at: string) {
      if (rule === null) return null;
      checkRule(rule, day);
      const next: SeriesRow = {
        ...series,
        ...fields,
        id: randomUUID(),
        recurrence: rule,
        startDate: day,
        skippedDays: skippedDaysOf(series)
          .filter((skipped) => skipped > day)
          .join(","),
        createdAt: at,
        updatedAt: at,
      };
      await repository.insertSeries(userId, next);
      return next;
    },

    /** The series stops before `day`: ended the day before, or gone when it started no earlier. Answers whether it went. */
    async endBefore(userId: string, series: SeriesRow, day: string, at = stamp()): Promise<boolean> {
      if (day <= series.startDate) {
        await repository.deleteSeries(userId, series.id);
        return true;
      }
      await repository.updateSeries(userId, series.id, { endDate: addDays(day, -1), updatedAt: at });
      return false;
    },
  };
}
