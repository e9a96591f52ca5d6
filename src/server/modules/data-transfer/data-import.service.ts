// An import: the file read into a plan (import-formats.ts), ids given, then, unless a dry run, every
// goal, series and task written in one transaction through the goals' and tasks' services, so the data
// version, the search words and the goals' counts move as for any other write; a Daywise export's
// history in the same transaction through its modules' services, its references mapped to the new
// ids. It only adds: a day, week or AI record the account has keeps its own (decision 037).
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { type ImportBody, IMPORT_MAX_SKIPPED_LISTED, IMPORT_PREVIEW_ROWS, type ImportResult } from "../../../shared/api/data-transfer.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import { nextOccurrence } from "../../../shared/rules/recurrence.ts";
import type { RolloverSettings, RolloverSummary } from "../../../shared/api/rollover.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import type { Dialect } from "../../db/database.ts";
import type { AiBreakdownRow, AiConversationRow, DailyInsightsTable, Database, Flag, WeeklySummariesTable } from "../../db/schema.ts";
import { aiBreakdownRecords, insertImportedBreakdowns } from "../ai-breakdown/ai-breakdown.service.ts";
import { aiConversationRecords, insertImportedConversations } from "../ai-chat/ai-chat.service.ts";
import { goalsService, type NewGoal } from "../goals/goals.service.ts";
import { insertImportedInsights, insightRecords } from "../insights/insights.service.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { isDefaultRolloverSettings, rolloverService, sameRolloverSettings } from "../rollover/rollover.service.ts";
import { type NewTask, type SeriesRow, tasksService } from "../tasks/tasks.service.ts";
import type { UsersService } from "../user/user.service.ts";
import { writeUserData } from "../../db/user-data.ts";
import { checklistText, parseChecklist, templateText } from "../../db/checklist-column.ts";
import { parseImport } from "./import-formats.ts";
import { HISTORY_SECTIONS, type PlannedHistory, type SkippedRow } from "./import-history.ts";
import { fitChecklist, fitDescription, type ImportPlan, type PlannedTask, ruleProblem } from "./import-plan.ts";

export interface DataImportDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  users: UsersService;
}

type ImportedTask = NewTask & { position?: number };

/** History records ready to write: each with its row in its list of the file, and why it is skipped if the account has it. */
type Ready<T> = Array<{ row: number; value: T; ifPresent: string }>;
type Section = keyof typeof HISTORY_SECTIONS;

interface HistoryRows {
  rolloverSettings: Ready<{ settings: RolloverSettings; updatedAt: string }>;
  rolloverSummaries: Ready<RolloverSummary>;
  dailyInsights: Ready<Omit<Selectable<DailyInsightsTable>, "userId">>;
  weeklySummaries: Ready<Omit<Selectable<WeeklySummariesTable>, "userId">>;
  aiBreakdowns: Ready<Omit<AiBreakdownRow, "userId">>;
  aiConversations: Ready<Omit<AiConversationRow, "userId">>;
}

const IMPORT_CHANGES: readonly ChangeKind[] = ["tasks", "goals", "rollover", "insights"];
const keptOwn = (what: string) => `This account already has ${what}; it keeps its own`;
const OWN_SETTINGS = "This account has its own rollover settings (not the defaults); it keeps them";
const flag = (value: boolean): Flag => (value ? 1 : 0);
const sameText = (title: string) => title.trim().toLowerCase();
const taskKey = (date: string | null | undefined, title: string, time: string | null | undefined) =>
  `${date ?? ""}|${time ?? ""}|${sameText(title)}`;
const seriesKey = (row: { recurrence: string; startDate: string; title: string }) =>
  `${row.recurrence}|${row.startDate}|${sameText(row.title)}`;

