import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  type ReflectionReason,
  ROLLOVER_DEFAULTS,
  type RolloverPreviewResponse,
  type RolloverSettings,
  type RolloverSummary,
  type UpdateRolloverSettingsBody,
} from "../../../shared/api/rollover.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import { seriesOccursOn } from "../../../shared/rules/recurrence.ts";
import { planDayRollover, type RolloverRuleSettings, tasksLeftToClose, wrapUpFigures } from "../../../shared/rules/rollover.ts";
import { AppError } from "../../app-error.ts";
import { scheduleAutoRollover } from "./auto-rollover-schedule.ts";
import type { Database } from "../../db/schema.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { writeUserData } from "../../db/user-data.ts";
import type { RecurrenceService } from "../recurrence/recurrence.service.ts";
import { usersService } from "../user/user.service.ts";
import {
  type DayClose,
  type DayToClose,
  type RolloverDayTask,
  type RolloverRepository,
  rolloverRepository,
} from "./rollover.repository.ts";

const CLOSE_CHANGES: readonly ChangeKind[] = ["tasks", "rollover"];

export interface RolloverServiceDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  /** Optimistic attempts at a close before it takes the user's lock (tests set 0 to take it at once). */
  optimisticAttempts?: number;
  /** Makes the day's occurrences of repeating tasks first, so missed ones count. */
  recurrence?: Pick<RecurrenceService, "readyDay">;
}

/** How a close runs: the scheduler's passes the settings it read; a carried-on close touches only closed days. */
interface CloseMode {
  automatic?: { settings: RolloverSettings };
  onlyIfClosed?: boolean;
}

interface CloseOutcome {
  summary: RolloverSummary;
  /** Whether this close stored anything (not an answer of the stored summary alone). */
  stored: boolean;
  /** Whether it moved tasks onto the next day, which is closed and over: they need a close again there. */
  carriesOn: boolean;
}

