// Auto rollover (product-decisions.md "End-of-day rollover"): at autoRolloverTime in each user's
// zone, close the day that is ending, and again the recent closed days that got unfinished tasks
// after their close (decision 020), unless requireConfirmation is on. Each tick claims the due
// users (an indexed read of users.auto_rollover_next_at; nobody due costs one probe), closes their
// due days through the rollover service and schedules their next one. Exactly once across
// instances: the claim's lease keeps other schedulers off a user meanwhile, and the summary's
// unique (user, day) lets only one close of a day move tasks (docs/decisions/006).
import type { FastifyBaseLogger } from "fastify";
import { isAutoRolloverOn, dueAutoRolloverDays, nextAutoRollover } from "../../shared/rules/auto-rollover.ts";
import { addDays, todayInZone } from "../../shared/rules/dates.ts";
import type { Db } from "../db/database.ts";
import { rolloverService } from "../modules/rollover/rollover.service.ts";
import { autoRolloverRepository, type DueUser } from "../modules/rollover/auto-rollover.repository.ts";

/** Users claimed per round trip; a tick takes rounds until no due user is left. */
const DEFAULT_BATCH_SIZE = 200;
/** How long a claim keeps other schedulers off a user; a scheduler that died is replaced after it. */
const DEFAULT_LEASE_MS = 5 * 60_000;

export interface AutoRolloverJobOptions {
  db: Db;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "error" | "info">;
  batchSize?: number;
  leaseMs?: number;
}

export interface AutoRolloverTickResult {
  /** Due users handled by this tick. */
  users: number;
  /** Days closed (a summary stored) by this tick. */
  closedDays: number;
}

export type AutoRolloverJob = ReturnType<typeof autoRolloverJob>;

/** Runs `work` over `items`, at most `limit` at a time. */
async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function autoRolloverJob({ db, now, log, batchSize = DEFAULT_BATCH_SIZE, leaseMs = DEFAULT_LEASE_MS }: AutoRolloverJobOptions) {
  const rollover = rolloverService({ kysely: db.kysely, now });
  const repository = autoRolloverRepository(db.kysely, db.dialect);
  // SQLite runs one statement at a time anyway; PostgreSQL gets a few of the pool's 10 connections.
  const concurrency = db.dialect === "postgres" ? 4 : 1;

  /** Closes the user's due days, oldest first, then moves their slot to the next day to close. */
  async function runForUser(user: DueUser, leaseUntil: string): Promise<number> {
    const at = now();
    const settings = await rollover.getSettings(user.id);
    const isOn = isAutoRolloverOn(settings);
    let closedDays = 0;
    if (isOn && user.autoRolloverDay !== null) {
      const due = dueAutoRolloverDays(user.autoRolloverDay, settings, user.timeZone, at);
      // Closed days as far back as the catch-up reaches are closed again when tasks were added to them since.
      const from = addDays(todayInZone(at, user.timeZone), -settings.maxRolloverDays);
      closedDays = await rollover.closeDaysAutomatically(user.id, from, due, settings);
    }
    const next = isOn ? nextAutoRollover(settings.autoRolloverTime, user.timeZone, at) : null;
    await repository.moveSlot(user.id, leaseUntil, next && { day: next.day, at: next.at.toISOString() });
    return closedDays;
  }

  return {
    /** One tick: every user whose rollover is due now, a batch at a time. */
    async runDueRollovers(): Promise<AutoRolloverTickResult> {
      const result: AutoRolloverTickResult = { users: 0, closedDays: 0 };
      for (;;) {
        const at = now();
        const leaseUntil = new Date(at.getTime() + leaseMs).toISOString();
        const due = await repository.claimDueUsers(at.toISOString(), batchSize, leaseUntil);
        await forEachConcurrently(due, concurrency, async (user) => {
          try {
            // Awaited first: `+= await` would read the total before the wait and lose concurrent adds.
            const closedDays = await runForUser(user, leaseUntil);
            result.closedDays += closedDays;
          } catch (error) {
            // Left claimed: another tick retries the user when the lease ends.
            log.error({ err: error, userId: user.id }, "auto rollover failed for a user");
          }
        });
        result.users += due.length;
        if (due.length < batchSize) return result;
      }
    },
  };
}
