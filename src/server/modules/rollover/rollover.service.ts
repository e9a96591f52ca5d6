import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  type ReflectionReason,
  ROLLOVER_DEFAULTS,
  type RolloverPreviewResponse,
  type RolloverSettings,
  type RolloverSummary,
  rolloverSummarySchema,
  type UpdateRolloverSettingsBody,
} from "../../../shared/api/rollover.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import { seriesOccursOn } from "../../../shared/rules/recurrence.ts";
import { planDayRollover, type RolloverRuleSettings, tasksLeftToRollOver, wrapUpFigures } from "../../../shared/rules/rollover.ts";
import { AppError } from "../../app-error.ts";
import { scheduleAutoRollover } from "./auto-rollover-schedule.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { writeUserData } from "../../db/user-data.ts";
import type { RecurrenceService } from "../recurrence/recurrence.service.ts";
import { usersService } from "../user/user.service.ts";
import { emitWebhook } from "../webhooks/webhook-queue.ts";
import {
  type DayRollover,
  type DayToRollOver,
  type RolloverDayTask,
  type RolloverRepository,
  rolloverRepository,
} from "./rollover.repository.ts";

const ROLLOVER_CHANGES: readonly ChangeKind[] = ["tasks", "rollover"];

export interface RolloverServiceDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  /** Optimistic attempts at a rollover before it takes the user's lock (tests set 0 to take it at once). */
  optimisticAttempts?: number;
  /** Makes the day's occurrences of repeating tasks first, so missed ones count. */
  recurrence?: Pick<RecurrenceService, "readyDay">;
}

/** How a rollover runs: the scheduler's passes the settings it read; a carried-on one touches only rolled-over days. */
interface RolloverMode {
  automatic?: { settings: RolloverSettings };
  onlyIfRolledOver?: boolean;
}

interface RolloverOutcome {
  summary: RolloverSummary;
  /** Whether this rollover stored anything (not an answer of the stored summary alone). */
  stored: boolean;
  /** Whether it moved tasks onto the next day, which is rolled over and past: they need a rollover again there. */
  carriesOn: boolean;
}

/** A rollover that loses this many times in a row to other writes of the user's then takes their lock. */
const OPTIMISTIC_ATTEMPTS = 3;

const summaryNotFound = () => new AppError("not_found", "No rollover summary found for this date");

async function settingsOf(repository: RolloverRepository, userId: string): Promise<RolloverSettings> {
  return (await repository.findSettings(userId)) ?? { ...ROLLOVER_DEFAULTS };
}

export function sameRolloverSettings(a: RolloverSettings, b: RolloverSettings): boolean {
  return (Object.keys(ROLLOVER_DEFAULTS) as Array<keyof RolloverSettings>).every((key) => a[key] === b[key]);
}

/** Settings never saved, or saved back to the defaults: an import may replace them (decision 037). */
export const isDefaultRolloverSettings = (settings: RolloverSettings) => sameRolloverSettings(settings, ROLLOVER_DEFAULTS);

const occursNextDay = (day: string) => (task: RolloverDayTask) => task.series !== null && seriesOccursOn(task.series, addDays(day, 1));

