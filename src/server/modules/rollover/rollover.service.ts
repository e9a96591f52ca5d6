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
import { type PlannedRolloverTask, planDayRollover, wrapUpFigures } from "../../../shared/rules/rollover.ts";
import { AppError } from "../../app-error.ts";
import { scheduleAutoRollover } from "../../db/auto-rollover-schedule.ts";
import type { Database } from "../../db/schema.ts";
import { writeUserData } from "../../db/user-data.ts";
import { type RolloverDayTask, type RolloverRepository, rolloverRepository } from "./rollover.repository.ts";

export interface RolloverServiceDeps {
  kysely: Kysely<Database>;
  now: () => Date;
}

export type RolloverService = ReturnType<typeof rolloverService>;

const summaryNotFound = () => new AppError("not_found", "No rollover summary found for this date");

/**
 * The plan's task writes, grouped by identical changes: one UPDATE per group. Changes are
 * computed per task by the shared rules; tasks of a day mostly share them (todo tasks that roll
 * over with the same rolloverCount), so a day of 50 tasks is a handful of statements.
 */
function groupByChanges(plan: readonly PlannedRolloverTask<RolloverDayTask>[]) {
  const groups = new Map<string, { ids: string[]; changes: PlannedRolloverTask["changes"] }>();
  for (const { task, changes } of plan) {
    if (Object.keys(changes).length === 0) continue;
    const key = JSON.stringify(changes);
    const group = groups.get(key);
    if (group) group.ids.push(task.id);
    else groups.set(key, { ids: [task.id], changes });
  }
  return [...groups.values()];
}

async function settingsOf(repository: RolloverRepository, userId: string): Promise<RolloverSettings> {
  return (await repository.findSettings(userId)) ?? { ...ROLLOVER_DEFAULTS };
}

export function rolloverService({ kysely, now }: RolloverServiceDeps) {
  const repository = rolloverRepository(kysely);

  /** The user's today in their zone (product-decisions.md: never the server's zone). */
  async function userToday(userId: string): Promise<string> {
    const timeZone = (await repository.findUserTimeZone(userId)) ?? "UTC";
    return todayInZone(now(), timeZone);
  }

  /**
   * Closes the day once. A person's close (`settings` undefined) first looks for the day's summary
   * outside any transaction, as the common repeat (a double click) is then a read, and reads the
   * settings in the transaction. The scheduler's close passes the settings it already read and
   * skips the look-up (its days are rarely closed already: the summary's unique (user, day) still
   * answers that), and stores nothing for a day without any task (its transaction has only raised
   * the user's data version then): fewer round trips per due user.
   */
  async function closeDayOnce(
    userId: string,
    day: string,
    reflectionReasons: ReflectionReason[],
    automatic?: { settings: RolloverSettings },
  ): Promise<RolloverSummary | null> {
    if (!automatic) {
      const closed = await repository.findSummary(userId, day);
      if (closed) return closed;
    }

    return writeUserData(kysely, userId, async (trx) => {
      const inTransaction = rolloverRepository(trx);
      const at = now();
      const settings = automatic?.settings ?? (await settingsOf(inTransaction, userId));
      const tasks = await inTransaction.listDayTasks(userId, day);
      if (automatic && tasks.length === 0) return null;
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
      // The summary first: its unique (user, day) is what lets only one trigger move the tasks.
      if (!(await inTransaction.insertSummary(userId, summary))) {
        const stored = await inTransaction.findSummary(userId, day);
        if (!stored) throw new Error(`rollover summary of ${day} conflicted but cannot be read`);
        return stored;
      }
      // Goals' stored counts (migration 0003) depend on a task's goal and whether it is done;
      // closing a day changes neither (done tasks stay, no goal changes), so they stay right.
      for (const group of groupByChanges(plan)) await inTransaction.updateTasks(userId, group.ids, group.changes);
      return summary;
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