export function dataImportService(deps: DataImportDeps) {
  const goals = goalsService({ kysely: deps.kysely, dialect: deps.dialect, now: deps.now });
  const rollover = rolloverService({ kysely: deps.kysely, now: deps.now });
  const tasks = tasksService(deps);
  const recurrence = recurrenceService(deps);

  /** The days, weeks and AI records (provider and time) the user has, which an import does not add again. */
  async function historyKeys(userId: string) {
    const aiKey = (row: { provider: string; createdAt: string }) => `${row.provider}\u0000${row.createdAt}`;
    const insights = await insightRecords(deps.kysely).listDaysAndWeeks(userId);
    return {
      aiKey,
      summaryDays: new Set(await rollover.listSummaryDays(userId)),
      insightDays: new Set(insights.days),
      weeks: new Set(insights.weeks),
      breakdowns: new Set((await aiBreakdownRecords(deps.kysely).listKeys(userId)).map(aiKey)),
      conversations: new Set((await aiConversationRecords(deps.kysely).listKeys(userId)).map(aiKey)),
    };
  }

  // The history's records with new ids, and the new ids of the tasks and goals they name, less what the account
  // already has (skipped with the reason). Read outside the write: writeHistory skips what another write added since.
  async function planHistory(
    userId: string,
    history: PlannedHistory,
    ids: { goal: (key: string | null) => string | null; tasks: ReadonlyMap<string, string> },
    skipped: SkippedRow[],
  ): Promise<HistoryRows> {
    const rows: HistoryRows = {
      rolloverSettings: [],
      rolloverSummaries: [],
      dailyInsights: [],
      weeklySummaries: [],
      aiBreakdowns: [],
      aiConversations: [],
    };
    if (Object.values(history).every((list) => list.length === 0)) return rows;
    const has = await historyKeys(userId);
    const add = <T>(section: Section, list: Ready<T>, row: number, present: boolean, ifPresent: string, value: () => T) => {
      if (present) skipped.push({ section: HISTORY_SECTIONS[section], row, reason: ifPresent });
      else list.push({ row, value: value(), ifPresent });
    };
    const newTaskIds = (lists: RolloverSummary["taskIds"]) =>
      Object.fromEntries(
        Object.entries(lists).map(([list, taskIds]) => [list, taskIds?.flatMap((id) => ids.tasks.get(id) ?? [])]),
      ) as RolloverSummary["taskIds"];

    for (const { row, record } of history.rolloverSettings) {
      const { updatedAt, ...settings } = record;
      const current = await rollover.getSettings(userId);
      if (sameRolloverSettings(current, settings)) continue;
      add("rolloverSettings", rows.rolloverSettings, row, !isDefaultRolloverSettings(current), OWN_SETTINGS, () => ({
        settings,
        updatedAt: updatedAt ?? deps.now().toISOString(),
      }));
    }
    for (const { row, record } of history.rolloverSummaries) {
      add(
        "rolloverSummaries",
        rows.rolloverSummaries,
        row,
        has.summaryDays.has(record.date),
        keptOwn(`a rollover summary of ${record.date}`),
        () => ({
          ...record,
          id: randomUUID(),
          taskIds: newTaskIds(record.taskIds),
        }),
      );
      has.summaryDays.add(record.date);
    }
    for (const { row, record } of history.dailyInsights) {
      // Source version 0 is no data version: the day's insights are worked out again when next read.
      add("dailyInsights", rows.dailyInsights, row, has.insightDays.has(record.date), keptOwn(`insights for ${record.date}`), () => ({
        ...record,
        id: randomUUID(),
        insights: JSON.stringify(record.insights),
        viewed: flag(record.viewed),
        sourceVersion: 0,
      }));
      has.insightDays.add(record.date);
    }
    for (const { row, record } of history.weeklySummaries) {
      const week = record.weekStartDate;
      add("weeklySummaries", rows.weeklySummaries, row, has.weeks.has(week), keptOwn(`a weekly summary of the week of ${week}`), () => ({
        ...record,
        id: randomUUID(),
        insights: JSON.stringify(record.insights),
        viewed: flag(record.viewed),
      }));
      has.weeks.add(week);
    }
    // The file's own records are not matched with each other: two exchanges may share a millisecond.
    for (const { row, record } of history.aiBreakdowns) {
      const ifPresent = keptOwn(`this breakdown (${record.provider}, ${record.createdAt})`);
      add("aiBreakdowns", rows.aiBreakdowns, row, has.breakdowns.has(has.aiKey(record)), ifPresent, () => ({
        ...record,
        id: randomUUID(),
        goalId: ids.goal(record.goalId),
      }));
    }
    for (const { row, record } of history.aiConversations) {
      const ifPresent = keptOwn(`this conversation (${record.provider}, ${record.createdAt})`);
      add("aiConversations", rows.aiConversations, row, has.conversations.has(has.aiKey(record)), ifPresent, () => ({
        ...record,
        id: randomUUID(),
      }));
    }
    return rows;
  }

  /** Writes the history in the import's transaction; what another write added since planHistory moves to skipped. */
  async function writeHistory(trx: Kysely<Database>, userId: string, rows: HistoryRows, skipped: SkippedRow[]): Promise<void> {
    const values = <T>(list: Ready<T>) => list.map((entry) => entry.value);
    const unwritten = <T>(section: Section, list: Ready<T>, wasPresent: (value: T) => boolean) => {
      for (const { row, value, ifPresent } of list) {
        if (wasPresent(value)) skipped.push({ section: HISTORY_SECTIONS[section], row, reason: ifPresent });
      }
      return list.filter((entry) => !wasPresent(entry.value));
    };
    const settings = rows.rolloverSettings[0]?.value ?? null;
    const written = await rolloverService({ kysely: trx, now: deps.now }).insertImportedHistory(
      userId,
      settings,
      values(rows.rolloverSummaries),
    );
    rows.rolloverSettings = unwritten("rolloverSettings", rows.rolloverSettings, () => !written.settingsSaved);
    rows.rolloverSummaries = unwritten("rolloverSummaries", rows.rolloverSummaries, (summary) => written.keptDays.includes(summary.date));
    const insights = await insertImportedInsights(trx, userId, values(rows.dailyInsights), values(rows.weeklySummaries));
    rows.dailyInsights = unwritten("dailyInsights", rows.dailyInsights, (day) => insights.keptDays.includes(day.date));
    rows.weeklySummaries = unwritten("weeklySummaries", rows.weeklySummaries, (week) => insights.keptWeeks.includes(week.weekStartDate));
    await insertImportedBreakdowns(trx, userId, values(rows.aiBreakdowns));
    await insertImportedConversations(trx, userId, values(rows.aiConversations));
  }

  /** What the account has that the plan's rows may repeat: goals by title, series by rule, tasks by day and occurrence. */
  async function knownRows(userId: string, plan: ImportPlan) {
    const days = plan.tasks.flatMap((task) => [task.date, task.occurrenceDate ?? null].filter((day): day is string => day !== null)).sort();
    const found = {
      series: await recurrence.listRules(userId),
      tasks: await tasks.findImportMatches(userId, days.length > 0 ? { from: days[0]!, to: days.at(-1)! } : null),
    };
    const byTitle = new Map<string, { id: string; title: string }>();
    for (const goal of await goals.listGoals(userId)) {
      if (!byTitle.has(sameText(goal.title))) byTitle.set(sameText(goal.title), goal);
    }
    return {
      goals: byTitle,
      series: new Map(found.series.map((row) => [seriesKey(row), row])),
      // A task moved on since (rolled over, or by hand) is still the row of the day it was first planned for.
      tasks: new Map(
        found.tasks.flatMap((row) => [
          ...(row.firstPlannedDate && row.firstPlannedDate !== row.date
            ? [[taskKey(row.firstPlannedDate, row.title, row.scheduledStartTime), row.id] as const]
            : []),
          [taskKey(row.date, row.title, row.scheduledStartTime), row.id] as const,
        ]),
      ),
      occurrences: new Map(
        found.tasks.flatMap((row) => (row.seriesId ? [[`${row.seriesId}|${row.occurrenceDate}`, row.id] as const] : [])),
      ),
    };
  }

  return {
    async importFile(userId: string, body: ImportBody): Promise<ImportResult> {
      const now = deps.now();
      const timeZone = await deps.users.userTimeZone(userId);
      const plan = parseImport(body.format, body.content, {
        today: todayInZone(now, timeZone),
        timeZone,
        sectionsAsGoals: body.sectionsAsGoals,
      });
      const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
      const known = await knownRows(userId, plan);
      // Each row like one the account has counts, and goes only when the caller asks.
      let duplicates = 0;
      const isDuplicate = () => {
        duplicates += 1;
        return body.skipDuplicates;
      };

      const goalIds = new Map<string, string>();
      const goalTitles = new Map<string, string>();
      const newGoals: NewGoal[] = [];
      for (const goal of plan.goals) {
        const same = known.goals.get(sameText(goal.title));
        // A CSV's goal names match the account's goals; a Daywise export's goals are its own unless duplicates skipped.
        if (same && (plan.goalsByTitle || isDuplicate())) {
          goalIds.set(goal.key, same.id);
          goalTitles.set(same.id, same.title);
          continue;
        }
        const id = randomUUID();
        goalIds.set(goal.key, id);
        goalTitles.set(id, goal.title);
        const { key: _key, createdAt, updatedAt, ...fields } = goal;
        newGoals.push({ ...fields, id, createdAt: createdAt ?? at(0), updatedAt: updatedAt ?? createdAt ?? at(0) });
      }
      const goalIdOf = (key: string | null) => (key === null ? null : (goalIds.get(key) ?? null));

      const seriesIds = new Map<string, string>();
      /** The file's series like one of the account's, with that one's id. */
      const knownSeries = new Map<string, string>();
      const series: SeriesRow[] = [];
      for (const { key, goalKey, createdAt, updatedAt, checklistTemplate = [], ...fields } of plan.series) {
        const same = known.series.get(seriesKey(fields));
        if (same) knownSeries.set(key, same.id);
        if (same && isDuplicate()) {
          seriesIds.set(key, same.id);
          continue;
        }
        const id = randomUUID();
        seriesIds.set(key, id);
        const steps = fitChecklist(
          checklistTemplate.map((title) => ({ title, done: false })),
          fields.description,
        );
        series.push({
          ...fields,
          description: steps.description,
          checklistTemplate: templateText(steps.items),
          id,
          goalId: goalIdOf(goalKey),
          createdAt: createdAt ?? at(0),
          updatedAt: updatedAt ?? at(0),
        });
      }
      const rules = new Map([...known.series.values(), ...series].map((row) => [row.id, row.recurrence]));

      const tasks: ImportedTask[] = [];
      const taskIds = new Map<string, string>();
      const preview: ImportResult["preview"] = [];
      plan.tasks.forEach((planned, index) => {
        const task = taskRow(planned, at(index));
        let row: SeriesRow | null = null;
        let first: string | null = null;
        // A rule read from another app starts a series on the task's day; one the rules refuse stays as text.
        if (planned.recurrence && task.date) {
          const problem = ruleProblem(planned.recurrence, task.date);
          first = problem ? null : nextOccurrence(planned.recurrence, task.date, addDays(task.date, -1));
          if (first) {
            row = {
              id: randomUUID(),
              recurrence: planned.recurrence,
              startDate: task.date,
              endDate: null,
              skippedDays: "",
              checklistTemplate: templateText(parseChecklist(task.checklist!)),
              title: task.title,
              description: task.description ?? null,
              estimatedDuration: task.estimatedDuration ?? null,
              scheduledStartTime: task.scheduledStartTime ?? null,
              goalId: goalIdOf(planned.goalKey),
              createdAt: task.createdAt,
              updatedAt: task.createdAt,
            };
          } else {
            task.description = fitDescription([task.description, `Repeats: ${planned.recurrence}`]);
          }
        }
        // Like: the account's task of the same day, title and time, or a known series' occurrence of that day (a new series' stays).
        const sameDay = known.tasks.get(taskKey(task.date, task.title, task.scheduledStartTime));
        const ofKnown = planned.seriesKey ? knownSeries.get(planned.seriesKey) : undefined;
        const like = ofKnown ? (known.occurrences.get(`${ofKnown}|${planned.occurrenceDate}`) ?? sameDay) : sameDay;
        if (row) {
          if (known.series.has(seriesKey(row)) && isDuplicate()) return;
          series.push(row);
          rules.set(row.id, row.recurrence);
          Object.assign(task, { seriesId: row.id, date: first, occurrenceDate: first, firstPlannedDate: first });
        } else if (like !== undefined && (!planned.seriesKey || ofKnown) && isDuplicate()) {
          if (planned.key) taskIds.set(planned.key, like);
          return;
        } else if (planned.seriesKey) {
          task.seriesId = seriesIds.get(planned.seriesKey) ?? null;
          if (task.seriesId === null) task.occurrenceDate = null;
        }
        if (planned.key) taskIds.set(planned.key, task.id);
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
            recurrence: task.seriesId ? (rules.get(task.seriesId) ?? null) : null,
          });
        }
      });

      const history = await planHistory(userId, plan.history, { goal: goalIdOf, tasks: taskIds }, plan.skipped);
      if (!body.dryRun) {
        await writeUserData(deps.kysely, userId, IMPORT_CHANGES, async (trx) => {
          await goalsService({ kysely: trx, dialect: deps.dialect, now: deps.now }).insertGoals(userId, newGoals);
          await tasksService({ kysely: trx, dialect: deps.dialect, now: deps.now }).insertImportedTasks(userId, series, tasks);
          await writeHistory(trx, userId, history, plan.skipped);
        });
      }
      return {
        dryRun: body.dryRun,
        format: body.format,
        counts: {
          tasks: tasks.length,
          goals: newGoals.length,
          series: series.length,
          skipped: plan.skipped.length,
          rolloverSettings: history.rolloverSettings.length,
          rolloverSummaries: history.rolloverSummaries.length,
          dailyInsights: history.dailyInsights.length,
          weeklySummaries: history.weeklySummaries.length,
          aiRecords: history.aiBreakdowns.length + history.aiConversations.length,
        },
        preview,
        duplicates,
        skipped: plan.skipped.slice(0, IMPORT_MAX_SKIPPED_LISTED),
      };
    },
  };
}

function taskRow(planned: PlannedTask, createdAt: string): ImportedTask {
  const done = planned.status === "done";
  const steps = fitChecklist(planned.checklist ?? [], planned.description);
  return {
    id: randomUUID(),
    goalId: null,
    title: planned.title.trim(),
    description: steps.description,
    checklist: checklistText(steps.items.map((step) => ({ id: randomUUID(), ...step }))),
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