/** A close that loses this many times in a row to other writes of the user's then takes their lock. */
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

  /** The summary and task changes of closing `day`; a closed day adds what no close of it handled (decision 020). */
  function planClose(read: DayToClose, settings: RolloverRuleSettings, day: string, reflectionReasons: ReflectionReason[]): DayClose {
    const at = now();
    const closed = read.summary;
    const tasks = closed ? tasksLeftToClose(read.tasks, closed) : read.tasks;
    const plan = planDayRollover(tasks, settings, day, at, occursNextDay(day));
    const idsOf = (action: keyof RolloverSummary["taskIds"]) => [
      ...(closed?.taskIds[action] ?? []),
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
      id: closed?.id ?? randomUUID(),
      date: day,
      rolledOverCount: taskIds.rollover.length,
      stalledCount: taskIds.stall.length,
      deferredCount: taskIds.defer.length,
      reviewCount: taskIds.review.length,
      taskIds,
      completedCount: (closed?.completedCount ?? 0) + figures.completedCount,
      totalCount: (closed?.totalCount ?? 0) + figures.totalCount,
      plannedMinutes: (closed?.plannedMinutes ?? 0) + figures.plannedMinutes,
      actualMinutes: (closed?.actualMinutes ?? 0) + figures.actualMinutes,
      reflectionReasons: closed?.reflectionReasons ?? reflectionReasons,
      createdAt: closed?.createdAt ?? at.toISOString(),
    };
    // Goals' stored counts (migration 0003) depend on a task's goal and whether it is done;
    // closing a day changes neither (done tasks stay, no goal changes), so they stay right.
    const changedTasks = plan.filter((entry) => Object.keys(entry.changes).length > 0);
    return { summary, isAgain: closed !== undefined, changedTasks };
  }

  /** One read and one write stored only if the user's data version did not move: "retry" when it did. */
  async function tryCloseDay(
    db: Kysely<Database>,
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    mode: CloseMode,
  ): Promise<CloseOutcome | null | "retry"> {
    const inDb = rolloverRepository(db);
    const read = await inDb.findDayToClose(userId, day);
    if (!read) throw new Error(`closing a day of unknown user ${userId}`);
    const today = todayInZone(now(), read.timeZone);
    if (day > today) throw new AppError("bad_request", `${day} has not begun yet: a day can be ended from that day on (today is ${today})`);
    if (mode.onlyIfClosed && !read.summary) return null;
    if (read.summary && tasksLeftToClose(read.tasks, read.summary).length === 0) {
      return { summary: read.summary, stored: false, carriesOn: false };
    }
    if (mode.automatic && !read.summary && read.tasks.length === 0) return null;
    const settings = mode.automatic?.settings ?? read.settings ?? { ...ROLLOVER_DEFAULTS };
    const close = planClose(read, settings, day, reflectionReasons);
    if (!(await inDb.storeClose(userId, read.dataVersion, close))) return "retry";
    const movedOn = close.changedTasks.some(({ changes }) => changes.date === addDays(day, 1));
    return { summary: close.summary, stored: true, carriesOn: movedOn && read.isNextDayClosed && addDays(day, 1) < today };
  }

  /** Optimistic first, then under the user's lock, so a busy user's close still ends (decisions 006, 029). */
  async function closeDayOnce(
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    mode: CloseMode,
  ): Promise<CloseOutcome | null> {
    for (let attempt = 0; attempt < optimisticAttempts; attempt++) {
      const outcome = await tryCloseDay(kysely, userId, day, reflectionReasons, mode);
      if (outcome !== "retry") return outcome;
    }
    return writeUserData(kysely, userId, CLOSE_CHANGES, async (trx) => {
      const outcome = await tryCloseDay(trx, userId, day, reflectionReasons, mode);
      if (outcome === "retry") throw new Error(`closing ${day} lost to another write while holding the user's lock`);
      return outcome;
    });
  }

  /** Also closes again each following closed past day it moved tasks onto, so none is stranded (decision 020). */
  async function closeDayAndCarryOn(
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    mode: CloseMode,
  ): Promise<CloseOutcome | null> {
    await recurrence?.readyDay(userId, day);
    const outcome = await closeDayOnce(userId, day, reflectionReasons, mode);
    let carried = outcome;
    for (let next = addDays(day, 1); carried?.carriesOn; next = addDays(next, 1)) {
      carried = await closeDayOnce(userId, next, [], { ...mode, onlyIfClosed: true });
    }
    return outcome;
  }

  return {
    /** The saved settings, or spec section 9's defaults for a user who never saved any. */
    getSettings(userId: string): Promise<RolloverSettings> {
      return settingsOf(repository, userId);
    },

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

    /** What closing the day would do; changes nothing. */
    async previewDay(userId: string, date?: string): Promise<RolloverPreviewResponse> {
      const day = date ?? (await userToday(userId));
      await recurrence?.readyDay(userId, day);
      const read = await repository.findDayToClose(userId, day);
      if (!read) throw new Error(`previewing a day of unknown user ${userId}`);
      const tasks = read.summary ? tasksLeftToClose(read.tasks, read.summary) : read.tasks;
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

    /** Closes the day (today by default, never a later one); closing again moves only what was added since. */
    async closeDay(userId: string, input: { date?: string; reflectionReasons?: ReflectionReason[] } = {}): Promise<RolloverSummary> {
      const day = input.date ?? (await userToday(userId));
      const outcome = await closeDayAndCarryOn(userId, day, input.reflectionReasons ?? [], {});
      if (!outcome) throw new Error("closing a day without skipping empty ones always answers a summary");
      return outcome.summary;
    },

    /** The scheduler's closes: closed days with new unfinished tasks first, then due days; an empty day gets no row. */
    async closeDaysAutomatically(userId: string, from: string, dueDays: readonly string[], settings: RolloverSettings): Promise<number> {
      const firstDue = dueDays[0];
      if (firstDue === undefined) return 0;
      const open = await repository.listUnfinishedTasksOfClosedDays([userId], from, firstDue);
      // tasksLeftToClose's rule (the query already left the done tasks out).
      const reopened = [...new Set(open.filter((task) => !task.taskIds.review.includes(task.id)).map((task) => task.date))];
      let stored = 0;
      for (const day of [...reopened, ...dueDays]) {
        if ((await closeDayAndCarryOn(userId, day, [], { automatic: { settings } }))?.stored) stored++;
      }
      return stored;
    },

    /** Set-based first closes; the users it leaves (a day to close again, a closed day, a write since the read) go one by one. */
    async closeDueDaysTogether(
      entries: ReadonlyArray<{ userId: string; from: string; day: string; settings: RolloverSettings }>,
    ): Promise<{ stored: number; left: Set<string> }> {
      const left = new Set<string>();
      if (entries.length === 0) return { stored: 0, left };
      const userIds = entries.map((entry) => entry.userId);
      const from = entries.reduce((oldest, entry) => (entry.from < oldest ? entry.from : oldest), entries[0]!.from);
      const before = entries.reduce((latest, entry) => (entry.day > latest ? entry.day : latest), entries[0]!.day);
      const byUser = new Map(entries.map((entry) => [entry.userId, entry]));
      for (const task of await repository.listUnfinishedTasksOfClosedDays(userIds, from, before)) {
        const entry = byUser.get(task.userId)!;
        if (task.date >= entry.from && task.date < entry.day && !task.taskIds.review.includes(task.id)) left.add(task.userId);
      }
      const withSeries = await repository.listUsersWithSeries(userIds);
      for (const entry of entries)
        if (withSeries.has(entry.userId) && !left.has(entry.userId)) await recurrence?.readyDay(entry.userId, entry.day);

      const closes: Array<{ userId: string; dataVersion: number; close: DayClose }> = [];
      for (const day of new Set(entries.map((entry) => entry.day))) {
        const ofDay = entries.filter((entry) => entry.day === day && !left.has(entry.userId));
        if (ofDay.length === 0) continue;
        const reads = await repository.findDaysNotClosed(
          ofDay.map((entry) => entry.userId),
          day,
        );
        for (const { userId, settings } of ofDay) {
          const read = reads.get(userId);
          if (!read || read.isNextDayClosed || day > todayInZone(now(), read.timeZone)) left.add(userId);
          else if (read.tasks.length > 0) closes.push({ userId, dataVersion: read.dataVersion, close: planClose(read, settings, day, []) });
        }
      }
      const stored = await repository.storeFirstCloses(closes);
      for (const { userId } of closes) if (!stored.has(userId)) left.add(userId);
      return { stored: stored.size, left };
    },

    async getSummary(userId: string, date: string): Promise<RolloverSummary> {
      const summary = await repository.findSummary(userId, date);
      if (!summary) throw summaryNotFound();
      return summary;
    },
  };
}