export function rolloverService({ kysely, now, optimisticAttempts = OPTIMISTIC_ATTEMPTS, recurrence }: RolloverServiceDeps) {
  const repository = rolloverRepository(kysely);
  const { userToday } = usersService({ kysely, now });

  /** The summary and task changes of rolling over `day`; a rolled-over day adds what no rollover of it handled (decision 020). */
  function planRollover(
    read: DayToRollOver,
    settings: RolloverRuleSettings,
    day: string,
    reflectionReasons: ReflectionReason[],
  ): DayRollover {
    const at = now();
    const previous = read.summary;
    const tasks = previous ? tasksLeftToRollOver(read.tasks, previous) : read.tasks;
    const plan = planDayRollover(tasks, settings, day, at, occursNextDay(day));
    const idsOf = (action: keyof RolloverSummary["taskIds"]) => [
      ...(previous?.taskIds[action] ?? []),
      ...plan.filter((entry) => entry.action === action).map((entry) => entry.task.id),
    ];
    const skip = idsOf("skip");
    const taskIds = {
      rollover: idsOf("rollover"),
      stall: idsOf("stall"),
      defer: idsOf("defer"),
      ...(skip.length > 0 ? { skip } : {}),
      review: idsOf("review"),
    };
    const figures = wrapUpFigures(tasks);
    const summary: RolloverSummary = {
      id: previous?.id ?? randomUUID(),
      date: day,
      rolledOverCount: taskIds.rollover.length,
      stalledCount: taskIds.stall.length,
      deferredCount: taskIds.defer.length,
      reviewCount: taskIds.review.length,
      taskIds,
      completedCount: (previous?.completedCount ?? 0) + figures.completedCount,
      totalCount: (previous?.totalCount ?? 0) + figures.totalCount,
      plannedMinutes: (previous?.plannedMinutes ?? 0) + figures.plannedMinutes,
      actualMinutes: (previous?.actualMinutes ?? 0) + figures.actualMinutes,
      reflectionReasons: previous?.reflectionReasons ?? reflectionReasons,
      createdAt: previous?.createdAt ?? at.toISOString(),
    };
    // Goals' stored counts (migration 0003) depend on a task's goal and whether it is done;
    // a rollover changes neither (done tasks stay, no goal changes), so they stay right.
    const changedTasks = plan.filter((entry) => Object.keys(entry.changes).length > 0);
    return { summary, isAgain: previous !== undefined, changedTasks };
  }

  /** One read and one write stored only if the user's data version did not move: "retry" when it did. */
  async function tryRollOverDay(
    db: Kysely<Database>,
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    mode: RolloverMode,
  ): Promise<RolloverOutcome | null | "retry"> {
    const inDb = rolloverRepository(db);
    const read = await inDb.findDayToRollOver(userId, day);
    if (!read) throw new Error(`rolling over a day of unknown user ${userId}`);
    const today = todayInZone(now(), read.timeZone);
    if (day > today) throw new AppError("bad_request", `${day} has not begun yet: a day can be ended from that day on (today is ${today})`);
    if (mode.onlyIfRolledOver && !read.summary) return null;
    if (read.summary && tasksLeftToRollOver(read.tasks, read.summary).length === 0) {
      return { summary: read.summary, stored: false, carriesOn: false };
    }
    if (mode.automatic && !read.summary && read.tasks.length === 0) return null;
    const settings = mode.automatic?.settings ?? read.settings ?? { ...ROLLOVER_DEFAULTS };
    const rollover = planRollover(read, settings, day, reflectionReasons);
    if (!(await inDb.storeRollover(userId, read.dataVersion, rollover, mode.automatic ? "scheduler" : "user"))) return "retry";
    const movedOn = rollover.changedTasks.some(({ changes }) => changes.date === addDays(day, 1));
    return { summary: rollover.summary, stored: true, carriesOn: movedOn && read.isNextDayRolledOver && addDays(day, 1) < today };
  }

  /** Optimistic first, then under the user's lock, so a busy user's rollover still ends (decisions 006, 029). */
  async function rollOverDayOnce(
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    mode: RolloverMode,
  ): Promise<RolloverOutcome | null> {
    for (let attempt = 0; attempt < optimisticAttempts; attempt++) {
      const outcome = await tryRollOverDay(kysely, userId, day, reflectionReasons, mode);
      if (outcome !== "retry") return outcome;
    }
    return writeUserData(kysely, userId, ROLLOVER_CHANGES, async (trx) => {
      const outcome = await tryRollOverDay(trx, userId, day, reflectionReasons, mode);
      if (outcome === "retry") throw new Error(`rolling over ${day} lost to another write while holding the user's lock`);
      return outcome;
    });
  }

  /** Also rolls over again each following rolled-over past day it moved tasks onto, so none is stranded (decision 020). */
  async function rollOverDayAndCarryOn(
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    mode: RolloverMode,
  ): Promise<RolloverOutcome | null> {
    await recurrence?.readyDay(userId, day);
    const outcome = await rollOverDayOnce(userId, day, reflectionReasons, mode);
    let carried = outcome;
    for (let next = addDays(day, 1); carried?.carriesOn; next = addDays(next, 1)) {
      carried = await rollOverDayOnce(userId, next, [], { ...mode, onlyIfRolledOver: true });
    }
    return outcome;
  }

  return {
    /** The saved settings, or spec section 9's defaults for a user who never saved any. */
    getSettings(userId: string): Promise<RolloverSettings> {
      return settingsOf(repository, userId);
    },

    findSettingsRow: repository.findSettingsRow,
    /** The closed days in [from, to] and the tasks each close moved off its day (issue 56: they stay part of its story). */
    listClosedDays: repository.listClosedDays,
    summaryPageForExport: repository.summaryPageForExport,
    listSummaryDays: repository.listSummaryDays,

    async getSettingsOf(userIds: readonly string[]): Promise<Map<string, RolloverSettings>> {
      const saved = await repository.findSettingsOf(userIds);
      return new Map(userIds.map((userId) => [userId, saved.get(userId) ?? { ...ROLLOVER_DEFAULTS }]));
    },

    /**
     * Applies the fields sent over the current settings (or the defaults), saves them all, and
     * moves the user's next automatic rollover to match, in one transaction.
     */
    async updateSettings(userId: string, body: UpdateRolloverSettingsBody): Promise<RolloverSettings> {
      return kysely.transaction().execute(async (trx) => {
        const inTransaction = rolloverRepository(trx);
        const current = await settingsOf(inTransaction, userId);
        const next: RolloverSettings = { ...current };
        for (const [key, value] of Object.entries(body) as Array<[keyof RolloverSettings, never]>) {
          if (value !== undefined) next[key] = value;
        }
        const at = now();
        await inTransaction.saveSettings(userId, next, at.toISOString());
        await scheduleAutoRollover(trx, userId, at);
        return next;
      });
    },

    /**
     * A Daywise export's rollover history, in the caller's transaction when there is one: its settings
     * only over the defaults (the automatic rollover moved to match), each summary only on a day
     * without one. Answers whether the settings were saved and the days that kept their own summary.
     */
    async insertImportedHistory(
      userId: string,
      settings: { settings: RolloverSettings; updatedAt: string } | null,
      summaries: readonly RolloverSummary[],
    ): Promise<{ settingsSaved: boolean; keptDays: string[] }> {
      if (!settings && summaries.length === 0) return { settingsSaved: false, keptDays: [] };
      return writeUserData(kysely, userId, ["rollover"], async (trx) => {
        const inTransaction = rolloverRepository(trx);
        const settingsSaved = settings !== null && isDefaultRolloverSettings(await settingsOf(inTransaction, userId));
        if (settingsSaved) {
          await inTransaction.saveSettings(userId, settings.settings, settings.updatedAt);
          await scheduleAutoRollover(trx, userId, now());
        }
        const keptDays: string[] = [];
        for (const summary of summaries) if (!(await inTransaction.insertSummaryOnce(userId, summary))) keptDays.push(summary.date);
        return { settingsSaved, keptDays };
      });
    },

    /** What rolling over the day would do; changes nothing. */
    async previewDay(userId: string, date?: string): Promise<RolloverPreviewResponse> {
      const day = date ?? (await userToday(userId));
      await recurrence?.readyDay(userId, day);
      const read = await repository.findDayToRollOver(userId, day);
      if (!read) throw new Error(`previewing a day of unknown user ${userId}`);
      const tasks = read.summary ? tasksLeftToRollOver(read.tasks, read.summary) : read.tasks;
      const plan = planDayRollover(tasks, read.settings ?? ROLLOVER_DEFAULTS, day, now(), occursNextDay(day));
      return {
        date: day,
        totalTasks: plan.length,
        tasks: plan.map(({ task, action }) => ({
          id: task.id,
          title: task.title,
          status: task.status,
          estimatedDuration: task.estimatedDuration,
          recommendedAction: action,
        })),
      };
    },

    /** Rolls over the day (today by default, never a later one); again, it moves only what was added since. */
    async rollOverDay(userId: string, input: { date?: string; reflectionReasons?: ReflectionReason[] } = {}): Promise<RolloverSummary> {
      const day = input.date ?? (await userToday(userId));
      const outcome = await rollOverDayAndCarryOn(userId, day, input.reflectionReasons ?? [], {});
      if (!outcome) throw new Error("a rollover that does not skip empty days always answers a summary");
      return outcome.summary;
    },

    /** The scheduler's rollovers: rolled-over days with new unfinished tasks first, then due days; an empty day gets no row. */
    async rollOverDaysAutomatically(userId: string, from: string, dueDays: readonly string[], settings: RolloverSettings): Promise<number> {
      const firstDue = dueDays[0];
      if (firstDue === undefined) return 0;
      const open = await repository.listUnfinishedTasksOfRolledOverDays([userId], from, firstDue);
      // tasksLeftToRollOver's rule (the query already left the done tasks out).
      const reopened = [...new Set(open.filter((task) => !task.taskIds.review.includes(task.id)).map((task) => task.date))];
      let stored = 0;
      for (const day of [...reopened, ...dueDays]) {
        const outcome = await rollOverDayAndCarryOn(userId, day, [], { automatic: { settings } });
        if (!outcome?.stored) continue;
        stored++;
        emitWebhook(kysely, userId, "day.closed", rolloverSummarySchema, outcome.summary);
      }
      return stored;
    },

    /** Set-based first rollovers; the users it leaves (a day to roll over again, a rolled-over day, a write since the read) go one by one. */
    async rollOverDueDaysTogether(
      entries: ReadonlyArray<{ userId: string; from: string; day: string; settings: RolloverSettings }>,
    ): Promise<{ stored: number; left: Set<string> }> {
      const left = new Set<string>();
      if (entries.length === 0) return { stored: 0, left };
      const userIds = entries.map((entry) => entry.userId);
      const from = entries.reduce((oldest, entry) => (entry.from < oldest ? entry.from : oldest), entries[0]!.from);
      const before = entries.reduce((latest, entry) => (entry.day > latest ? entry.day : latest), entries[0]!.day);
      const byUser = new Map(entries.map((entry) => [entry.userId, entry]));
      for (const task of await repository.listUnfinishedTasksOfRolledOverDays(userIds, from, before)) {
        const entry = byUser.get(task.userId)!;
        if (task.date >= entry.from && task.date < entry.day && !task.taskIds.review.includes(task.id)) left.add(task.userId);
      }
      const withSeries = await repository.listUsersWithSeries(userIds);
      for (const entry of entries)
        if (withSeries.has(entry.userId) && !left.has(entry.userId)) await recurrence?.readyDay(entry.userId, entry.day);

      const rollovers: Array<{ userId: string; dataVersion: number; rollover: DayRollover }> = [];
      for (const day of new Set(entries.map((entry) => entry.day))) {
        const ofDay = entries.filter((entry) => entry.day === day && !left.has(entry.userId));
        if (ofDay.length === 0) continue;
        const reads = await repository.findDaysNotRolledOver(
          ofDay.map((entry) => entry.userId),
          day,
        );
        for (const { userId, settings } of ofDay) {
          const read = reads.get(userId);
          if (!read || read.isNextDayRolledOver || day > todayInZone(now(), read.timeZone)) left.add(userId);
          else if (read.tasks.length > 0)
            rollovers.push({ userId, dataVersion: read.dataVersion, rollover: planRollover(read, settings, day, []) });
        }
      }
      const stored = await repository.storeFirstRollovers(rollovers);
      for (const { userId, rollover } of rollovers) {
        if (stored.has(userId)) emitWebhook(kysely, userId, "day.closed", rolloverSummarySchema, rollover.summary);
        else left.add(userId);
      }
      return { stored: stored.size, left };
    },

    async findSummary(userId: string, date: string): Promise<RolloverSummary | null> {
      return (await repository.findSummary(userId, date)) ?? null;
    },

    async getSummary(userId: string, date: string): Promise<RolloverSummary> {
      const summary = await repository.findSummary(userId, date);
      if (!summary) throw summaryNotFound();
      return summary;
    },
  };
}
