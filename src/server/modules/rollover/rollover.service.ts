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
import { todayInZone } from "../../../shared/rules/dates.ts";
import { planDayRollover, type RolloverRuleSettings, wrapUpFigures } from "../../../shared/rules/rollover.ts";
import { AppError } from "../../app-error.ts";
import { scheduleAutoRollover } from "../../db/auto-rollover-schedule.ts";
import type { Database } from "../../db/schema.ts";
import { writeUserData } from "../../db/user-data.ts";
import { type DayClose, type RolloverDayTask, type RolloverRepository, rolloverRepository } from "./rollover.repository.ts";

export interface RolloverServiceDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  /** Optimistic attempts at a close before it takes the user's lock (tests set 0 to take it at once). */
  optimisticAttempts?: number;
}

/** A close that loses this many times in a row to other writes of the user's then takes their lock. */
const OPTIMISTIC_ATTEMPTS = 3;

export type RolloverService = ReturnType<typeof rolloverService>;

const summaryNotFound = () => new AppError("not_found", "No rollover summary found for this date");

async function settingsOf(repository: RolloverRepository, userId: string): Promise<RolloverSettings> {
  return (await repository.findSettings(userId)) ?? { ...ROLLOVER_DEFAULTS };
}

export function rolloverService({ kysely, now, optimisticAttempts = OPTIMISTIC_ATTEMPTS }: RolloverServiceDeps) {
  const repository = rolloverRepository(kysely);

  /** The user's today in their zone (product-decisions.md: never the server's zone). */
  async function userToday(userId: string): Promise<string> {
    const timeZone = (await repository.findUserTimeZone(userId)) ?? "UTC";
    return todayInZone(now(), timeZone);
  }

  /** What closing `day` does: the summary and the tasks' changes, from what was read. */
  function planClose(tasks: readonly RolloverDayTask[], settings: RolloverRuleSettings, day: string, reflectionReasons: ReflectionReason[]): DayClose {
    const at = now();
    const plan = planDayRollover(tasks, settings, day, at);
    const idsOf = (action: string) => plan.filter((entry) => entry.action === action).map((entry) => entry.task.id);
    const taskIds = { rollover: idsOf("rollover"), stall: idsOf("stall"), defer: idsOf("defer"), review: idsOf("review") };
    const summary: RolloverSummary = {
      id: randomUUID(),
      date: day,
      rolledOverCount: taskIds.rollover.length,
      stalledCount: taskIds.stall.length,
      deferredCount: taskIds.defer.length,
      reviewCount: taskIds.review.length,
      taskIds,
      ...wrapUpFigures(tasks),
      reflectionReasons,
      createdAt: at.toISOString(),
    };
    // Goals' stored counts (migration 0003) depend on a task's goal and whether it is done;
    // closing a day changes neither (done tasks stay, no goal changes), so they stay right.
    const changedTasks = plan.filter((entry) => Object.keys(entry.changes).length > 0);
    return { summary, changedTasks };
  }

  /**
   * One attempt at closing the day through `db`: one read (data version, settings, summary, tasks),
   * then, unless the day is already closed, one write that stores the close only if the user's
   * data version is still the one read (repository.storeClose). Answers the day's summary, null
   * when the scheduler leaves an empty day alone, or "retry" when something of the user's was
   * written between the read and the write (or another close of the day won).
   */
  async function tryCloseDay(
    db: Kysely<Database>,
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    automatic: { settings: RolloverSettings } | undefined,
  ): Promise<RolloverSummary | null | "retry"> {
    const inDb = rolloverRepository(db);
    const read = await inDb.findDayToClose(userId, day);
    if (!read) throw new Error(`closing a day of unknown user ${userId}`);
    if (read.summary) return read.summary;
    if (automatic && read.tasks.length === 0) return null;
    const settings = automatic?.settings ?? read.settings ?? { ...ROLLOVER_DEFAULTS };
    const close = planClose(read.tasks, settings, day, reflectionReasons);
    return (await inDb.storeClose(userId, read.dataVersion, close)) ? close.summary : "retry";
  }

  /**
   * Closes the day once (docs/decisions/006 and 015). Optimistic first: a read and a write that
   * stores the close only if the user's data version has not moved since the read — on PostgreSQL
   * two round trips, no explicit transaction, no lock held while the app plans the close. The
   * common repeat (a double click) is the read alone. After OPTIMISTIC_ATTEMPTS attempts that
   * lost to other writes of the user's, the close reads and writes inside writeUserData, holding
   * the user's lock, where nothing can move the version under it. The scheduler's close passes
   * the settings it already read, and a day without any task is left alone (no summary).
   */
  async function closeDayOnce(
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    automatic?: { settings: RolloverSettings },
  ): Promise<RolloverSummary | null> {
    for (let attempt = 0; attempt < optimisticAttempts; attempt++) {
      const outcome = await tryCloseDay(kysely, userId, day, reflectionReasons, automatic);
      if (outcome !== "retry") return outcome;
    }
    return writeUserData(kysely, userId, async (trx) => {
      const outcome = await tryCloseDay(trx, userId, day, reflectionReasons, automatic);
      if (outcome === "retry") throw new Error(`closing ${day} lost to another write while holding the user's lock`);
      return outcome;
    });
  }

  return {
    /** The saved settings, or spec section 9's defaults for a user who never saved any. */
    getSettings(userId: string): Promise<RolloverSettings> {
      return settingsOf(repository, userId);
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

    /** What closing the day would do to each of its not-done tasks; changes nothing. */
    async previewDay(userId: string, date?: string): Promise<RolloverPreviewResponse> {
      const day = date ?? (await userToday(userId));
      const [settings, tasks] = await Promise.all([settingsOf(repository, userId), repository.listDayTasks(userId, day)]);
      const plan = planDayRollover(tasks, settings, day, now());
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

    /**
     * Closes the day (by default the user's today): applies every recommended action and stores the
     * summary, in one transaction. A day is closed once: when it already has a summary, nothing
     * moves and that summary is the answer (the reflection reasons sent again are not stored).
     */
    async closeDay(userId: string, input: { date?: string; reflectionReasons?: ReflectionReason[] } = {}): Promise<RolloverSummary> {
      const day = input.date ?? (await userToday(userId));
      const summary = await closeDayOnce(userId, day, input.reflectionReasons ?? []);
      if (!summary) throw new Error("closing a day without skipping empty ones always answers a summary");
      return summary;
    },

    /**
     * The scheduler's close of a day with the user's settings, just read: as closeDay, except that
     * a day without any task is left alone (no summary: nothing to move or to sum up, and no row
     * per idle user and day).
     */
    closeDayAutomatically(userId: string, day: string, settings: RolloverSettings): Promise<RolloverSummary | null> {
      return closeDayOnce(userId, day, [], { settings });
    },

    async getSummary(userId: string, date: string): Promise<RolloverSummary> {
      const summary = await repository.findSummary(userId, date);
      if (!summary) throw summaryNotFound();
      return summary;
    },
  };
}
