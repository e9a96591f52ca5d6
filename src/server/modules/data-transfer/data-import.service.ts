// An import: the file read into a plan (import-formats.ts), ids given, then, unless a dry run, every
// goal, series and task written in one transaction through the goals' and tasks' services, so the data
// version, the search words and the goals' counts move as for any other write. It only adds.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type ImportBody, IMPORT_MAX_SKIPPED_LISTED, IMPORT_PREVIEW_ROWS, type ImportResult } from "../../../shared/api/data-transfer.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import { nextOccurrence, validateRecurrence } from "../../../shared/rules/recurrence.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { goalsService, type NewGoal } from "../goals/goals.service.ts";
import { type NewTask, type SeriesRow, tasksService } from "../tasks/tasks.service.ts";
import type { UsersService } from "../user/user.service.ts";
import { parseImport } from "./import-formats.ts";
import { fitDescription, type PlannedTask } from "./import-plan.ts";

export interface DataImportDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  users: UsersService;
}

type ImportedTask = NewTask & { position?: number };

export function dataImportService(deps: DataImportDeps) {
  const goals = goalsService({ kysely: deps.kysely, now: deps.now });

  return {
    async importFile(userId: string, body: ImportBody): Promise<ImportResult> {
      const now = deps.now();
      const timeZone = await deps.users.userTimeZone(userId);
      const plan = parseImport(body.format, body.content, { today: todayInZone(now, timeZone), timeZone });
      const at = (offset: number) => new Date(now.getTime() + offset).toISOString();

      const existing = plan.goalsByTitle ? await goals.listGoals(userId) : [];
      const goalIds = new Map<string, string>();
      const goalTitles = new Map<string, string>();
      const newGoals: NewGoal[] = [];
      for (const goal of plan.goals) {
        const same = existing.find((known) => known.title.trim().toLowerCase() === goal.title.trim().toLowerCase());
        const id = same?.id ?? randomUUID();
        goalIds.set(goal.key, id);
        goalTitles.set(id, same?.title ?? goal.title);
        if (same) continue;
        const { key: _key, createdAt, updatedAt, ...fields } = goal;
        newGoals.push({ ...fields, id, createdAt: createdAt ?? at(0), updatedAt: updatedAt ?? createdAt ?? at(0) });
      }
      const goalIdOf = (key: string | null) => (key === null ? null : (goalIds.get(key) ?? null));

      const seriesIds = new Map<string, string>();
      const series: SeriesRow[] = plan.series.map(({ key, goalKey, createdAt, updatedAt, ...fields }) => {
        const id = randomUUID();
        seriesIds.set(key, id);
        return { ...fields, id, goalId: goalIdOf(goalKey), createdAt: createdAt ?? at(0), updatedAt: updatedAt ?? at(0) };
      });

      const tasks: ImportedTask[] = [];
      const preview: ImportResult["preview"] = [];
      plan.tasks.forEach((planned, index) => {
        const task = taskRow(planned, at(index));
        // A rule read from another app starts a series on the task's day; one the rules refuse stays as text.
        if (planned.recurrence && task.date) {
          const problem = validateRecurrence(planned.recurrence, task.date);
          const first = problem ? null : nextOccurrence(planned.recurrence, task.date, addDays(task.date, -1));
          if (first) {
            const row: SeriesRow = {
              id: randomUUID(),
              recurrence: planned.recurrence,
              startDate: task.date,
              endDate: null,
              skippedDays: "",
              title: task.title,
              description: task.description ?? null,
              estimatedDuration: task.estimatedDuration ?? null,
              scheduledStartTime: task.scheduledStartTime ?? null,
              goalId: goalIdOf(planned.goalKey),
              createdAt: task.createdAt,
              updatedAt: task.createdAt,
            };
            series.push(row);
            Object.assign(task, { seriesId: row.id, date: first, occurrenceDate: first, firstPlannedDate: first });
          } else {
            task.description = fitDescription([task.description, `Repeats: ${planned.recurrence}`]);
          }
        } else if (planned.seriesKey) {
          task.seriesId = seriesIds.get(planned.seriesKey) ?? null;
          if (task.seriesId === null) task.occurrenceDate = null;
        }
        task.goalId = goalIdOf(planned.goalKey);
        tasks.push(task);
        if (preview.length < IMPORT_PREVIEW_ROWS) {
          preview.push({
            row: planned.row,
            title: task.title,
            description: task.description ?? null,
            status: task.status,
            date: task.date ?? null,
            scheduledStartTime: task.scheduledStartTime ?? null,
            estimatedDuration: task.estimatedDuration ?? null,
            goal: task.goalId ? (goalTitles.get(task.goalId) ?? null) : null,
            recurrence: task.seriesId ? (series.find((row) => row.id === task.seriesId)?.recurrence ?? null) : null,
          });
        }
      });

      if (!body.dryRun) {
        await deps.kysely.transaction().execute(async (trx) => {
          await goalsService({ kysely: trx, now: deps.now }).insertGoals(userId, newGoals);
          await tasksService({ kysely: trx, dialect: deps.dialect, now: deps.now }).insertImportedTasks(userId, series, tasks);
        });
      }
      return {
        dryRun: body.dryRun,
        format: body.format,
        counts: { tasks: tasks.length, goals: newGoals.length, series: series.length, skipped: plan.skipped.length },
        preview,
        skipped: plan.skipped.slice(0, IMPORT_MAX_SKIPPED_LISTED),
      };
    },
  };
}

function taskRow(planned: PlannedTask, createdAt: string): ImportedTask {
  const done = planned.status === "done";
  return {
    id: randomUUID(),
    goalId: null,
    title: planned.title.trim(),
    description: planned.description,
    status: planned.status,
    date: planned.date,
    estimatedDuration: planned.estimatedDuration,
    scheduledStartTime: planned.scheduledStartTime,
    firstStartedAt: planned.firstStartedAt ?? null,
    currentSessionStartedAt: planned.currentSessionStartedAt ?? null,
    workSessionCount: planned.workSessionCount ?? 0,
    startedAt: planned.startedAt ?? null,
    completedAt: planned.completedAt ?? (done ? createdAt : null),
    trackedMinutes: planned.trackedMinutes ?? 0,
    rolloverCount: planned.rolloverCount ?? 0,
    firstPlannedDate: planned.firstPlannedDate !== undefined ? planned.firstPlannedDate : planned.date,
    rolledOverFromDate: planned.rolledOverFromDate ?? null,
    ...(planned.position !== undefined ? { position: planned.position } : {}),
    seriesId: null,
    occurrenceDate: planned.occurrenceDate ?? null,
    createdAt: planned.createdAt ?? createdAt,
    updatedAt: planned.updatedAt ?? planned.createdAt ?? createdAt,
  };
}
